/*
 * Client-side rules mirroring the server's (plugins/promo-codes/src/validators.ts and the
 * controller's cross-field checks), so most mistakes are caught before a round trip.
 */
import { maxLength, minValue, regex, required } from 'react-admin'

export const PROMO_CODES_API = '/api/v1/promo-codes/promo-codes'
export const PROMO_CODE_TYPES = ['generic', 'exclusive', 'one_time'] as const
export const PROMO_CODE_ORIGINS = ['organic', 'inorganic'] as const
export const AFFILIATE_SELECTIONS = ['all', 'include', 'exclude'] as const
export const PROMO_CODE_STATUSES = ['active', 'future', 'expired', 'inactive'] as const

export const typeChoices = PROMO_CODE_TYPES.map((type) => ({ id: type, name: `promo_codes.type.${type}` }))
export const originChoices = PROMO_CODE_ORIGINS.map((origin) => ({ id: origin, name: `promo_codes.origin.${origin}` }))
export const selectionChoices = AFFILIATE_SELECTIONS.map((selection) => ({
  id: selection,
  name: `promo_codes.selection.${selection}`,
}))
export const statusChoices = PROMO_CODE_STATUSES.map((status) => ({ id: status, name: `promo_codes.status.${status}` }))

const currencies = (() => {
  try {
    return Intl.supportedValuesOf('currency')
  } catch {
    return ['BRL', 'EUR', 'GBP', 'TRY', 'USD']
  }
})()
export const currencyChoices = currencies.map((code) => ({ id: code, name: code }))

/** Types that belong to one affiliate. */
export const needsAffiliate = (type: string | undefined) => type === 'exclusive' || type === 'one_time'

const atMostTwoDecimals = (value: unknown) =>
  value === null || value === undefined || value === '' || /^\d+(\.\d{1,2})?$/.test(String(value))
    ? undefined
    : 'promo_codes.validation.bonus_decimals'

export const validatePromoCode = {
  code: [required(), maxLength(64), regex(/^[A-Za-z0-9_-]+$/, 'promo_codes.validation.code')],
  bonus: [minValue(0, 'promo_codes.validation.bonus_min'), atMostTwoDecimals],
  description: [maxLength(350)],
}

export interface PromoCodeFormValues {
  code?: string
  bonus?: number | string | null
  bonusCurrency?: string | null
  campaignId?: number | null
  affiliateId?: number | null
  type?: string
  origin?: string
  startDate?: string | Date | null
  endDate?: string | Date | null
  enabled?: boolean
  description?: string | null
  affiliateSelection?: string
  includedAffiliateIds?: number[]
  excludedAffiliateIds?: number[]
}

const time = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : NaN)

/**
 * The rules spanning fields (spec §5): exclusive and one-time codes need an affiliate;
 * include or exclude is one or the other and needs at least one affiliate; the end comes
 * after the start. Returns react-admin form errors.
 */
export function validatePromoCodeForm(values: PromoCodeFormValues): Record<string, string> {
  const errors: Record<string, string> = {}
  if (needsAffiliate(values.type) && !values.affiliateId) errors.affiliateId = 'promo_codes.errors.affiliate_required'
  const selection = values.affiliateSelection ?? 'all'
  if (selection === 'include' && !(values.includedAffiliateIds ?? []).length)
    errors.includedAffiliateIds = 'promo_codes.errors.include_needs_one'
  if (selection === 'exclude' && !(values.excludedAffiliateIds ?? []).length)
    errors.excludedAffiliateIds = 'promo_codes.errors.exclude_needs_one'
  const start = time(values.startDate)
  const end = time(values.endDate)
  if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) errors.endDate = 'promo_codes.errors.end_before_start'
  return errors
}

const isoOrNull = (value: string | Date | null | undefined) => {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** The body of create and update: writable fields only, and only the list the selection keeps. */
export function toPromoCodePayload(
  values: PromoCodeFormValues,
  { campaigns }: { campaigns: boolean }
): Record<string, unknown> {
  const selection = values.affiliateSelection ?? 'all'
  const payload: Record<string, unknown> = {
    code: values.code?.trim(),
    bonus: values.bonus === null || values.bonus === undefined || values.bonus === '' ? 0 : Number(values.bonus),
    ...(values.bonusCurrency ? { bonusCurrency: values.bonusCurrency } : {}),
    type: values.type ?? 'generic',
    origin: values.origin ?? 'organic',
    affiliateId: values.affiliateId ?? null,
    startDate: isoOrNull(values.startDate),
    endDate: isoOrNull(values.endDate),
    enabled: values.enabled ?? true,
    description: values.description?.trim() ? values.description.trim() : null,
    affiliateSelection: selection,
    includedAffiliateIds: selection === 'include' ? (values.includedAffiliateIds ?? []).map(Number) : [],
    excludedAffiliateIds: selection === 'exclude' ? (values.excludedAffiliateIds ?? []).map(Number) : [],
  }
  // Campaigns arrive with the campaigns plugin: without it the field is not on the form.
  if (campaigns) payload.campaignId = values.campaignId ?? null
  return payload
}
