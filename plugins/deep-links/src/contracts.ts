/* What other plugins may use of `deep-links` (types and read-only services). */
import db from '@adonisjs/lucid/services/db'

export interface ActiveDeepLink {
  id: number
  url: string
}

/**
 * Active deep links an affiliate may use with a campaign: the campaign's own and the
 * organisation-wide ones (no campaign). Used by the campaigns plugin for tracking.
 */
export async function activeDeepLinks(organizationId: number, campaignId: number): Promise<ActiveDeepLink[]> {
  const rows = await db
    .from('deep_links')
    .where('organization_id', organizationId)
    .where('status', 'active')
    .whereNull('deleted_at')
    .where((query) => query.where('campaign_id', campaignId).orWhereNull('campaign_id'))
    .orderBy('id')
    .select('id', 'url')
  return rows.map((row) => ({ id: Number(row.id), url: row.url }))
}
