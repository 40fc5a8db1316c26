import { useRefresh } from 'react-admin'
import { saveAccount, type Account } from '../../session'
import { useApi } from '../api'

/**
 * Reloads the account payload (abilities, enabled plugins, organisation) after a change
 * that alters it, stores it, and lets react-admin refetch everything — the sidebar and the
 * plugin resources follow without a page reload.
 */
export function useRefreshAccount() {
  const api = useApi()
  const refresh = useRefresh()
  return async () => {
    const account = await api.get<Account>('/api/v1/account')
    saveAccount(account)
    refresh()
    return account
  }
}
