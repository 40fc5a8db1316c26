/*
 * /login (spec §2): e-mail and password through react-admin's useLogin (the auth provider
 * stores the Session), the language menu, "Forgot password?", the plugins' login actions
 * (sign-in with the OpenID Connect provider when the server has one), and the panel chooser when the address holds
 * panels in several organisations. ?orgId= brands the page for that organisation and opens
 * its panel. A visitor who is already logged in is sent home.
 */
import { Stack, Typography } from '@mui/material'
import { useEffect, useRef, useState } from 'react'
import {
  Form,
  Link,
  PasswordInput,
  TextInput,
  useCheckAuth,
  useLocation,
  useLogin,
  useNavigate,
  useRedirect,
  useTranslate,
} from 'react-admin'
import { currentToken, type PanelSummary, type Session } from '../session'
import { errorText, needsPanelChoice, submissionErrors, usePublicApi, useStartSession } from './api'
import { ErrorNotice, PublicPage, parseOrgId } from './branding'
import { SubmitButton } from './form_parts'
import { PanelChooser } from './PanelChooser'
import { validate } from './validation'
import { installedPlugins } from '../plugins'

/** What installed plugins offer below the form (e.g. the oidc plugin's "Sign in with SSO"). */
const loginActions = installedPlugins.flatMap((plugin) => plugin.loginActions ?? [])

/** Sends a visitor who is already logged in to the home page (login-type pages, spec §2). */
export function useRedirectIfLoggedIn() {
  const checkAuth = useCheckAuth()
  const redirect = useRedirect()
  useEffect(() => {
    checkAuth({}, false)
      .then(() => redirect('/'))
      .catch(() => undefined)
    // Checked once, on arrival: a log-in made on this page navigates by itself.
  }, [])
}

interface LoginValues {
  email: string
  password: string
}

export function LoginPage() {
  const translate = useTranslate()
  const location = useLocation()
  const navigate = useNavigate()
  const login = useLogin()
  const api = usePublicApi()
  const startSession = useStartSession()
  const orgId = parseOrgId(new URLSearchParams(location.search).get('orgId'))
  // Where react-admin sent us from (kept before useLogin's navigation drops the location state).
  const nextPath = useRef(nextPathOf(location.state))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [choice, setChoice] = useState<{ panels: PanelSummary[]; token: string } | null>(null)
  useRedirectIfLoggedIn()

  const submit = async (values: Partial<LoginValues>) => {
    setBusy(true)
    setError(null)
    try {
      // Stay on this page after the log-in: the panel chooser may still be needed.
      const answer: unknown = await login(
        {
          email: (values.email ?? '').trim(),
          password: values.password ?? '',
          ...(orgId ? { organizationId: orgId } : {}),
        },
        location.pathname + location.search
      )
      const token = currentToken()
      // A white-label login (?orgId=) already says which organisation's panel to open.
      if (!orgId && token) {
        const panels = panelsOf(answer) ?? (await api<PanelSummary[]>('/api/v1/auth/panels', { token }).catch(() => []))
        if (needsPanelChoice(panels)) {
          setChoice({ panels, token })
          setBusy(false)
          return undefined
        }
      }
      navigate(nextPath.current, { replace: true })
    } catch (failure) {
      setBusy(false)
      const fieldErrors = submissionErrors(failure)
      if (fieldErrors) return fieldErrors
      setError(errorText(failure, translate))
    }
    return undefined
  }

  const chosen = async (session: Session | null) => {
    if (session) await startSession(session, nextPath.current)
    else navigate(nextPath.current, { replace: true })
  }

  if (choice) {
    return (
      <PublicPage title={translate('affix.public.panels.title')} orgId={orgId}>
        <PanelChooser panels={choice.panels} token={choice.token} onChosen={chosen} />
      </PublicPage>
    )
  }

  return (
    <PublicPage title={translate('affix.public.login.title')} orgId={orgId}>
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      <Form onSubmit={submit} noValidate>
        <TextInput
          source="email"
          type="email"
          autoComplete="email"
          autoFocus
          label={translate('affix.public.fields.email')}
          validate={validate.email}
          fullWidth
        />
        <PasswordInput
          source="password"
          autoComplete="current-password"
          label={translate('affix.public.fields.password')}
          validate={validate.loginPassword}
          fullWidth
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
          <Link to="/password/forgot">{translate('affix.public.login.forgot_password')}</Link>
        </Stack>
        <SubmitButton busy={busy}>{translate('affix.public.login.sign_in')}</SubmitButton>
      </Form>
      {loginActions.map((LoginAction, index) => (
        <LoginAction key={index} onError={setError} />
      ))}
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {orgId ? (
          <Link to={`/register/affiliate/${orgId}`}>{translate('affix.public.login.no_account_affiliate')}</Link>
        ) : (
          <Link to="/register">{translate('affix.public.login.no_account')}</Link>
        )}
      </Typography>
    </PublicPage>
  )
}

function panelsOf(answer: unknown): PanelSummary[] | null {
  const panels = (answer as { panels?: unknown } | null | undefined)?.panels
  return Array.isArray(panels) ? (panels as PanelSummary[]) : null
}

/** react-admin's "log in to see this page" location (state.nextPathname), else home. */
function nextPathOf(state: unknown): string {
  const { nextPathname, nextSearch } = (state ?? {}) as { nextPathname?: string; nextSearch?: string }
  return nextPathname && nextPathname.startsWith('/') && !nextPathname.startsWith('//')
    ? nextPathname + (nextSearch ?? '')
    : '/'
}
