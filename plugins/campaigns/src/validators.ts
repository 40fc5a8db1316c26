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
