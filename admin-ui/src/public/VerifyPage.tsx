/*
 * /auth/verify/:token (spec §2 account verification): POST /api/v1/auth/verify. An
 * account link (registration) activates the panel and answers a Session: the person is
 * logged in and sent home. An e-mail link answers a message, shown with a link home. An
 * invalid, used or expired link shows the server's message and a form to mail a new one.
 */
import { Alert, Button, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { Form, Link, TextInput, useParams, useTranslate } from 'react-admin'
import type { Session } from '../session'
import { errorText, isSession, usePublicApi, useStartSession, type PublicApi } from './api'
import { ErrorNotice, PublicPage, Waiting } from './branding'
import { BackToLogin, SubmitButton, useSubmit } from './form_parts'
import { validate } from './validation'

export type VerificationResult = { kind: 'session'; session: Session } | { kind: 'message'; message: string }

/**
 * A link works once: a second request (React's development double effects, a remount)
 * must reuse the first answer rather than spend the link again.
 */
const verifications = new Map<string, Promise<VerificationResult>>()

export function verifyLink(token: string, api: PublicApi): Promise<VerificationResult> {
  let pending = verifications.get(token)
  if (!pending) {
    pending = api<Session | { message: string }>('/api/v1/auth/verify', { method: 'POST', body: { token } }).then(
      (answer): VerificationResult =>
        isSession(answer) ? { kind: 'session', session: answer } : { kind: 'message', message: answer.message }
    )
    verifications.set(token, pending)
  }
  return pending
}

/** POST /api/v1/auth/verify/email: a new activation link; the answer is the same for unknown addresses. */
export function ResendVerificationForm({ email = '' }: { email?: string }) {
  const translate = useTranslate()
  const api = usePublicApi()
  const [sent, setSent] = useState<string | null>(null)
  const { submit, busy, error } = useSubmit(
    (values: { email?: string }) =>
      api<{ message: string }>('/api/v1/auth/verify/email', {
        method: 'POST',
        body: { email: (values.email ?? '').trim() },
      }),
    ({ message }) => setSent(message)
  )
  if (sent) return <Alert severity="info">{sent}</Alert>
  return (
    <>
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      <Form onSubmit={submit} defaultValues={{ email }} noValidate>
        <TextInput
          source="email"
          type="email"
          autoComplete="email"
          label={translate('affix.public.fields.email')}
          validate={validate.email}
          fullWidth
        />
        <SubmitButton busy={busy}>{translate('affix.public.verify.resend_submit')}</SubmitButton>
      </Form>
    </>
  )
}

export function VerifyPage() {
  const translate = useTranslate()
  const api = usePublicApi()
  const startSession = useStartSession()
  const { token = '' } = useParams<{ token: string }>()
  const [state, setState] = useState<{ message?: string; error?: string } | null>(null)

  useEffect(() => {
    let live = true
    verifyLink(token, api)
      .then(async (result) => {
        if (!live) return
        if (result.kind === 'session') await startSession(result.session, '/')
        else setState({ message: result.message })
      })
      .catch((failure) => live && setState({ error: errorText(failure, translate) }))
    return () => {
      live = false
    }
  }, [token])

  if (state?.message) {
    return (
      <PublicPage title={translate('affix.public.verify.verified_title')}>
        <Alert severity="success">{state.message}</Alert>
        <Button component={Link} to="/" variant="contained" fullWidth>
          {translate('affix.public.actions.back_to_home')}
        </Button>
      </PublicPage>
    )
  }
  if (state?.error) {
    return (
      <PublicPage title={translate('affix.public.verify.failed_title')}>
        <ErrorNotice>{state.error}</ErrorNotice>
        <Typography variant="h6" component="h2">
          {translate('affix.public.verify.resend_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('affix.public.verify.resend_hint')}
        </Typography>
        <ResendVerificationForm />
        <BackToLogin />
      </PublicPage>
    )
  }
  return (
    <PublicPage>
      <Waiting text={translate('affix.public.verify.verifying')} />
    </PublicPage>
  )
}
