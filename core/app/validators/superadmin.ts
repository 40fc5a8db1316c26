import vine from '@vinejs/vine'

/** POST /api/v1/superuser/auth/login (same shape as the panel login, without organisation). */
export const superadminLoginValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  password: vine.string().minLength(1).maxLength(128),
})
