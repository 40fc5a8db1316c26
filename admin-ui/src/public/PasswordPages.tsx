/*
 * /password/forgot, /password/reset/:code (spec §2, §5) and /invitation/:code. The forgot
 * page shows the server's answer, which is the same whether the address exists or not; the
 * reset and invitation pages (the same form: both codes set the person's own password)
 * check the password rule before sending, and show the server's expired/used messages.
 */
import { Alert, Button, Typography } from '@mui/material'
import { useState } from 'react'
import { Form, Link, PasswordInput, TextInput, useParams, useTranslate } from 'react-admin'
import { usePublicApi } from './api'
import { ErrorNotice, PublicPage } from './branding'
import { BackToLogin, SubmitButton, useSubmit } from './form_parts'
import { useRedirectIfLoggedIn } from './LoginPage'
import { validate } from './validation'

export function ForgotPasswordPage() {
  const translate = useTranslate()
  const api = usePublicApi()
  const [answer, setAnswer] = useState<string | null>(null)
  const { submit, busy, error } = useSubmit(
    (values: { email?: string }) =>
      api<{ message: string }>('/api/v1/auth/password/forgot', {
        method: 'POST',
        body: { email: (values.email ?? '').trim() },
      }),
    ({ message }) => setAnswer(message)
  )
  useRedirectIfLoggedIn()

  return (
    <PublicPage title={translate('affix.public.forgot.title')}>
      {answer ? (
        <Alert severity="success">{answer}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">{translate('affix.public.forgot.hint')}</Typography>
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
            <SubmitButton busy={busy}>{translate('affix.public.forgot.submit')}</SubmitButton>
          </Form>
        </>
      )}
      <BackToLogin />
    </PublicPage>
  )
}

interface ResetValues {
  password?: string
  passwordConfirmation?: string
}

/** The set-password form of a mailed link: a reset, or an invitation to a panel an organisation created. */
export function ResetPasswordPage({ mode = 'reset' }: { mode?: 'reset' | 'invitation' }) {
  const translate = useTranslate()
  const text = (key: 'title' | 'submit' | 'done_title') =>
    translate(mode === 'invitation' ? `affix.public.invitation.${key}` : `affix.public.reset.${key}`)
  const api = usePublicApi()
  const { code = '' } = useParams<{ code: string }>()
  const [done, setDone] = useState<string | null>(null)
  const [codeError, setCodeError] = useState<string | null>(null)
  const { submit, busy, error } = useSubmit(
    (values: ResetValues) =>
      api<{ message: string }>('/api/v1/auth/password/reset', {
        method: 'POST',
        body: { code, password: values.password ?? '', passwordConfirmation: values.passwordConfirmation ?? '' },
      }),
    ({ message }) => setDone(message)
  )

  // An expired or used code is reported on the `code` field, which the form has not: it is
  // shown as the page's error with a way to ask for a new link.
  const submitWithCode = async (values: ResetValues) => {
    const errors = (await submit(values)) as Record<string, unknown> | undefined
    if (errors && typeof errors.code === 'string') {
      setCodeError(errors.code)
      return undefined
    }
    return errors
  }

  if (done) {
    return (
      <PublicPage title={text('done_title')}>
        <Alert severity="success">{done}</Alert>
        <Button component={Link} to="/login" variant="contained" fullWidth size="large">
          {translate('affix.public.reset.go_to_login')}
        </Button>
      </PublicPage>
    )
  }

  return (
    <PublicPage title={text('title')}>
      {codeError ? (
        <>
          <ErrorNotice>{codeError}</ErrorNotice>
          <Button component={Link} to="/password/forgot" variant="contained" fullWidth>
            {translate('affix.public.reset.request_new')}
          </Button>
        </>
      ) : (
        <>
          {mode === 'invitation' ? (
            <Typography color="text.secondary">{translate('affix.public.invitation.hint')}</Typography>
          ) : null}
          <Typography color="text.secondary">{translate('affix.public.fields.password_hint')}</Typography>
          {error ? <ErrorNotice>{error}</ErrorNotice> : null}
          <Form onSubmit={submitWithCode} noValidate>
            <PasswordInput
              source="password"
              autoComplete="new-password"
              autoFocus
              label={translate('affix.public.fields.new_password')}
              validate={validate.newPassword}
              fullWidth
            />
            <PasswordInput
              source="passwordConfirmation"
              autoComplete="new-password"
              label={translate('affix.public.fields.password_confirmation')}
              validate={validate.passwordConfirmation}
              fullWidth
            />
            <SubmitButton busy={busy}>{text('submit')}</SubmitButton>
          </Form>
        </>
      )}
      <BackToLogin />
    </PublicPage>
  )
}
