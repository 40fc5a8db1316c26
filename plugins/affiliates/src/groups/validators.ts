import vine from '@vinejs/vine'
import { TEXT_MAX } from '@affix/core/kernel'

const affiliateIds = () =>
  vine.array(vine.number().withoutDecimals().positive()).minLength(1).maxLength(10_000).distinct()

export const createGroupValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX),
  description: vine.string().trim().maxLength(TEXT_MAX).optional().nullable(),
  parentGroupId: vine.number().withoutDecimals().positive().optional().nullable(),
  affiliateIds: affiliateIds(),
})

export const updateGroupValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX).optional(),
  description: vine.string().trim().maxLength(TEXT_MAX).optional().nullable(),
  parentGroupId: vine.number().withoutDecimals().positive().optional().nullable(),
  affiliateIds: affiliateIds().optional(),
})
