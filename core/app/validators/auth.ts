import vine from '@vinejs/vine'

export const loginValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  password: vine.string().minLength(1).maxLength(128),
  /** Which panel to open when the address holds panels in several organisations. */
  organizationId: vine.number().withoutDecimals().positive().optional(),
})

export const pluginStateValidator = vine.create({
  enabled: vine.boolean(),
})

/** GET /api/v1/auth/meta?orgId= */
export const metaQueryValidator = vine.create({
  orgId: vine.number().withoutDecimals().min(1).max(2147483647).optional(),
})
