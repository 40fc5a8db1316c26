/*
 * What other plugins may use of `campaigns` (types, read-only services and the extension
 * points it owns). Importing it registers nothing: the manifest wires the `campaigns`
 * lookup, so media, promo codes and deep links can refer to live campaigns.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { activeDeepLinks } from '@affix/deep-links/contracts'
import { organizationPreferences, type LookupProvider } from '@affix/core/kernel'
import { rulesForTracking } from './rules/for_tracking.js'
import type { CampaignStatus, CapRule } from './types.js'

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
export { campaignActivity, campaignHasActivity, type CampaignActivityCheck } from './services/activity.js'
/** The commission engine's view of payout plans, and the event a new plan version announces. */
export { payoutPlans, campaignsWithPlans, type CampaignPayout, type EnginePayoutPlan } from './rules/for_engine.js'
export { payoutChanged, type PayoutChanged } from './services/payout_events.js'
export { keptFields, PLAN_DECIMALS } from './rules/constants.js'

/** The organisation's IANA zone (cap periods are counted in it). */
export async function campaignTimezone(organizationId: number): Promise<string> {
  return (await organizationPreferences(organizationId)).timezone
}

/** Live campaigns of the organisation among `ids`; with `forAffiliate`, those it may promote; with `openToSignup`, those a public signup may name. */
export const liveCampaignIds: LookupProvider = async (organizationId, ids, { forAffiliate, openToSignup }) => {
  const rows = await db
    .from('campaigns')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .whereIn('id', ids)
    // A public signup link (/register/affiliate/:org/:campaign) names an active public campaign.
    .if(openToSignup, (query) => query.where({ status: 'active', visibility: 'public' }))
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
          access
            .where('campaigns.visibility', 'public')
            .orWhereExists((approved) =>
              approved
                .from('campaign_access')
                .whereColumn('campaign_access.campaign_id', 'campaigns.id')
                .where({ 'campaign_access.affiliate_id': forAffiliate!, 'campaign_access.status': 'approved' })
            )
        )
    )
    .select('id')
  return rows.map((row) => Number(row.id))
}

/** What attributing a customer needs of a campaign (customers plugin, COMMISSIONS §2). */
export interface CampaignForAttribution {
  id: number
  brandId: number
  status: CampaignStatus
  currency: string
  /** Days a click attributes a registration (1–365). */
  attributionWindowDays: number
}

/** Live (not deleted) campaigns of the organisation among `ids`, for attribution and labels. */
export async function campaignsForAttribution(
  organizationId: number,
  ids: number[],
  client: QueryClientContract = db.connection()
): Promise<Map<number, CampaignForAttribution>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)
  const result = new Map<number, CampaignForAttribution>()
  if (!unique.length) return result
  const rows = await client
    .from('campaigns')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .whereIn('id', unique)
    .select('id', 'brand_id', 'status', 'currency', 'attribution_window_days')
  for (const row of rows) {
    result.set(Number(row.id), {
      id: Number(row.id),
      brandId: Number(row.brand_id),
      status: row.status,
      currency: row.currency,
      attributionWindowDays: Number(row.attribution_window_days),
    })
  }
  return result
}

/**
 * Which (campaign, affiliate) pairs are allowed: the campaign is live in the organisation
 * and the affiliate may promote it (public or access approved, not blocked) — the rule of
 * tracking links. Answers `campaignId:affiliateId` keys. One query whatever the number of pairs.
 */
export async function allowedCampaignAffiliates(
  organizationId: number,
  pairs: Array<[number, number]>,
  client: QueryClientContract = db.connection()
): Promise<Set<string>> {
  const valid = pairs.filter(([campaignId, affiliateId]) =>
    [campaignId, affiliateId].every((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)
  )
  if (!valid.length) return new Set()
  const { rows } = await client.rawQuery(
    `SELECT p.campaign_id, p.affiliate_id
       FROM unnest(?::int[], ?::int[]) AS p(campaign_id, affiliate_id)
       JOIN campaigns c ON c.id = p.campaign_id AND c.organization_id = ? AND c.deleted_at IS NULL
      WHERE NOT EXISTS (SELECT 1 FROM campaign_blocked_affiliates b WHERE b.campaign_id = c.id AND b.affiliate_id = p.affiliate_id)
        AND (c.visibility = 'public' OR EXISTS (
              SELECT 1 FROM campaign_access a WHERE a.campaign_id = c.id AND a.affiliate_id = p.affiliate_id AND a.status = 'approved'))`,
    [valid.map((pair) => pair[0]), valid.map((pair) => pair[1]), organizationId]
  )
  return new Set(rows.map((row: any) => `${row.campaign_id}:${row.affiliate_id}`))
}

/** Conversion caps (variables leads, ftd, deposits, c_deposit) of the campaigns, by campaign. */
export async function conversionCaps(campaignIds: number[]): Promise<Map<number, CapRule[]>> {
  const rules = await rulesForTracking(campaignIds)
  const result = new Map<number, CapRule[]>()
  for (const [campaignId, { caps }] of rules) {
    const conversion = caps.filter((cap) => cap.variable !== 'clicks')
    if (conversion.length) result.set(campaignId, conversion)
  }
  return result
}

export interface CampaignRef {
  id: number
  brandId: number
  title: string
  status: CampaignStatus
  currency: string
}

/** Live campaigns of the organisation (demo data, labels), by id. */
export async function campaignRefs(
  organizationId: number,
  client: QueryClientContract = db.connection()
): Promise<CampaignRef[]> {
  const rows = await client
    .from('campaigns')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .orderBy('id')
    .select('id', 'brand_id', 'title', 'status', 'currency')
  return rows.map((row) => ({
    id: Number(row.id),
    brandId: Number(row.brand_id),
    title: row.title,
    status: row.status,
    currency: row.currency,
  }))
}

export interface CampaignSummary {
  id: number
  brandId: number
  title: string
  status: 'active' | 'paused' | 'disabled' | 'suspended'
  visibility: 'public' | 'private'
  defaultUrl: string
  fallbackUrl: string | null
  coverageCountries: string[]
  createdAt: Date
  /** When it last changed (a paused or disabled campaign: when it stopped). */
  updatedAt: Date
  payoutModel: string | null
  /** The combined daily click cap, if any. */
  dailyClickCap: number | null
  blockedAffiliateIds: number[]
  /** Private: the affiliates with approved access; public: null (everyone). */
  approvedAffiliateIds: number[] | null
  deepLinks: Array<{ id: number; url: string }>
}

/**
 * Every live campaign of the organisation with what decides its clicks, oldest first (the
 * tracking plugin's demo clicks; seeds pass their `trx`).
 */
export async function listCampaigns(
  organizationId: number,
  client: Pick<TransactionClientContract, 'from'> = db
): Promise<CampaignSummary[]> {
  const rows = await client
    .from('campaigns')
    .leftJoin('campaign_payouts', 'campaign_payouts.campaign_id', 'campaigns.id')
    .where('campaigns.organization_id', organizationId)
    .whereNull('campaigns.deleted_at')
    .orderBy('campaigns.id')
    .select(
      'campaigns.id',
      'campaigns.brand_id',
      'campaigns.title',
      'campaigns.status',
      'campaigns.visibility',
      'campaigns.default_url',
      'campaigns.fallback_url',
      'campaigns.coverage_countries',
      'campaigns.created_at',
      'campaigns.updated_at',
      'campaign_payouts.model'
    )
  const ids = rows.map((row) => Number(row.id))
  // One after the other: a transaction has one connection.
  // tenancy: ids are the organisation's campaigns read just above (the next two queries too)
  const caps = ids.length
    ? await client
        .from('campaign_caps')
        .whereIn('campaign_id', ids)
        .where({ variable: 'clicks', type: 'combined' })
        .whereNotNull('daily')
        .select('campaign_id', 'daily')
    : []
  // tenancy: ids are the organisation's campaigns
  const blocked = ids.length
    ? await client.from('campaign_blocked_affiliates').whereIn('campaign_id', ids).select('campaign_id', 'affiliate_id')
    : []
  // tenancy: ids are the organisation's campaigns
  const approved = ids.length
    ? await client
        .from('campaign_access')
        .whereIn('campaign_id', ids)
        .where('status', 'approved')
        .select('campaign_id', 'affiliate_id')
    : []
  const of = (list: Array<Record<string, any>>, id: number) =>
    list.filter((row) => Number(row.campaign_id) === id).map((row) => Number(row.affiliate_id))
  const result: CampaignSummary[] = []
  for (const row of rows) {
    const id = Number(row.id)
    const cap = caps.find((entry) => Number(entry.campaign_id) === id)
    result.push({
      id,
      brandId: Number(row.brand_id),
      title: row.title,
      status: row.status,
      visibility: row.visibility,
      defaultUrl: row.default_url,
      fallbackUrl: row.fallback_url ?? null,
      coverageCountries: row.coverage_countries ?? [],
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
      payoutModel: row.model ?? null,
      dailyClickCap: cap ? Number(cap.daily) : null,
      blockedAffiliateIds: of(blocked, id),
      approvedAffiliateIds: row.visibility === 'private' ? of(approved, id) : null,
      deepLinks: await activeDeepLinks(organizationId, id, client),
    })
  }
  return result
}
