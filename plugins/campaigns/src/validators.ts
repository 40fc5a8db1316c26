import vine from '@vinejs/vine'
import { TEXT_MAX, countryRule, currencyRule, dateTimeSchema } from '@affix/core/kernel'
import { CAMPAIGN_STATUSES, CAMPAIGN_VISIBILITIES, COMMISSION_VARIABLES } from './models/campaign.js'

/** Spec §5: "URL is required"; "Invalid URL" unless it parses as an http(s) URL. */
const url = () =>
  vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(2048)
    .url({ require_protocol: true, protocols: ['http', 'https'] })
const id = () => vine.number().withoutDecimals().positive()

const fields = {
  status: vine.enum(CAMPAIGN_STATUSES).optional(),
  visibility: vine.enum(CAMPAIGN_VISIBILITIES).optional(),
  previewUrl: url().optional().nullable(),
  fallbackUrl: url().optional().nullable(),
  appLink: url().optional().nullable(),
  description: vine.string().trim().maxLength(5000).optional().nullable(),
  commissionVariable: vine.enum(COMMISSION_VARIABLES).optional(),
  currency: vine.string().trim().toUpperCase().fixedLength(3).use(currencyRule()).optional(),
  coverageCountries: vine
    .array(vine.string().trim().toUpperCase().use(countryRule()))
    .maxLength(250)
    .distinct()
    .optional(),
  productIds: vine.array(id()).maxLength(500).distinct().optional(),
  externalId: vine.string().trim().minLength(1).maxLength(100).optional().nullable(),
  isDynamic: vine.boolean().optional(),
  isPersistent: vine.boolean().optional(),
  attributionWindowDays: vine.number().withoutDecimals().min(1).max(365).optional(),
  expiresAt: vine
    .date({ formats: { utc: true } })
    .use(dateTimeSchema())
    .optional()
    .nullable(),
  featured: vine.boolean().optional(),
  shortLinkDefault: vine.boolean().optional(),
  overrideCustomerCountry: vine.boolean().optional(),
  accessQuestions: vine
    .array(
      vine.object({
        question: vine.string().trim().minLength(1).maxLength(TEXT_MAX),
        required: vine.boolean().optional(),
      })
    )
    .maxLength(20)
    .optional(),
  accessByRequest: vine.boolean().optional(),
  primaryGroupId: id().optional().nullable(),
  groupIds: vine.array(id()).maxLength(500).distinct().optional(),
}

export const createCampaignValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(TEXT_MAX),
  brandId: id(),
  defaultUrl: url(),
  ...fields,
})

export const updateCampaignValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(TEXT_MAX).optional(),
  brandId: id().optional(),
  defaultUrl: url().optional(),
  ...fields,
})

export const campaignStatusValidator = vine.create({
  ids: vine.array(id()).minLength(1).maxLength(500).distinct(),
  status: vine.enum(CAMPAIGN_STATUSES),
  /** Why (kept in the timeline). */
  reason: vine.string().trim().maxLength(TEXT_MAX).optional(),
})

export const urlValidatorValidator = vine.create({
  url: vine.string().maxLength(2048).optional().nullable(),
  macros: vine
    .array(
      vine
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,40}$/i)
    )
    .maxLength(30),
  mode: vine.enum(['strict', 'any'] as const).optional(),
  minimum: vine.number().withoutDecimals().min(1).max(30).optional(),
})

/** Spec §5 "Note cannot be empty". */
export const noteValidator = vine.create({ body: vine.string().trim().minLength(1).maxLength(5000) })

export const blockedAffiliatesValidator = vine.create({
  affiliateIds: vine.array(vine.number().withoutDecimals().positive()).maxLength(5000).distinct(),
})

export const campaignGroupsValidator = vine.create({
  primaryGroupId: vine.number().withoutDecimals().positive().optional().nullable(),
  groupIds: vine.array(vine.number().withoutDecimals().positive()).maxLength(500).distinct(),
})

/** An affiliate's answers, in the order of the campaign's questions. */
export const accessRequestValidator = vine.create({
  answers: vine.array(vine.string().trim().maxLength(2000).nullable()).maxLength(20).optional(),
})

const trackingParam = () => vine.string().trim().maxLength(255).optional().nullable()
const trackingParams = Object.fromEntries(
  [
    ...Array.from({ length: 10 }, (_, i) => `p${i + 1}`),
    ...Array.from({ length: 10 }, (_, i) => `sub${i + 1}`),
    'source',
  ].map((name) => [name, trackingParam()])
) as Record<
  `p${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}` | `sub${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}` | 'source',
  ReturnType<typeof trackingParam>
>

/** A tracking link: for an affiliate (admins choose; an affiliate always gets its own). */
export const trackingLinkValidator = vine.create({
  affiliateId: vine.number().withoutDecimals().positive().optional(),
  deepLinkId: vine.number().withoutDecimals().positive().optional().nullable(),
  shortLink: vine.boolean().optional(),
  ...trackingParams,
})

export const featuredValidator = vine.create({
  ids: vine.array(vine.number().withoutDecimals().positive()).minLength(1).maxLength(500).distinct(),
  featured: vine.boolean(),
})
