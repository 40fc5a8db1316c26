import vine from '@vinejs/vine'
import { PASSWORD_RULE, PHONE_RULE, text } from '#kernel/validation'
import { TIMEZONES } from '#validators/organization'

const email = () => vine.string().trim().email().maxLength(254)
const password = () => vine.string().regex(PASSWORD_RULE).confirmed({ confirmationField: 'passwordConfirmation' })
const language = () => vine.enum(['en', 'pt', 'tr'] as const).optional()

/** POST /api/v1/auth/register: a new organisation and its first admin. */
export const registerOrganizationValidator = vine.create({
  organizationName: text().minLength(1),
  name: text().minLength(1),
  email: email(),
  password: password(),
  phone: vine.string().trim().regex(PHONE_RULE).optional(),
  acceptTerms: vine.accepted(),
  language: language(),
  /** The organisation's time zone (its days, reports and commission periods); the register page sends the person's choice. */
  timezone: vine.string().trim().in(TIMEZONES).optional(),
})

export const verifyTokenValidator = vine.create({
  token: vine.string().trim().minLength(20).maxLength(200),
})

export const resendVerificationValidator = vine.create({
  email: email(),
})
