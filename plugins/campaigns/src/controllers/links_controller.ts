/*
 * Tracking links of a campaign for an affiliate (spec §7 /campaign/createLink): the kernel's
 * `/c/{campaignId}?pub_id={affiliateId}&…` shape on the affiliate's tracking domain, with an
 * optional short link (`/s/{token}`, answered by the tracking plugin).
 */
import type { HttpContext } from '@adonisjs/core/http'
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { activeDeepLinks } from '@affix/deep-links/contracts'
import { trackingBaseUrlFor } from '@affix/domains/contracts'
import {
  authorize,
  configuredBaseUrl,
  created,
  missingIds,
  shortTrackingLink,
  teamScopeOf,
  trackingLink,
  unprocessable,
  validate,
  tenantQuery,
} from '@affix/core/kernel'
import { findCampaign } from './campaigns_controller.js'
import { trackingLinkValidator } from '../validators.js'

const SCOPE = 'campaigns'
const refuse = (key: string, field: string, rule: string) =>
  unprocessable(`${SCOPE}.errors.${key}`, { fields: [{ field, rule }] })

const PARAMS = [
  ...Array.from({ length: 10 }, (_, i) => `p${i + 1}`),
  ...Array.from({ length: 10 }, (_, i) => `sub${i + 1}`),
  'source',
] as const

/** The affiliate's tracking domain, else the organisation's default one, else the configured address (never the request's Host). */
async function trackingBaseUrl(ctx: HttpContext, affiliateId: number): Promise<string> {
  const domain = await trackingBaseUrlFor(ctx.tenant.organizationId, affiliateId)
  return (domain || configuredBaseUrl()).replace(/\/+$/, '')
}

const TOKEN_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
function newToken(): string {
  return Array.from(randomBytes(10), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('')
}

/** The token of this URL (the same link asked twice keeps its token). */
async function shortToken(
  organizationId: number,
  url: string,
  campaignId: number,
  affiliateId: number,
  createdBy: number
) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { rows } = await db
      .rawQuery(
        `INSERT INTO short_links (organization_id, token, url, campaign_id, affiliate_id, created_by)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (organization_id, md5(url)) DO UPDATE SET url = EXCLUDED.url
       RETURNING token`,
        [organizationId, newToken(), url, campaignId, affiliateId, createdBy]
      )
      .catch((error) => {
        // A token collision (unique token): try another one.
        if ((error as { code?: string }).code === '23505') return { rows: [] }
        throw error
      })
    if (rows[0]) return rows[0].token as string
  }
  throw new Error('Could not allocate a short link token')
}

export default class LinksController {
  async create(ctx: HttpContext) {
    authorize(ctx, 'campaigns.links', 'manage')
    const campaign = await findCampaign(ctx)
    const data = await validate(ctx, trackingLinkValidator, SCOPE)
    const isAffiliate = ctx.tenant.role === 'affiliate'
    // An affiliate only ever gets its own links, whatever it sends.
    const affiliateId = isAffiliate ? ctx.tenant.userId : data.affiliateId
    if (!affiliateId) throw refuse('affiliate_required', 'affiliateId', 'required')
    if (!isAffiliate) {
      const scope = await teamScopeOf(ctx)
      const outOfScope = scope.affiliateIds !== null && !scope.affiliateIds.includes(affiliateId)
      if (outOfScope || (await missingIds(campaign.organizationId, 'affiliates', [affiliateId])).length)
        throw refuse('unknown_affiliate', 'affiliateId', 'exists')
    }
    const blocked = await tenantQuery(ctx)
      .from('campaign_blocked_affiliates')
      .where({ campaign_id: campaign.id, affiliate_id: affiliateId })
      .first()
    if (blocked) throw refuse('affiliate_blocked', 'affiliateId', 'blocked')
    if (campaign.visibility === 'private') {
      const access = await tenantQuery(ctx)
        .from('campaign_access')
        .where({ campaign_id: campaign.id, affiliate_id: affiliateId, status: 'approved' })
        .first()
      if (!access) throw refuse('affiliate_not_approved', 'affiliateId', 'approved')
    }
    const params: Record<string, string> = {}
    for (const name of PARAMS) {
      const value = (data as Record<string, unknown>)[name]
      if (typeof value === 'string' && value) params[name] = value
    }
    if (data.deepLinkId) {
      const deepLink = (await activeDeepLinks(campaign.organizationId, campaign.id)).find(
        (link) => link.id === data.deepLinkId
      )
      if (!deepLink) throw refuse('unknown_deep_link', 'deepLinkId', 'exists')
      // The click path accepts `url` only towards the campaign's or its deep links' hosts.
      params.url = deepLink.url
    }
    const baseUrl = await trackingBaseUrl(ctx, affiliateId)
    const url = trackingLink({ baseUrl, campaignId: campaign.id, affiliateId, params })
    const wantsShort = data.shortLink ?? campaign.shortLinkDefault
    const shortUrl = wantsShort
      ? shortTrackingLink({
          baseUrl,
          token: await shortToken(campaign.organizationId, url, campaign.id, affiliateId, ctx.tenant.userId),
        })
      : null
    return created(ctx, { campaignId: campaign.id, affiliateId, url, shortUrl })
  }
}
