import vine from '@vinejs/vine'
import { TEXT_MAX } from '@affix/core/kernel'
import { DEEP_LINK_STATUSES } from './models/deep_link.js'

/** Spec §5: "URL is required"; "Invalid URL" unless it parses as an http(s) URL. */
const url = () =>
  vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(2048)
    .url({ require_protocol: true, protocols: ['http', 'https'] })

const fields = {
  status: vine.enum(DEEP_LINK_STATUSES).optional(),
  campaignId: vine.number().withoutDecimals().positive().optional().nullable(),
}

export const createDeepLinkValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX),
  url: url(),
  ...fields,
})

export const updateDeepLinkValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX).optional(),
  url: url().optional(),
  ...fields,
})
