import vine from '@vinejs/vine'
import { dateTimeSchema } from '#kernel/iso_rules'

export const createApiKeyValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(350),
  scopes: vine
    .array(
      vine.object({
        resource: vine.string().trim().minLength(1).maxLength(64),
        operations: vine
          .array(vine.enum(['read', 'write'] as const))
          .minLength(1)
          .distinct(),
      })
    )
    .minLength(1),
  expiresAt: vine
    .date({ formats: { utc: true } })
    .use(dateTimeSchema())
    .afterOrEqual('today')
    .optional(),
  allowedIps: vine.array(vine.string().trim().maxLength(64)).maxLength(100).optional(),
})
