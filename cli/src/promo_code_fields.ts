/* Flags and output shared by the promo-codes commands. */
import { Flags } from '@oclif/core'
import type { PromoCode, PromoCodesUpdatePromoCodeData } from '@affix/sdk'
import { renderDetails, type Column } from './output.js'

export const PROMO_CODE_TYPES = ['generic', 'exclusive', 'one_time'] as const
export const PROMO_CODE_STATUSES = ['active', 'future', 'expired', 'inactive'] as const

/** "1,2, 3" → [1, 2, 3]; "" → [] (clears the list). */
export function parseIds(raw: string): number[] {
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const ids = parts.map(Number)
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw new Error(`Not a list of ids: "${raw}"`)
  return ids
}

/** Editable promo code fields; an empty value ("") clears the nullable ones. */
export const promoCodeFieldFlags = {
  bonus: Flags.string({ summary: 'Bonus amount, at least 0 with at most 2 decimals, e.g. 10.50.' }),
  currency: Flags.string({ summary: 'Bonus currency (ISO code, e.g. EUR).' }),
  type: Flags.string({
    summary: 'Code type: generic, or exclusive / one_time for one affiliate.',
    options: [...PROMO_CODE_TYPES],
  }),
  origin: Flags.string({ summary: 'Origin of the code.', options: ['organic', 'inorganic'] }),
  affiliate: Flags.string({ summary: 'Affiliate ID the code belongs to ("" clears it).' }),
  campaign: Flags.string({ summary: 'Campaign ID ("" clears it).' }),
  start: Flags.string({ summary: 'Start date, e.g. 2025-01-31 or 2025-01-31T10:00:00Z ("" clears it).' }),
  end: Flags.string({ summary: 'End date, after the start date ("" clears it).' }),
  enabled: Flags.boolean({ summary: 'Enable the code (--no-enabled disables it).', allowNo: true }),
  description: Flags.string({ summary: 'Description ("" clears it).' }),
  include: Flags.string({
    summary: 'Only these affiliate IDs may use the code, comma-separated.',
    exclusive: ['exclude'],
  }),
  exclude: Flags.string({ summary: 'Every affiliate except these IDs, comma-separated.', exclusive: ['include'] }),
  all: Flags.boolean({
    summary: 'Every affiliate may use the code (clears include/exclude).',
    exclusive: ['include', 'exclude'],
  }),
}

type PromoCodeBody = NonNullable<PromoCodesUpdatePromoCodeData['body']>

export function promoCodeBody(flags: {
  code?: string
  bonus?: string
  currency?: string
  type?: string
  origin?: string
  affiliate?: string
  campaign?: string
  start?: string
  end?: string
  enabled?: boolean
  description?: string
  include?: string
  exclude?: string
  all?: boolean
}): PromoCodeBody {
  const nullable = (value: string | undefined) => (value === undefined ? undefined : value.trim() === '' ? null : value)
  const nullableId = (value: string | undefined) => {
    const text = nullable(value)
    return text === undefined || text === null ? text : Number(text)
  }
  const body: Record<string, unknown> = {
    code: flags.code,
    // The server checks the amount; a non-number reaches it as is and gets its message.
    bonus:
      flags.bonus === undefined ? undefined : Number.isNaN(Number(flags.bonus)) ? flags.bonus : Number(flags.bonus),
    bonusCurrency: flags.currency,
    type: flags.type,
    origin: flags.origin,
    affiliateId: nullableId(flags.affiliate),
    campaignId: nullableId(flags.campaign),
    startDate: nullable(flags.start),
    endDate: nullable(flags.end),
    enabled: flags.enabled,
    description: nullable(flags.description),
  }
  if (flags.all) body.affiliateSelection = 'all'
  if (flags.include !== undefined)
    Object.assign(body, { affiliateSelection: 'include', includedAffiliateIds: parseIds(flags.include) })
  if (flags.exclude !== undefined)
    Object.assign(body, { affiliateSelection: 'exclude', excludedAffiliateIds: parseIds(flags.exclude) })
  // Leave out what was not given, so an update only touches the named fields.
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as PromoCodeBody
}

export const promoCodeColumns: Column<PromoCode>[] = [
  { header: 'ID', value: (code) => code.id },
  { header: 'CODE', value: (code) => code.code },
  { header: 'STATUS', value: (code) => code.status },
  { header: 'TYPE', value: (code) => code.type },
  { header: 'BONUS', value: (code) => `${code.bonus} ${code.bonusCurrency}` },
  { header: 'AFFILIATE', value: (code) => code.affiliateId },
  { header: 'START', value: (code) => code.startDate },
  { header: 'END', value: (code) => code.endDate },
]

export function promoCodeDetails(code: PromoCode): string {
  const list = (ids: number[] | undefined) => (ids?.length ? ids.join(', ') : undefined)
  return renderDetails([
    ['ID', code.id],
    ['Code', code.code],
    ['Status', code.status],
    ['Enabled', code.enabled ? 'yes' : 'no'],
    ['Type', code.type],
    ['Origin', code.origin],
    ['Bonus', `${code.bonus} ${code.bonusCurrency}`],
    ['Affiliate', code.affiliateId],
    ['Campaign', code.campaignId],
    ['Start', code.startDate],
    ['End', code.endDate],
    ['Affiliates', code.affiliateSelection],
    ['Included', list(code.includedAffiliateIds)],
    ['Excluded', list(code.excludedAffiliateIds)],
    ['Description', code.description],
    ['Created', code.createdAt],
  ])
}
