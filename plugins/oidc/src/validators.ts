import vine from '@vinejs/vine'

export const oidcLoginValidator = vine.create({
  code: vine.string().minLength(1).maxLength(2048),
  state: vine.string().minLength(1).maxLength(500),
  /** RFC 9207 `iss` from the provider's redirect, when it sent one. */
  iss: vine.string().maxLength(2048).optional(),
  /** Which panel to open when the address holds panels in several organisations. */
  organizationId: vine.number().withoutDecimals().positive().optional(),
})
