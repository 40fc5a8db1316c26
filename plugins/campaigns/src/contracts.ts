/*
 * What other plugins may use of `campaigns` (types and read-only services). Loading this
 * module registers the 'campaigns' lookup, so media, promo codes and deep links can refer
 * to live campaigns of the organisation.
 */
import db from '@adonisjs/lucid/services/db'
import { registerLookup } from '@affix/core/kernel'

export type {
  CampaignStatus,
  CapVariable,
  CapRule,
  TargetingCondition,
  TargetingBlock,
  TrackingCampaign,
  TrackingVisitor,
} from './types.js'
/** The spec §5 URL check (postbacks use it for their URLs). */
export { checkTrackingUrl, type UrlCheck, type UrlRules } from './services/url_validator.js'
export { loadTrackingCampaign } from './services/tracking.js'
/** Targeting rule blocks (any block matches) and cap buckets per time zone, as the click path applies them. */
export { matchesTargeting } from './rules/targeting.js'
export { capPeriods, CAP_PERIODS, type CapPeriod, type CapBucket } from './rules/cap_periods.js'
export { applyCapAction } from './services/cap_action.js'
export { signupCampaignFor } from './services/signup.js'
export { resolveShortLink, type ShortLinkTarget } from './services/short_links.js'
export { registerCampaignActivityCheck, campaignHasActivity, type CampaignActivityCheck } from './services/activity.js'

/** The organisation's IANA zone (cap periods are counted in it). */
export async function campaignTimezone(organizationId: number): Promise<string> {
  const row = await db.from('organizations').where('id', organizationId).select('preferences').first()
  return (row?.preferences as { timezone?: string } | null)?.timezone || 'UTC'
}

registerLookup('campaigns', async (organizationId, ids, { forAffiliate }) => {
  const rows = await db
    .from('campaigns')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .whereIn('id', ids)
    // For one affiliate: the campaigns it may promote (the same rule as its tracking links).
    .if(forAffiliate !== undefined, (query) =>
      query
        .whereNotExists((blocked) =>
          blocked
            .from('campaign_blocked_affiliates')
            .whereColumn('campaign_blocked_affiliates.campaign_id', 'campaigns.id')
            .where('campaign_blocked_affiliates.affiliate_id', forAffiliate!)
        )
        .where((access) =>
          access.where('campaigns.visibility', 'public').orWhereExists((approved) =>
            approved
              .from('campaign_access')
              .whereColumn('campaign_access.campaign_id', 'campaigns.id')
              .where({ 'campaign_access.affiliate_id': forAffiliate!, 'campaign_access.status': 'approved' })
          )
        )
    )
    .select('id')
  return rows.map((row) => Number(row.id))
})
