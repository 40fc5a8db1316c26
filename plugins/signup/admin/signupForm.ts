/*
 * The organisation's signup form as the public page gets it, and the client-side checks of
 * its custom fields, mirroring the server's rules (the plugin's signup_form.ts) so most
 * mistakes show before a round trip. The server stays the authority: its 422 field errors
 * land on the same inputs.
 */
import type { Validator } from 'react-admin'

/** Spec §9: text fields hold at most 350 characters. */
export const TEXT_MAX = 350

export type SignupFieldType = 'text' | 'file' | 'select' | 'alphanumeric' | 'numeric' | 'alphabets' | 'custom'
type CharacterClass = 'numeric' | 'alphabets' | 'alphanumeric'

/** A visible custom field, as GET /api/v1/signup/affiliate/:orgId describes it. */
export interface SignupField {
  name: string
  label: string
  type: SignupFieldType
  required: boolean
  options?: string[] | null
  /** Only enabled validations are published. */
  validation?: { type: 'min' | 'max' | CharacterClass; value: number | null; message: string | null } | null
}

export interface SignupForm {
  type: 'affiliate' | 'brand'
  organizationId: number
  organizationName: string
  themeColor: string
  language?: string
  campaignId: number | null
  fields: SignupField[]
}

/** The same classes as the server's (Unicode letters, so "José" is alphabetic). */
const CHARACTER_CLASSES: Record<CharacterClass, RegExp> = {
  numeric: /^[0-9]+$/,
  alphabets: /^[\p{L} ]+$/u,
  alphanumeric: /^[\p{L}0-9 ]+$/u,
}

const isCharacterClass = (type: string): type is CharacterClass => type in CHARACTER_CLASSES

/** The form path of a custom field's answer: the signup body carries them in `fields`, by name. */
export const customFieldSource = (field: Pick<SignupField, 'name'>) => `fields.${field.name}`

type Failure = { message: string; args: Record<string, unknown> }

/**
 * The first rule a custom-field answer breaks, in the server's order: required, length cap,
 * select option, the type's character class, then the field's own validation. A field's own
 * message replaces the generic one for every rule but "required" (as on the server).
 */
export function checkCustomField(field: SignupField, raw: unknown): Failure | undefined {
  const value = raw === undefined || raw === null ? '' : String(raw).trim()
  const fail = (key: string, args: Record<string, unknown> = {}): Failure =>
    field.validation?.message
      ? { message: field.validation.message, args: { _: field.validation.message } }
      : { message: `signup.custom_field.${key}`, args: { field: field.label, ...args } }
  if (!value) {
    return field.required ? { message: 'signup.custom_field.required', args: { field: field.label } } : undefined
  }
  if (value.length > TEXT_MAX) return fail('max_length', { max: TEXT_MAX })
  if (field.type === 'select' && !(field.options ?? []).includes(value)) return fail('select')
  if (isCharacterClass(field.type) && !CHARACTER_CLASSES[field.type].test(value)) return fail(field.type)
  const rule = field.validation
  if (rule) {
    if (rule.type === 'min' && rule.value !== null && value.length < rule.value) return fail('min', { min: rule.value })
    if (rule.type === 'max' && rule.value !== null && value.length > rule.value) return fail('max', { max: rule.value })
    if (isCharacterClass(rule.type) && !CHARACTER_CLASSES[rule.type].test(value)) return fail(rule.type)
  }
  return undefined
}

/** A react-admin validator for one custom field. */
export const customFieldValidator =
  (field: SignupField): Validator =>
  (value) =>
    checkCustomField(field, value)

export interface SignupValues {
  name?: string
  email?: string
  password?: string
  passwordConfirmation?: string
  phone?: string | null
  acceptTerms?: boolean
  fields?: Record<string, unknown>
}

/** The body of POST /api/v1/signup/...: trimmed answers of the form's own custom fields only. */
export function toSignupPayload(values: SignupValues, fields: SignupField[], language: string) {
  const answers: Record<string, string> = {}
  for (const field of fields) {
    const raw = values.fields?.[field.name]
    if (raw !== undefined && raw !== null && String(raw).trim() !== '') answers[field.name] = String(raw).trim()
  }
  const phone = values.phone?.trim()
  return {
    name: values.name?.trim() ?? '',
    email: values.email?.trim() ?? '',
    password: values.password ?? '',
    passwordConfirmation: values.passwordConfirmation ?? '',
    ...(phone ? { phone } : {}),
    acceptTerms: values.acceptTerms === true,
    language,
    ...(fields.length ? { fields: answers } : {}),
  }
}
