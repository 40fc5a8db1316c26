/*
 * react-admin's store (localStorage), with two changes: logout (store reset) keeps the
 * language choice (spec §9 "the choice is persisted"), and the sidebar starts in the
 * remembered collapse state (spec §2) instead of react-admin's own default.
 */
import { localStorageStore, type Store } from 'react-admin'
import { initialSidebarOpen } from './sidebar_state'

const KEPT_ON_RESET = ['locale']

export function createAppStore(): Store {
  const store = localStorageStore()
  return {
    ...store,
    setup() {
      store.setup()
      store.setItem('sidebar.open', initialSidebarOpen())
    },
    reset() {
      const kept = KEPT_ON_RESET.map((key) => [key, store.getItem(key)] as const)
      store.reset()
      for (const [key, value] of kept) if (value !== undefined) store.setItem(key, value)
      store.setItem('sidebar.open', initialSidebarOpen())
    },
  }
}
