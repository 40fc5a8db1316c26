/*
 * /auth/login/:suToken/:uid/:resource (spec §2 login-as): an admin's screen opened this tab
 * with a token minted by POST /api/v1/auth/login-as for user :uid. The token becomes the
 * session of the target's panel (GET /api/v1/account with it gives the account),
 * loggedInFromAdmin marks the session as an admin's visit, and the tab opens /:resource
 * (home for "home"). The URL carrying the token is replaced in the history.
 */
import { useEffect, useState } from 'react'
import { useParams, useTranslate } from 'react-admin'
import { LOGGED_IN_FROM_ADMIN_KEY, type Account, type Session } from '../session'
import { errorText, usePublicApi, useStartSession, type PublicApi } from './api'
import { ErrorNotice, PublicPage, Waiting } from './branding'
import { BackToLogin } from './form_parts'

export class WrongLoginAsUser extends Error {}

/** The page to open after the landing: /:resource, or home for "home" (or anything that is not a plain path segment). */
export function loginAsTarget(resource: string | undefined): string {
  if (!resource || resource === 'home' || !/^[A-Za-z0-9_-]+$/.test(resource)) return '/'
  return `/${resource}`
}

/** The Session of a login-as token: the account it acts as, checked against the expected user. */
export async function loginAsSession(token: string, uid: string, api: PublicApi): Promise<Session> {
  const account = await api<Account>('/api/v1/account', { token })
  if (String(account.user.id) !== uid) throw new WrongLoginAsUser()
  // The server does not say when a login-as token ends (8 hours); a 401 ends the session then.
  return { ...account, token, type: 'bearer', expiresAt: null }
}

export function LoginAsPage() {
  const translate = useTranslate()
  const api = usePublicApi()
  const startSession = useStartSession()
  const { suToken = '', uid = '', resource } = useParams<{ suToken: string; uid: string; resource: string }>()
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    loginAsSession(suToken, uid, api)
      .then((session) => {
        if (!live) return
        return startSession(session, loginAsTarget(resource), {
          beforeNavigate: () => localStorage.setItem(LOGGED_IN_FROM_ADMIN_KEY, 'true'),
        })
      })
      .catch((failure) => {
        if (!live) return
        setError(
          failure instanceof WrongLoginAsUser
            ? translate('affix.public.login_as.wrong_user')
            : errorText(failure, translate)
        )
      })
    return () => {
      live = false
    }
  }, [suToken, uid, resource])

  if (error) {
    return (
      <PublicPage title={translate('affix.public.login_as.failed_title')}>
        <ErrorNotice>{error}</ErrorNotice>
        <BackToLogin />
      </PublicPage>
    )
  }
  return (
    <PublicPage>
      <Waiting text={translate('affix.public.login_as.opening')} />
    </PublicPage>
  )
}
