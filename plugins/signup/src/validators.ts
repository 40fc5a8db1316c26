import vine from '@vinejs/vine'
import { PASSWORD_RULE, PHONE_RULE, TEXT_MAX, text } from '@affix/core/kernel'

export const SIGNUP_FIELD_TYPES = ['text', 'file', 'select', 'alphanumeric', 'numeric', 'alphabets', 'custom'] as const
export const SIGNUP_VALIDATION_TYPES = ['min', 'max', 'alphanumeric', 'numeric', 'alphabets'] as const
export const MAX_SIGNUP_FIELDS = 50
export const MAX_SELECT_OPTIONS = 100

const email = () => vine.string().trim().email().maxLength(254)
const password = () => vine.string().regex(PASSWORD_RULE).confirmed({ confirmationField: 'passwordConfirmation' })
const language = () => vine.enum(['en', 'pt', 'tr'] as const).optional()

/** The common part of an affiliate or brand signup; custom-field answers are checked by the service. */
export const signupValidator = vine.create({
  name: text().minLength(1),
  email: email(),
  password: password(),
  phone: vine.string().trim().regex(PHONE_RULE).optional(),
  acceptTerms: vine.accepted(),
  language: language(),
  /** Answers to the organisation's custom fields, by field name. */
  fields: vine.record(vine.any().optional()).optional(),
  /** Referral link: the id of the affiliate who referred this one (ignored unless a live affiliate of the organisation). */
  ref: vine.number().withoutDecimals().positive().optional(),
})

const signupField = vine.object({
  name: vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(64)
    .regex(/^[a-z0-9_]+$/),
  label: text().minLength(1),
  type: vine.enum(SIGNUP_FIELD_TYPES),
  required: vine.boolean().optional(),
  hidden: vine.boolean().optional(),
  options: vine.array(text().minLength(1)).minLength(1).maxLength(MAX_SELECT_OPTIONS).distinct().optional(),
  validation: vine
    .object({
      enabled: vine.boolean(),
      type: vine.enum(SIGNUP_VALIDATION_TYPES),
      /** Length bound for min/max (answers are at most TEXT_MAX characters). */
      value: vine.number().withoutDecimals().min(0).max(TEXT_MAX).optional(),
      message: text().optional(),
    })
    .optional(),
})

/** PUT /api/v1/signup/settings. Cross-field rules (options ↔ select, value for min/max) are checked by the service. */
export const signupSettingsValidator = vine.create({
  autoApprove: vine.boolean(),
  fields: vine.array(signupField).maxLength(MAX_SIGNUP_FIELDS).distinct('name'),
})
