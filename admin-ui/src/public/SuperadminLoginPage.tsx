/*
 * /superadmin/login (spec §2): POST /api/v1/superuser/auth/login opens the person's
 * superadmin panel; the superadmin home is the accounts page.
 */
import { Form, PasswordInput, TextInput, useTranslate } from 'react-admin'
import type { Session } from '../session'
import { usePublicApi, useStartSession } from './api'
import { ErrorNotice, PublicPage } from './branding'
import { SubmitButton, useSubmit } from './form_parts'
import { useRedirectIfLoggedIn } from './LoginPage'
import { validate } from './validation'

export const SUPERADMIN_HOME = '/superadmin/accounts'

export function SuperadminLoginPage() {
  const translate = useTranslate()
  const api = usePublicApi()
  const startSession = useStartSession()
  const { submit, busy, error } = useSubmit(
    (values: { email?: string; password?: string }) =>
      api<Session>('/api/v1/superuser/auth/login', {
        method: 'POST',
        body: { email: (values.email ?? '').trim(), password: values.password ?? '' },
      }),
    (session) => startSession(session, SUPERADMIN_HOME)
  )
  useRedirectIfLoggedIn()

  return (
    <PublicPage title={translate('affix.public.superadmin.title')}>
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
        <SubmitButton busy={busy}>{translate('affix.public.login.sign_in')}</SubmitButton>
      </Form>
    </PublicPage>
  )
}
