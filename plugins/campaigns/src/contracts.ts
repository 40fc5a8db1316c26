/*
 * What other plugins may use of `campaigns` (types and read-only services). Loading this
 * module registers the 'campaigns' lookup, so media, promo codes and deep links can refer
 * to live campaigns of the organisation.
 */
import db from '@adonisjs/lucid/services/db'
import { registerLookup } from '@affix/core/kernel'

export type { CampaignStatus } from './models/campaign.js'
/** The spec §5 URL check (postbacks use it for their URLs). */
export { checkTrackingUrl, type UrlCheck, type UrlRules } from './services/url_validator.js'

registerLookup('campaigns', async (organizationId, ids) => {
  const rows = await db
    .from('campaigns')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .whereIn('id', ids)
    .select('id')
  return rows.map((row) => Number(row.id))
})
