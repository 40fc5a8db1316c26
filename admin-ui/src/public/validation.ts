/*
 * Client-side checks of the public forms, mirroring the server's rules (spec §5; core
 * app/kernel/validation.ts) so most mistakes show before a round trip. The server stays
 * the authority: its 422 field errors land on the same inputs.
 */
import { email, maxLength, required, type Validator } from 'react-admin'

/** Spec §5: 8 to 32 characters, at least one letter, one number and one of #?!@$%^&*-. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[#?!@$%^&*-]).{8,32}$/
export const PHONE_RULE = /^\+?[0-9][0-9 ().-]{4,22}[0-9]$/
/** Spec §9: text fields hold at most 350 characters. */
export const TEXT_MAX = 350

export const isValidPassword = (value: unknown): boolean => typeof value === 'string' && PASSWORD_RULE.test(value)

const passwordRule: Validator = (value) =>
  value === undefined || value === null || value === '' || isValidPassword(value)
    ? undefined
    : 'affix.public.validation.password'

/** The confirmation input: equal to the form's `password`. */
export const passwordsMatch: Validator = (value, allValues) =>
  (value ?? '') === (allValues?.password ?? '') ? undefined : 'affix.public.validation.passwords_match'

const phoneRule: Validator = (value) =>
  typeof value !== 'string' || value.trim() === '' || PHONE_RULE.test(value.trim())
    ? undefined
    : 'affix.public.validation.phone'

const termsAccepted: Validator = (value) => (value === true ? undefined : 'affix.public.validation.terms')

export const validate = {
  email: [required(), email(), maxLength(254)],
  loginPassword: [required()],
  newPassword: [required(), passwordRule],
  passwordConfirmation: [required(), passwordsMatch],
  name: [required(), maxLength(TEXT_MAX)],
  phone: [phoneRule],
  acceptTerms: [termsAccepted],
}
