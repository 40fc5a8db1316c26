import LoginIcon from '@mui/icons-material/Login'
import { useState } from 'react'
import { Button } from 'react-admin'
import type { Session } from '../session'
import { useApi, useNotifyError } from './api'

/** Roles a caller may log in as (spec §6): an admin → affiliate or brand; a superadmin → admin. */
export const LOGIN_AS_ROLES = ['affiliate', 'brand', 'admin'] as const

/** The landing page of the public area that stores a login-as session (spec §2). */
export const loginAsLandingPath = (token: string, userId: number, resource = 'home') =>
  `/auth/login/${encodeURIComponent(token)}/${userId}/${encodeURIComponent(resource)}`

/** A route of this app as a URL to open in another tab: behind `#` when the app routes by hash. */
export function appHref(path: string, location: Pick<Location, 'pathname' | 'hash'> = window.location): string {
  return location.hash.startsWith('#/') ? `${location.pathname}#${path}` : path
}

/**
 * "Login as": POST /api/v1/auth/login-as { userId } opens a session of the target (audited;
 * the caller keeps its own) in a new tab, through the public login-as landing page.
 */
export const LoginAsButton = ({
  userId,
  role,
  label = 'affix.screens.login_as.button',
}: {
  userId: number
  role: string
  label?: string
}) => {
  const api = useApi()
  const notifyError = useNotifyError()
  const [busy, setBusy] = useState(false)
  if (!(LOGIN_AS_ROLES as readonly string[]).includes(role)) return null

  const loginAs = async () => {
    // Opened before the request: a tab opened after an await counts as a pop-up and is blocked.
    const tab = window.open('about:blank', '_blank')
    setBusy(true)
    try {
      const session = await api.post<Session>('/api/v1/auth/login-as', { userId })
      const url = appHref(loginAsLandingPath(session.token, session.user.id))
      if (tab) tab.location.href = url
      else window.open(url, '_blank')
    } catch (error) {
      tab?.close()
      notifyError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button label={label} onClick={loginAs} disabled={busy}>
      <LoginIcon />
    </Button>
  )
}
