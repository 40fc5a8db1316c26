import vine from '@vinejs/vine'
import { TEXT_MAX } from '@affix/core/kernel'
import { MEDIA_STATUSES, MEDIA_TYPES } from './models/media.js'

/** A link replacement macro: `{name}` of lowercase letters, digits and `_`. */
export const MACRO_RULE = /^\{[a-z0-9_]+\}$/
export const DESCRIPTION_MAX = 5000
export const MACROS_MAX = 20

const mediaFields = {
  status: vine.enum(MEDIA_STATUSES).optional(),
  link: vine
    .string()
    .trim()
    .url({ require_protocol: true, protocols: ['http', 'https'] })
    .maxLength(2048)
    .optional()
    .nullable(),
  description: vine.string().trim().maxLength(DESCRIPTION_MAX).optional().nullable(),
  campaignIds: vine.array(vine.number().withoutDecimals().positive()).maxLength(100).distinct().optional(),
  macros: vine
    .array(
      vine.object({
        macro: vine.string().trim().regex(MACRO_RULE).maxLength(64),
        value: vine.string().trim().maxLength(TEXT_MAX),
      })
    )
    .maxLength(MACROS_MAX)
    .distinct('macro')
    .optional(),
}

export const createMediaValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(TEXT_MAX),
  type: vine.enum(MEDIA_TYPES),
  ...mediaFields,
})

export const updateMediaValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(TEXT_MAX).optional(),
  type: vine.enum(MEDIA_TYPES).optional(),
  ...mediaFields,
})

export const mediaStatusValidator = vine.create({
  ids: vine.array(vine.number().withoutDecimals().positive()).minLength(1).maxLength(1000).distinct(),
  status: vine.enum(MEDIA_STATUSES),
})

export const bannerCodeQueryValidator = vine.create({
  affiliateId: vine.number().withoutDecimals().positive().optional(),
  campaignId: vine.number().withoutDecimals().positive().optional(),
})
