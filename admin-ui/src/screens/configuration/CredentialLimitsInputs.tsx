import { DateInput, TextArrayInput } from 'react-admin'

const todayIso = () => new Date().toISOString().slice(0, 10)

export const validateFutureDate = (value: unknown) =>
  value && String(value).slice(0, 10) < todayIso() ? 'affix.screens.api.expiry_past' : undefined

/** Expiry date and allowed IPs: the limits an API key and an OAuth app share (spec §3). */
export const CredentialLimitsInputs = () => (
  <>
    <DateInput
      source="expiresAt"
      label="affix.screens.api.fields.expiresAt"
      helperText="affix.screens.api.expiry_help"
      validate={validateFutureDate}
    />
    <TextArrayInput
      source="allowedIps"
      label="affix.screens.api.fields.allowedIps"
      helperText="affix.screens.api.ips_help"
      fullWidth
    />
  </>
)
