/*
 * The login page's "Sign in with SSO" (AdminPlugin.loginActions): shown only when
 * GET /api/v1/auth/oidc/url says a provider is configured; it remembers the state of the
 * sign-in it starts (checked again on the callback page) and sends the browser to the provider.
 */
import { Button, Divider } from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslate } from 'react-admin'
import { errorText, usePublicApi, type LoginActionProps } from '@affix/admin-ui/plugin-api'
import { rememberOidcState } from './OidcCallbackPage'

interface OidcStart {
  configured: boolean
  url?: string
  state?: string
}

/** The provider's sign-in URL carries a state valid 10 minutes: an older one is fetched again. */
const OIDC_URL_MAX_AGE_MS = 5 * 60 * 1000

/** The "Sign in with SSO" button, shown only when GET /auth/oidc/url says a provider is configured. */
export function OidcButton({ onError }: LoginActionProps) {
  const translate = useTranslate()
  const api = usePublicApi()
  const [start, setStart] = useState<{ url: string; state: string; at: number } | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    api<OidcStart>('/api/v1/auth/oidc/url')
      .then(({ configured, url, state }) => {
        if (live && configured && url && state) setStart({ url, state, at: Date.now() })
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])

  if (!start) return null
  const freshStart = async () => {
    const { configured, url, state } = await api<OidcStart>('/api/v1/auth/oidc/url')
    return configured && url && state ? { url, state } : null
  }
  const go = async () => {
    setBusy(true)
    try {
      const current = Date.now() - start.at < OIDC_URL_MAX_AGE_MS ? start : await freshStart()
      if (!current) throw new Error(translate('oidc.login.not_configured'))
      rememberOidcState(current.state)
      window.location.assign(current.url)
    } catch (error) {
      onError(errorText(error, translate))
      setBusy(false)
    }
  }
  return (
    <>
      <Divider>{translate('oidc.login.or')}</Divider>
      <Button variant="outlined" fullWidth size="large" onClick={go} disabled={busy}>
        {translate('oidc.login.button')}
      </Button>
    </>
  )
}
