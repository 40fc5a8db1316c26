/* Test harness of the screens: react-admin's context with the app's real messages and given abilities. */
import { cleanup, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { AdminContext, HttpError, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin'
import { afterEach } from 'vitest'
import { createI18nProvider } from '../../src/i18n_provider'
import type { Ability, Permissions } from '../../src/plugin_api'
import { installedPlugins } from '../../src/plugins'

afterEach(cleanup)

export const ADMIN_ABILITIES: Ability[] = [
  'account',
  'organization',
  'team_members',
  'settings',
  'plugins',
  'imports',
  'api_keys',
  'oauth_apps',
  'brands',
  'products',
].map((subject) => ({ subject, action: 'manage' }))

export function renderScreen(
  ui: ReactNode,
  {
    abilities = ADMIN_ABILITIES,
    enabledPlugins = ['brands', 'team-members'],
    initialEntries = ['/'],
    dataProvider = fakeDataProvider({}),
    locationCallback,
    identity = { id: 1, fullName: 'Demo Admin' },
  }: {
    /** The signed-in panel (`role: 'affiliate'` for an affiliate's screens). */
    identity?: { id: number; fullName: string; role?: string }
    abilities?: Ability[]
    enabledPlugins?: string[]
    initialEntries?: string[]
    dataProvider?: DataProvider
    locationCallback?: (location: { pathname: string; search: string }) => void
  } = {}
) {
  const permissions: Permissions = { abilities, enabledPlugins, superuser: false }
  const authProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
    getIdentity: async () => identity,
  }
  return render(
    <TestMemoryRouter initialEntries={initialEntries} locationCallback={locationCallback as never}>
      <AdminContext
        i18nProvider={createI18nProvider(installedPlugins, 'en')}
        authProvider={authProvider}
        dataProvider={dataProvider}
      >
        {ui}
      </AdminContext>
    </TestMemoryRouter>
  )
}

/**
 * A data provider whose `request` (the screens' API calls) answers the given paths and
 * fails with a 404 for any other; lists are empty.
 */
export function fakeDataProvider(routes: Record<string, unknown>): DataProvider {
  return testDataProvider({
    getList: async () => ({ data: [], total: 0 }) as never,
    request: async (path: string) => {
      const pathname = path.split('?')[0]
      if (pathname in routes) return { data: routes[pathname], headers: new Headers(), status: 200 }
      throw new HttpError('Not found', 404, { message: 'Not found' })
    },
  } as Partial<DataProvider>)
}
