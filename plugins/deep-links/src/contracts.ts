/* What other plugins may use of `deep-links` (types and read-only services). */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

export interface ActiveDeepLink {
  id: number
  url: string
}

/**
 * Active deep links an affiliate may use with a campaign: the campaign's own and the
 * organisation-wide ones (no campaign). Used by the campaigns plugin for tracking (and,
 * with the seed's `trx`, by its demo data).
 */
export async function activeDeepLinks(
  organizationId: number,
  campaignId: number,
  client: Pick<TransactionClientContract, 'from'> = db
): Promise<ActiveDeepLink[]> {
  const rows = await client
    .from('deep_links')
    .where('organization_id', organizationId)
    .where('status', 'active')
    .whereNull('deleted_at')
    .where((query) => query.where('campaign_id', campaignId).orWhereNull('campaign_id'))
    .orderBy('id')
    .select('id', 'url')
  return rows.map((row) => ({ id: Number(row.id), url: row.url }))
}
