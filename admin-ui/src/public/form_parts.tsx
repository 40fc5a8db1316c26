/* Pieces shared by the public forms. */
import {
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Typography,
} from '@mui/material'
import { useState, type ReactNode } from 'react'
import { InputHelperText, Link, PasswordInput, TextInput, useInput, useTranslate } from 'react-admin'
import { errorText, submissionErrors } from './api'
import { validate } from './validation'

/** The "I accept the terms" checkbox (spec §5 "Terms must be accepted"). */
export function TermsCheckbox({ source = 'acceptTerms' }: { source?: string }) {
  const translate = useTranslate()
  const {
    id,
    field,
    fieldState: { error, invalid },
  } = useInput({ source, defaultValue: false, type: 'checkbox', validate: validate.acceptTerms })
  return (
    <FormGroup className={`ra-input ra-input-${source}`}>
      <FormControlLabel
        control={
          <Checkbox
            id={id}
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => {
              field.onChange(event.target.checked)
              field.onBlur()
            }}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': invalid ? `${id}-helper-text` : undefined } }}
          />
        }
        label={translate('affix.public.fields.accept_terms')}
      />
      {invalid ? (
        <FormHelperText id={`${id}-helper-text`} error>
          <InputHelperText error={error?.message} />
        </FormHelperText>
      ) : null}
    </FormGroup>
  )
}

/** The form's submit button, spinning while the request runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      color="primary"
      fullWidth
      size="large"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      sx={{ mt: 1 }}
    >
      {children}
    </Button>
  )
}

/** Link to /login, in the organisation's branding when one is known. */
export function BackToLogin({
  orgId = null,
  label = 'affix.public.actions.back_to_login',
}: {
  orgId?: number | null
  label?: string
}) {
  const translate = useTranslate()
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      <Link to={orgId ? `/login?orgId=${orgId}` : '/login'}>{translate(label)}</Link>
    </Typography>
  )
}

/**
 * Runs a form's request: field errors of a 422 go back to react-admin's form (shown under
 * the inputs), any other failure becomes the page's error text.
 */
export function useSubmit<V, R>(
  request: (values: V) => Promise<R>,
  onDone: (result: R, values: V) => void | Promise<void>
) {
  const translate = useTranslate()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = async (values: V) => {
    setBusy(true)
    setError(null)
    try {
      const result = await request(values)
      await onDone(result, values)
      setBusy(false)
      return undefined
    } catch (failure) {
      setBusy(false)
      const fieldErrors = submissionErrors(failure)
      if (fieldErrors) return fieldErrors
      setError(errorText(failure, translate))
      return undefined
    }
  }
  return { submit, busy, error }
}

/** Name, e-mail, password with confirmation and phone: the person part of every signup form. */
export function PersonFields({ autoFocus = false }: { autoFocus?: boolean }) {
  const translate = useTranslate()
  return (
    <>
      <TextInput
        source="name"
        autoComplete="name"
        autoFocus={autoFocus}
        label={translate('affix.public.fields.name')}
        validate={validate.name}
        fullWidth
      />
      <TextInput
        source="email"
        type="email"
        autoComplete="email"
        label={translate('affix.public.fields.email')}
        validate={validate.email}
        fullWidth
      />
      <PasswordInput
        source="password"
        autoComplete="new-password"
        label={translate('affix.public.fields.password')}
        validate={validate.newPassword}
        helperText={translate('affix.public.fields.password_hint')}
        fullWidth
      />
      <PasswordInput
        source="passwordConfirmation"
        autoComplete="new-password"
        label={translate('affix.public.fields.password_confirmation')}
        validate={validate.passwordConfirmation}
        fullWidth
      />
      <TextInput
        source="phone"
        type="tel"
        autoComplete="tel"
        label={translate('affix.public.fields.phone')}
        validate={validate.phone}
        fullWidth
      />
    </>
  )
}
