/*
 * The server's own rules (spec §5), checked in the form first so most mistakes are caught
 * before a round trip; the server stays the authority and its messages still show. (Phone
 * numbers are left to the server: its "Invalid phone number" comes in the UI language.)
 */
import { email, maxLength, minValue, maxValue, regex, required } from 'react-admin'

export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[#?!@$%^&*-]).{8,32}$/

export const validatePassword = regex(PASSWORD_RULE, 'affix.screens.validation.password')
export const validateText = maxLength(350)
export const requiredText = [required(), maxLength(350)]
export const requiredEmail = [required(), email(), maxLength(254)]
export const reportDays = [required(), minValue(1), maxValue(365)]

/**
 * The confirmation equals the password ("Passwords must match"). An input validator, not a
 * form one: react-hook-form ignores the inputs' own rules once a form-level check is given.
 */
export const matchesPassword = (value: unknown, values: { password?: string | null }) =>
  (values?.password || value) && value !== values?.password ? 'affix.screens.validation.passwords_match' : undefined

/** Empty strings as null, so clearing an optional field clears it on the server. */
export function emptyToNull<T extends Record<string, unknown>>(values: T, keys: Array<keyof T>): T {
  const copy = { ...values }
  for (const key of keys) if (copy[key] === '' || copy[key] === undefined) copy[key] = null as T[keyof T]
  return copy
}
