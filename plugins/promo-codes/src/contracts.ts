/* What other plugins may use of `promo-codes` (types and read-only services). */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

export interface PromoCodeForAttribution {
  id: number
  code: string
  campaignId: number | null
  affiliateId: number | null
  enabled: boolean
  startDate: Date | null
  endDate: Date | null
}

/**
 * The organisation's live (not deleted) promo codes among `codes`, matched
 * case-insensitively, keyed by the lower-case code (codes are unique per organisation
 * that way). The customers plugin attributes a registration's coupon with it.
 */
export async function promoCodesByCode(
  organizationId: number,
  codes: string[],
  client: QueryClientContract = db.connection()
): Promise<Map<string, PromoCodeForAttribution>> {
  const lower = [...new Set(codes.map((code) => code.toLowerCase()))].filter((code) => code.length > 0)
  const result = new Map<string, PromoCodeForAttribution>()
  if (!lower.length) return result
  const { rows } = await client.rawQuery(
    `SELECT id, code, campaign_id, affiliate_id, enabled, start_date, end_date
       FROM promo_codes
      WHERE organization_id = ? AND deleted_at IS NULL AND lower(code) = ANY(?::text[])`,
    [organizationId, lower]
  )
  for (const row of rows) {
    result.set(String(row.code).toLowerCase(), {
      id: Number(row.id),
      code: row.code,
      campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
      affiliateId: row.affiliate_id === null ? null : Number(row.affiliate_id),
      enabled: Boolean(row.enabled),
      startDate: row.start_date ? new Date(row.start_date) : null,
      endDate: row.end_date ? new Date(row.end_date) : null,
    })
  }
  return result
}
