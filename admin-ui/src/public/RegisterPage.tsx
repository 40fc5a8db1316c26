/*
 * /register (spec §2): an organisation and its owner sign up; the server mails a
 * single-use activation link (opened on /auth/verify/:token) and the page says to check
 * the mailbox, with a way to send the link again.
 */
import { Alert, Typography } from '@mui/material'
import { useState } from 'react'
import { AutocompleteInput, Form, TextInput, useTranslate } from 'react-admin'
import { useLanguage, usePublicApi } from './api'
import { PublicPage } from './branding'
import { BackToLogin, PersonFields, SubmitButton, TermsCheckbox, useSubmit } from './form_parts'
import { useRedirectIfLoggedIn } from './LoginPage'
import { ResendVerificationForm } from './VerifyPage'
import { validate } from './validation'

interface RegisterValues {
  organizationName?: string
  name?: string
  email?: string
  password?: string
  passwordConfirmation?: string
  phone?: string | null
  acceptTerms?: boolean
  timezone?: string | null
}

/** The browser's time zone: the choice offered first (the organisation's days, reports and periods follow it). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

const TIME_ZONES = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].map((zone) => ({
  id: zone,
  name: zone.replace(/_/g, ' '),
}))

export function toRegisterPayload(values: RegisterValues, language: string) {
  const phone = values.phone?.trim()
  return {
    organizationName: values.organizationName?.trim() ?? '',
    name: values.name?.trim() ?? '',
    email: values.email?.trim() ?? '',
    password: values.password ?? '',
    passwordConfirmation: values.passwordConfirmation ?? '',
    ...(phone ? { phone } : {}),
    acceptTerms: values.acceptTerms === true,
    language,
    // Always sent: an organisation never gets UTC without anyone choosing it.
    timezone: values.timezone || browserTimeZone(),
  }
}

export function RegisterPage() {
  const translate = useTranslate()
  const api = usePublicApi()
  const language = useLanguage()
  const [registered, setRegistered] = useState<{ message: string; email: string } | null>(null)
  const { submit, busy, error } = useSubmit(
    (values: RegisterValues) =>
      api<{ message: string }>('/api/v1/auth/register', { method: 'POST', body: toRegisterPayload(values, language) }),
    ({ message }, values) => setRegistered({ message, email: values.email?.trim() ?? '' })
  )
  useRedirectIfLoggedIn()

  if (registered) {
    return (
      <PublicPage title={translate('affix.public.register.check_email')}>
        <Alert severity="success">{registered.message}</Alert>
        <Typography variant="body2" color="text.secondary">
          {translate('affix.public.register.not_received')}
        </Typography>
        <ResendVerificationForm email={registered.email} />
        <BackToLogin />
      </PublicPage>
    )
  }

  return (
    <PublicPage title={translate('affix.public.register.title')} width={520}>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Form onSubmit={submit} noValidate>
        <TextInput
          source="organizationName"
          autoFocus
          autoComplete="organization"
          label={translate('affix.public.fields.organization_name')}
          validate={validate.name}
          fullWidth
        />
        <AutocompleteInput
          source="timezone"
          choices={TIME_ZONES}
          defaultValue={browserTimeZone()}
          label={translate('affix.public.fields.timezone')}
          fullWidth
        />
        <PersonFields />
        <TermsCheckbox />
        <SubmitButton busy={busy}>{translate('affix.public.register.submit')}</SubmitButton>
      </Form>
      <BackToLogin label="affix.public.register.have_account" />
    </PublicPage>
  )
}
