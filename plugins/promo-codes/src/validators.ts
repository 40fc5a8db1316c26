import vine from '@vinejs/vine'
import { dateTimeSchema, text } from '@affix/core/kernel'
import { AFFILIATE_SELECTIONS, PROMO_CODE_ORIGINS, PROMO_CODE_TYPES } from './models/promo_code.js'

/** Letters, digits, - and _ only: what a player can type at a sign-up form. */
export const PROMO_CODE_RULE = /^[A-Za-z0-9_-]+$/
export const PROMO_CODE_MAX = 64
const CURRENCIES = Intl.supportedValuesOf('currency')
const DATE_FORMATS = ['iso8601', 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss']

const id = () => vine.number().withoutDecimals().positive()
const affiliateList = () => vine.array(id()).maxLength(10_000).distinct()

const fields = {
  bonus: vine.number().min(0).max(999_999_999_999.99).decimal([0, 2]).optional(),
  bonusCurrency: vine.string().trim().toUpperCase().in(CURRENCIES).optional(),
  campaignId: id().optional().nullable(),
  affiliateId: id().optional().nullable(),
  type: vine.enum(PROMO_CODE_TYPES).optional(),
  origin: vine.enum(PROMO_CODE_ORIGINS).optional(),
  startDate: vine.date({ formats: DATE_FORMATS }).use(dateTimeSchema()).optional().nullable(),
  endDate: vine.date({ formats: DATE_FORMATS }).use(dateTimeSchema()).optional().nullable(),
  enabled: vine.boolean().optional(),
  description: text().optional().nullable(),
  affiliateSelection: vine.enum(AFFILIATE_SELECTIONS).optional(),
  includedAffiliateIds: affiliateList().optional(),
  excludedAffiliateIds: affiliateList().optional(),
}

const code = () => vine.string().trim().minLength(1).maxLength(PROMO_CODE_MAX).regex(PROMO_CODE_RULE)

export const createPromoCodeValidator = vine.create({ code: code(), ...fields })

export const updatePromoCodeValidator = vine.create({ code: code().optional(), ...fields })
