/*
 * What the click path needs of a campaign, in two rounds of queries: the campaign with its
 * blocked/approved affiliates (one SQL statement), then its organisation's zone, its active
 * deep links, and its caps and targeting. The tracking plugin caches the result and drops it
 * on the 'campaigns' invalidation topic.
 */
import db from '@adonisjs/lucid/services/db'
import { organizationPreferences } from '@affix/core/kernel'
import { activeDeepLinks } from '@affix/deep-links/contracts'
import { rulesForTracking } from '../rules/for_tracking.js'
import type { TrackingCampaign } from '../types.js'

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase()
  } catch {
    return null
  }
}

export async function loadTrackingCampaign(campaignId: number): Promise<TrackingCampaign | null> {
  if (!Number.isSafeInteger(campaignId) || campaignId <= 0) return null
  const { rows } = await db.rawQuery(
    `SELECT c.id, c.organization_id, c.brand_id, c.status, c.visibility, c.default_url, c.fallback_url, c.expires_at,
            ARRAY(SELECT b.affiliate_id FROM campaign_blocked_affiliates b WHERE b.campaign_id = c.id) AS blocked,
            ARRAY(SELECT a.affiliate_id FROM campaign_access a WHERE a.campaign_id = c.id AND a.status = 'approved') AS approved
       FROM campaigns c
      WHERE c.id = ? AND c.deleted_at IS NULL`,
    [campaignId]
  )
  const row = rows[0]
  if (!row) return null
  const organizationId = Number(row.organization_id)
  const [deepLinks, rules, preferences] = await Promise.all([
    activeDeepLinks(organizationId, campaignId),
    rulesForTracking([campaignId]),
    organizationPreferences(organizationId),
  ])
  const hosts = [row.default_url, ...deepLinks.map((link) => link.url)].map(hostOf).filter((host) => host !== null)
  return {
    id: Number(row.id),
    organizationId,
    brandId: Number(row.brand_id),
    status: row.status,
    visibility: row.visibility,
    defaultUrl: row.default_url,
    fallbackUrl: row.fallback_url ?? null,
    expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : null,
    timezone: preferences.timezone,
    blockedAffiliateIds: new Set((row.blocked as Array<number | string>).map(Number)),
    approvedAffiliateIds:
      row.visibility === 'private' ? new Set((row.approved as Array<number | string>).map(Number)) : null,
    deepLinks,
    allowedDeepLinkHosts: new Set(hosts),
    caps: rules.get(campaignId)?.caps ?? [],
    targeting: rules.get(campaignId)?.targeting ?? [],
  }
}
