import vine from '@vinejs/vine'
import { PASSWORD_RULE } from '#kernel/validation'

export const forgotPasswordValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
})

export const resetPasswordValidator = vine.create({
  code: vine.string().trim().minLength(10).maxLength(200),
  password: vine.string().regex(PASSWORD_RULE).confirmed({ confirmationField: 'passwordConfirmation' }),
  /** Must equal password (checked by its confirmed rule); declared so clients see it. */
  passwordConfirmation: vine.string().maxLength(128).optional(),
})
