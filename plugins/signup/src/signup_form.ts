/*
 * An organisation's signup form (spec §3 "Signup form field", §4 auto approve): the settings
 * (stored by the kernel on the organisation: storedSignupSettings) and the checks applied to a
 * person's answers.
 */
import type { I18n } from '@adonisjs/i18n'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { storedSignupSettings, TEXT_MAX } from '@affix/core/kernel'
import type { SIGNUP_FIELD_TYPES, SIGNUP_VALIDATION_TYPES } from './validators.js'

export interface SignupField {
  /** Key of the answer in `fields` and in users.signup_details.answers. */
  name: string
  label: string
  type: (typeof SIGNUP_FIELD_TYPES)[number]
  required: boolean
  /** Hidden fields are not on the form: not shown, not required, answers refused. */
  hidden: boolean
  /** Select fields only. */
  options: string[] | null
  validation: {
    enabled: boolean
    type: (typeof SIGNUP_VALIDATION_TYPES)[number]
    /** Length bound for min/max; null for the character-class types. */
    value: number | null
    /** Shown instead of the generic message when the answer breaks a rule of this field. */
    message: string | null
  } | null
}

export interface SignupSettings {
  autoApprove: boolean
  fields: SignupField[]
}

export interface FieldError {
  field: string
  rule: string
  message: string
}

const CHARACTER_CLASSES = {
  numeric: /^[0-9]+$/,
  alphabets: /^[\p{L} ]+$/u,
  alphanumeric: /^[\p{L}0-9 ]+$/u,
} as const

type RawField = Partial<Omit<SignupField, 'validation'>> & {
  validation?: Partial<NonNullable<SignupField['validation']>> | null
}

/** Settings as stored, completed with defaults, so older or partial rows read the same. */
export function normalizeSignupSettings(
  raw: { autoApprove?: boolean; fields?: RawField[] } | null | undefined
): SignupSettings {
  return {
    autoApprove: raw?.autoApprove === true,
    fields: (raw?.fields ?? []).map((field) => ({
      name: String(field.name),
      label: String(field.label ?? field.name),
      type: field.type ?? 'text',
      required: field.required === true,
      hidden: field.hidden === true,
      options: field.type === 'select' ? (field.options ?? []) : null,
      validation: field.validation?.type
        ? {
            enabled: field.validation.enabled === true,
            type: field.validation.type,
            value:
              field.validation.type === 'min' || field.validation.type === 'max'
                ? (field.validation.value ?? null)
                : null,
            message: field.validation.message || null,
          }
        : null,
    })),
  }
}

export async function signupSettingsOf(organizationId: number, client?: TransactionClientContract) {
  const stored = (await storedSignupSettings(organizationId, client)) as Parameters<typeof normalizeSignupSettings>[0]
  return normalizeSignupSettings(stored)
}

/** Rules between the parts of a field that the validator cannot express. */
export function signupSettingsErrors(settings: { fields: RawField[] }, i18n: I18n): FieldError[] {
  const errors: FieldError[] = []
  settings.fields.forEach((field, index) => {
    if (field.type === 'select' && !field.options?.length) {
      errors.push({
        field: `fields.${index}.options`,
        rule: 'requiredWhen',
        message: i18n.t('signup.settings.options_required'),
      })
    }
    if (field.type !== 'select' && field.options !== undefined) {
      errors.push({
        field: `fields.${index}.options`,
        rule: 'notAllowed',
        message: i18n.t('signup.settings.options_select_only'),
      })
    }
    const validation = field.validation
    if (validation && (validation.type === 'min' || validation.type === 'max') && validation.value === undefined) {
      errors.push({
        field: `fields.${index}.validation.value`,
        rule: 'requiredWhen',
        message: i18n.t('signup.settings.value_required'),
      })
    }
  })
  return errors
}

/**
 * Checks the answers to the visible custom fields: unknown names are refused, required ones
 * must be given, text is at most TEXT_MAX characters, select answers are one of the options,
 * the type's character class and the enabled validation (min/max length, class) hold.
 * One error per field; the field's own message wins over the generic one.
 */
export function checkAnswers(fields: SignupField[], given: Record<string, unknown>, i18n: I18n) {
  const visible = new Map(fields.filter((field) => !field.hidden).map((field) => [field.name, field]))
  const errors: FieldError[] = []
  const answers: Record<string, string> = {}
  for (const name of Object.keys(given)) {
    if (!visible.has(name)) {
      errors.push({
        field: `fields.${name}`,
        rule: 'unknown',
        message: i18n.t('signup.custom_field.unknown', { field: name }),
      })
    }
  }
  for (const field of visible.values()) {
    const fail = (rule: string, generic: string, data: Record<string, unknown> = {}) =>
      errors.push({
        field: `fields.${field.name}`,
        rule,
        message: field.validation?.message ?? i18n.t(`signup.custom_field.${generic}`, { field: field.label, ...data }),
      })
    const raw = given[field.name]
    if (
      raw !== undefined &&
      raw !== null &&
      typeof raw !== 'string' &&
      !(typeof raw === 'number' && Number.isFinite(raw))
    ) {
      fail('string', 'invalid')
      continue
    }
    const value = raw === undefined || raw === null ? '' : String(raw).trim()
    if (!value) {
      if (field.required) {
        errors.push({
          field: `fields.${field.name}`,
          rule: 'required',
          message: i18n.t('signup.custom_field.required', { field: field.label }),
        })
      }
      continue
    }
    if (value.length > TEXT_MAX) {
      fail('maxLength', 'max_length', { max: TEXT_MAX })
      continue
    }
    if (field.type === 'select' && !field.options?.includes(value)) {
      fail('in', 'select')
      continue
    }
    if (
      field.type in CHARACTER_CLASSES &&
      !CHARACTER_CLASSES[field.type as keyof typeof CHARACTER_CLASSES].test(value)
    ) {
      fail(field.type, field.type)
      continue
    }
    const validation = field.validation
    if (validation?.enabled) {
      if (validation.type === 'min' && validation.value !== null && value.length < validation.value) {
        fail('minLength', 'min', { min: validation.value })
        continue
      }
      if (validation.type === 'max' && validation.value !== null && value.length > validation.value) {
        fail('maxLength', 'max', { max: validation.value })
        continue
      }
      if (
        validation.type in CHARACTER_CLASSES &&
        !CHARACTER_CLASSES[validation.type as keyof typeof CHARACTER_CLASSES].test(value)
      ) {
        fail(validation.type, validation.type)
        continue
      }
    }
    answers[field.name] = value
  }
  return { errors, answers }
}

/** The public view of the form: visible fields only, without internal flags. */
export function publicFields(settings: SignupSettings) {
  return settings.fields
    .filter((field) => !field.hidden)
    .map(({ name, label, type, required, options, validation }) => ({
      name,
      label,
      type,
      required,
      options,
      validation: validation?.enabled
        ? { type: validation.type, value: validation.value, message: validation.message }
        : null,
    }))
}
