/*
 * Attribution of registrations (COMMISSIONS §2), for a whole batch in a handful of queries:
 * the clicks named by `cid`, the promo codes named by `coupon`, the campaigns they and the
 * explicit `campaign_id` point at, and which explicit (campaign, pub_id) pairs are allowed.
 * Then, per row, the first rule that applies:
 *   1. click: a redirected click of the organisation on a campaign of the same brand, at most
 *      the campaign's attribution window before the registration (a fraud-marked click
 *      still attributes);
 *   2. promo code: the coupon (case-insensitive) of the organisation, active on the
 *      registration date, tied to an affiliate, with a campaign of the same brand;
 *   3. explicit: campaign_id and pub_id together, a live campaign of the brand and an
 *      affiliate allowed on it;
 *   4. none (organic).
 * Each rule that was tried and failed is recorded with its reason.
 */
import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { existingIds } from '@affix/core/kernel'
import { clicksForAttribution, isClickId } from '@affix/tracking/contracts'
import { promoCodesByCode } from '@affix/promo-codes/contracts'
import { allowedCampaignAffiliates, campaignsForAttribution } from '@affix/campaigns/contracts'
import { liveBrandsOf } from '@affix/brands/contracts'
import type { AttributionSource } from '../constants.js'
import type { RegistrationRow, RowError } from './rows.js'

export type AttributionRule = 'click' | 'promo_code' | 'explicit'

/** Why a rule did not attribute (message keys `customers.attribution.<reason>`). */
export type AttributionFailureReason =
  | 'click_not_found'
  | 'click_not_redirected'
  | 'click_without_affiliate'
  | 'click_campaign_not_found'
  | 'click_other_brand'
  | 'click_after_registration'
  | 'click_outside_window'
  | 'promo_code_not_found'
  | 'promo_code_inactive'
  | 'promo_code_without_affiliate'
  | 'promo_code_without_campaign'
  | 'promo_code_other_brand'
  | 'explicit_incomplete'
  | 'explicit_campaign_not_found'
  | 'explicit_other_brand'
  | 'explicit_affiliate_not_allowed'

export interface AttributionFailure {
  rule: AttributionRule
  reason: AttributionFailureReason
}

export interface Attribution {
  brandId: number
  source: AttributionSource
  campaignId: number | null
  affiliateId: number | null
  clickId: string | null
  promoCodeId: number | null
  failures: AttributionFailure[]
}

const DAY_MS = 86_400_000

/** Whether a promo code is active at some moment of `date` (organisation zone). */
function activeOn(start: Date | null, end: Date | null, date: string, zone: string) {
  const dayStart = DateTime.fromISO(date, { zone }).startOf('day').toMillis()
  const dayEnd = DateTime.fromISO(date, { zone }).endOf('day').toMillis()
  if (start && start.getTime() > dayEnd) return false
  if (end && end.getTime() < dayStart) return false
  return true
}

export async function attribute(
  organizationId: number,
  timezone: string,
  rows: RegistrationRow[],
  client: QueryClientContract
): Promise<Array<Attribution | RowError>> {
  const cids = rows.map((row) => row.cid?.toLowerCase() ?? '').filter(isClickId)
  const coupons = rows.map((row) => row.coupon ?? '').filter((code) => code !== '')
  // One after the other: they share the caller's transaction (one connection).
  const clicks = await clicksForAttribution(cids, client)
  const promos = await promoCodesByCode(organizationId, coupons, client)
  const brands = (await liveBrandsOf(organizationId, client)).map((brand) => brand.id)
  const campaignIds = new Set<number>()
  for (const click of clicks.values())
    if (click.organizationId === organizationId && click.campaignId) campaignIds.add(click.campaignId)
  for (const promo of promos.values()) if (promo.campaignId) campaignIds.add(promo.campaignId)
  for (const row of rows) if (row.campaignId) campaignIds.add(row.campaignId)
  const explicitPairs = rows
    .filter((row) => row.campaignId !== null && row.pubId !== null)
    .map((row) => [row.campaignId!, row.pubId!] as [number, number])
  const campaigns = await campaignsForAttribution(organizationId, [...campaignIds], client)
  const allowedPairs = await allowedCampaignAffiliates(organizationId, explicitPairs, client)
  const liveAffiliates = await existingIds(
    organizationId,
    'affiliates',
    explicitPairs.map((pair) => pair[1]),
    { client }
  )
  const liveBrands = new Set(brands)

  return rows.map((row): Attribution | RowError => {
    const click = row.cid ? clicks.get(row.cid.toLowerCase()) : undefined
    if (click && click.organizationId !== organizationId) return { key: 'cid_other_organization', data: {} }
    const promo = row.coupon ? promos.get(row.coupon.toLowerCase()) : undefined

    // The brand: given, else the one the click, promo code or explicit campaign points at, else the only one.
    let brandId: number | null = null
    if (row.brandId !== null) {
      if (!liveBrands.has(row.brandId)) return { key: 'unknown_brand', data: { brandId: row.brandId } }
      brandId = row.brandId
    } else {
      const candidates = [
        click?.brandId ?? null,
        promo?.campaignId ? (campaigns.get(promo.campaignId)?.brandId ?? null) : null,
        row.campaignId ? (campaigns.get(row.campaignId)?.brandId ?? null) : null,
      ]
      brandId = candidates.find((candidate) => candidate !== null && liveBrands.has(candidate)) ?? null
      if (brandId === null && brands.length === 1) brandId = brands[0]
      if (brandId === null) return { key: brands.length ? 'brand_required' : 'no_brand', data: {} }
    }

    const failures: AttributionFailure[] = []
    const result = (
      source: AttributionSource,
      campaignId: number | null,
      affiliateId: number | null,
      extra: Partial<Attribution> = {}
    ): Attribution => ({
      brandId: brandId!,
      source,
      campaignId,
      affiliateId,
      clickId: null,
      promoCodeId: null,
      failures,
      ...extra,
    })

    // 1. click
    if (row.cid !== null) {
      const fail = (reason: AttributionFailureReason) => failures.push({ rule: 'click', reason })
      const campaign = click?.campaignId ? campaigns.get(click.campaignId) : undefined
      const elapsed = click ? row.registeredAt.getTime() - click.createdAt.getTime() : 0
      if (!click) fail('click_not_found')
      else if (click.outcome !== 'redirect') fail('click_not_redirected')
      else if (click.affiliateId === null) fail('click_without_affiliate')
      else if (!campaign) fail('click_campaign_not_found')
      else if (campaign.brandId !== brandId) fail('click_other_brand')
      else if (elapsed < 0) fail('click_after_registration')
      else if (elapsed > campaign.attributionWindowDays * DAY_MS) fail('click_outside_window')
      else return result('click', campaign.id, click.affiliateId, { clickId: click.clickId })
    }

    // 2. promo code
    if (row.coupon !== null) {
      const fail = (reason: AttributionFailureReason) => failures.push({ rule: 'promo_code', reason })
      const campaign = promo?.campaignId ? campaigns.get(promo.campaignId) : undefined
      if (!promo) fail('promo_code_not_found')
      else if (!promo.enabled || !activeOn(promo.startDate, promo.endDate, row.registeredOn, timezone))
        fail('promo_code_inactive')
      else if (promo.affiliateId === null) fail('promo_code_without_affiliate')
      else if (!campaign) fail('promo_code_without_campaign')
      else if (campaign.brandId !== brandId) fail('promo_code_other_brand')
      else return result('promo_code', campaign.id, promo.affiliateId, { promoCodeId: promo.id })
    }

    // 3. explicit campaign_id + pub_id
    if (row.campaignId !== null || row.pubId !== null) {
      const fail = (reason: AttributionFailureReason) => failures.push({ rule: 'explicit', reason })
      const campaign = row.campaignId !== null ? campaigns.get(row.campaignId) : undefined
      if (row.campaignId === null || row.pubId === null) fail('explicit_incomplete')
      else if (!campaign) fail('explicit_campaign_not_found')
      else if (campaign.brandId !== brandId) fail('explicit_other_brand')
      else if (!liveAffiliates.has(row.pubId) || !allowedPairs.has(`${row.campaignId}:${row.pubId}`))
        fail('explicit_affiliate_not_allowed')
      else return result('explicit', campaign.id, row.pubId)
    }

    return result('none', null, null)
  })
}
