/*
 * /auth/verify/google (spec §2 third-party sign-in verification): the OpenID Connect
 * provider sends the browser back here with code and state (and iss, RFC 9207). They are
 * traded for a Session by POST /api/v1/auth/oidc/login; the person is logged in and sent
 * home, or picks a panel first when the address holds several. Errors (the provider's own
 * `error`, or the server's) are shown with a link back to /login.
 */
import { useEffect, useState } from 'react'
import { useLocation, useTranslate } from 'react-admin'
import {
  BackToLogin,
  errorText,
  ErrorNotice,
  needsPanelChoice,
  PanelChooser,
  PublicPage,
  usePublicApi,
  useStartSession,
  Waiting,
  type PublicApi,
  type Session,
} from '@affix/admin-ui/plugin-api'

export type OidcCallback =
  | { kind: 'login'; body: { code: string; state: string; iss?: string } }
  | { kind: 'provider_error'; message: string }
  | { kind: 'missing' }

/** What the provider's redirect carries (RFC 6749 §4.1.2: code and state, or error and error_description). */
export function readOidcCallback(search: string): OidcCallback {
  const query = new URLSearchParams(search)
  const providerError = query.get('error')
  if (providerError) return { kind: 'provider_error', message: query.get('error_description') || providerError }
  const code = query.get('code')
  const state = query.get('state')
  if (!code || !state) return { kind: 'missing' }
  const iss = query.get('iss')
  return { kind: 'login', body: { code, state, ...(iss ? { iss } : {}) } }
}

/**
 * The state of the sign-in this browser started (kept for the trip to the provider). A
 * callback with any other state was started elsewhere — e.g. an attacker's link meant to
 * log this browser into the attacker's panel (login CSRF) — and is refused here.
 */
export const OIDC_STATE_KEY = 'oidcState'

export function rememberOidcState(state: string) {
  sessionStorage.setItem(OIDC_STATE_KEY, state)
}

/** True once for the state this browser started; the stored state is used up either way. */
export function takeOidcState(state: string): boolean {
  const started = sessionStorage.getItem(OIDC_STATE_KEY)
  sessionStorage.removeItem(OIDC_STATE_KEY)
  return started !== null && started === state
}

/** The code works once: a remount reuses the first exchange instead of spending it again. */
const exchanges = new Map<string, Promise<Session>>()

export function exchangeOidcCode(
  body: { code: string; state: string; iss?: string },
  api: PublicApi
): Promise<Session> {
  const key = `${body.state}:${body.code}`
  let pending = exchanges.get(key)
  if (!pending) {
    pending = api<Session>('/api/v1/auth/oidc/login', { method: 'POST', body })
    exchanges.set(key, pending)
  }
  return pending
}

export function OidcCallbackPage() {
  const translate = useTranslate()
  const api = usePublicApi()
  const startSession = useStartSession()
  const location = useLocation()
  const [error, setError] = useState<string | null>(null)
  const [choice, setChoice] = useState<Session | null>(null)

  useEffect(() => {
    const callback = readOidcCallback(location.search)
    if (callback.kind === 'provider_error') return setError(callback.message)
    if (callback.kind === 'missing') return setError(translate('oidc.callback.missing_code'))
    const known = exchanges.has(`${callback.body.state}:${callback.body.code}`)
    if (!known && !takeOidcState(callback.body.state)) return setError(translate('oidc.callback.foreign_state'))
    let live = true
    exchangeOidcCode(callback.body, api)
      .then(async (session) => {
        if (!live) return
        if (needsPanelChoice(session.panels)) setChoice(session)
        else await startSession(session, '/')
      })
      .catch((failure) => live && setError(errorText(failure, translate)))
    return () => {
      live = false
    }
    // The query is read once: the page replaces itself when done.
  }, [])

  if (error) {
    return (
      <PublicPage title={translate('oidc.callback.failed_title')}>
        <ErrorNotice>{error}</ErrorNotice>
        <BackToLogin />
      </PublicPage>
    )
  }
  if (choice) {
    return (
      <PublicPage title={translate('affix.public.panels.title')}>
        <PanelChooser
          panels={choice.panels!}
          token={choice.token}
          onChosen={(session) => startSession(session ?? choice, '/')}
        />
      </PublicPage>
    )
  }
  return (
    <PublicPage>
      <Waiting text={translate('oidc.callback.signing_in')} />
    </PublicPage>
  )
}
