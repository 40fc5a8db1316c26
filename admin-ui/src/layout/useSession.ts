/*
 * React access to the session of session.ts: re-renders when this tab or another one
 * logs in, switches panel, picks a child organisation or refreshes the account.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useDataProvider } from 'react-admin'
import type { AffixDataProvider } from '../plugin_api'
import { COID_KEY, currentPanel, PANEL_KEY, saveAccount, subscribeSession, type Account } from '../session'

/** A string (stable between calls while nothing changed), as useSyncExternalStore needs. */
const snapshot = () => {
  const panel = currentPanel()
  return JSON.stringify([
    localStorage.getItem(PANEL_KEY),
    localStorage.getItem(COID_KEY),
    panel ? localStorage.getItem(`${panel}Account`) : null,
  ])
}

/** The current panel's account and the chosen child organisation (coid). */
export function useSession(): { account: Account | null; coid: number | null } {
  const raw = useSyncExternalStore(subscribeSession, snapshot, () => '[null,null,null]')
  return useMemo(() => {
    const [, coid, account] = JSON.parse(raw) as [string | null, string | null, string | null]
    let parsed: Account | null = null
    try {
      parsed = account ? (JSON.parse(account) as Account) : null
    } catch {
      parsed = null
    }
    return { account: parsed, coid: coid ? Number(coid) || null : null }
  }, [raw])
}

export const useAccount = () => useSession().account

/**
 * Reloads GET /api/v1/account into the session and lets react-admin recompute permissions
 * and resources: e.g. after enabling a plugin, the sidebar follows without a page reload.
 */
export function useRefreshAccount() {
  const dataProvider = useDataProvider<AffixDataProvider>()
  const queryClient = useQueryClient()
  return useCallback(async () => {
    const { data } = await dataProvider.request<Account>('/api/v1/account', { skipCache: true })
    if (data && 'user' in data) saveAccount(data)
    await queryClient.invalidateQueries({ queryKey: ['auth'] })
    return data
  }, [dataProvider, queryClient])
}
