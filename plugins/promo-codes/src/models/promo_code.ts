import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const PROMO_CODE_TYPES = ['generic', 'exclusive', 'one_time'] as const
export const PROMO_CODE_ORIGINS = ['organic', 'inorganic'] as const
export const AFFILIATE_SELECTIONS = ['all', 'include', 'exclude'] as const
/** Spec §4: derived from enabled and the dates, never stored. */
export const PROMO_CODE_STATUSES = ['active', 'future', 'expired', 'inactive'] as const

export type PromoCodeType = (typeof PROMO_CODE_TYPES)[number]
export type PromoCodeOrigin = (typeof PROMO_CODE_ORIGINS)[number]
export type AffiliateSelection = (typeof AFFILIATE_SELECTIONS)[number]
export type PromoCodeStatus = (typeof PROMO_CODE_STATUSES)[number]

/** The same rule as the status column of the list query, for a row just written. */
export function statusOf(
  code: { enabled: boolean; startDate: DateTime | null; endDate: DateTime | null },
  now = DateTime.now()
): PromoCodeStatus {
  if (!code.enabled) return 'inactive'
  if (code.startDate && code.startDate > now) return 'future'
  if (code.endDate && code.endDate < now) return 'expired'
  return 'active'
}

export default class PromoCode extends BaseModel {
  static table = 'promo_codes'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare code: string

  /** numeric(14,2), kept as the decimal string PostgreSQL returns. */
  @column()
  declare bonus: string

  @column()
  declare bonusCurrency: string

  @column()
  declare campaignId: number | null

  @column()
  declare affiliateId: number | null

  @column()
  declare type: PromoCodeType

  @column()
  declare origin: PromoCodeOrigin

  @column.dateTime()
  declare startDate: DateTime | null

  @column.dateTime()
  declare endDate: DateTime | null

  @column()
  declare enabled: boolean

  @column()
  declare description: string | null

  @column()
  declare affiliateSelection: AffiliateSelection

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @column.dateTime({ serializeAs: null })
  declare deletedAt: DateTime | null
}
