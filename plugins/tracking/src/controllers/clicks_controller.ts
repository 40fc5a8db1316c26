import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { authorize, can, list, notFound, ok, parseList, teamScopeOf, unprocessable } from '@affix/core/kernel'
import { CLICK_LIST } from '../lists.js'
import { isClickId } from '../engine/click_id.js'

/**
 * Fraud verdicts stay with those who read the fraud rules (ability fraud:read): an affiliate
 * that saw which clicks a rule marked or blocked, and why, would learn how to get past the
 * rules. Everyone else sees where each click went (outcome, destination) and every other
 * reason (a paused campaign, a cap, targeting…); a click a fraud rule blocked keeps its
 * outcome but carries no reason, and no fraud mark.
 */
const FRAUD_REASONS = new Set(['fraud_block'])
const seesFraud = (ctx: HttpContext) => can(ctx, 'fraud', 'read')

function serialize(row: any, withFraud: boolean) {
  return {
    clickId: row.click_id,
    createdAt: new Date(row.created_at).toISOString(),
    campaignId: row.campaign_id,
    brandId: row.brand_id,
    affiliateId: row.affiliate_id,
    outcome: row.outcome,
    reason: withFraud || !FRAUD_REASONS.has(row.reason) ? row.reason : null,
    ip: row.ip,
    country: row.country,
    device: row.device,
    os: row.os,
    browser: row.browser,
    language: row.language,
    userAgent: row.user_agent,
    referrer: row.referrer,
    source: row.source,
    params: row.params ?? {},
    deepLinkId: row.deep_link_id,
    deepLinkUrl: row.deep_link_url,
    urlIgnored: row.url_ignored,
    destination: row.destination,
    fraudAction: withFraud ? row.fraud_action : null,
    fraud: withFraud ? row.fraud : null,
  }
}

/** The caller's clicks: its organisation; an affiliate only its own; a team member its affiliates and campaigns. */
async function visibleClicks(ctx: HttpContext) {
  authorize(ctx, 'clicks', 'read')
  // Wrapped: an awaited query builder would run.
  const query = db.from('tracking_clicks').where('organization_id', ctx.tenant.organizationId)
  if (ctx.tenant.role === 'affiliate') return { query: query.where('affiliate_id', ctx.tenant.userId) }
  const scope = await teamScopeOf(ctx)
  if (scope.affiliateIds) query.whereIn('affiliate_id', scope.affiliateIds)
  if (scope.campaigns) query.whereIn('campaign_id', scope.campaigns)
  return { query }
}

function date(value: unknown, field: string) {
  const parsed = typeof value === 'string' ? new Date(value) : null
  if (!parsed || Number.isNaN(parsed.getTime()))
    throw unprocessable('errors.invalid_query', { field, fields: [{ field, rule: 'query' }] })
  return parsed
}

export default class ClicksController {
  async index(ctx: HttpContext) {
    const parsed = parseList(ctx, CLICK_LIST)
    const { query } = await visibleClicks(ctx)
    const withFraud = seesFraud(ctx)
    for (const [key, value] of Object.entries(parsed.filters)) {
      if (key === 'from') query.where('created_at', '>=', date(value, key))
      else if (key === 'to') query.where('created_at', '<=', date(value, key))
      else if (key === 'reason' && !withFraud) {
        // The clicks it reads carry no fraud reason: filtering by one finds none (else the filter would tell).
        const reasons = ([] as unknown[]).concat(value).filter((reason) => !FRAUD_REASONS.has(reason as string))
        if (reasons.length) query.whereIn('reason', reasons as string[])
        else query.whereRaw('false')
      } else {
        const filter = CLICK_LIST.filterable[key]
        if (!filter) continue
        if (filter.kind === 'in' || Array.isArray(value)) query.whereIn(filter.column, ([] as any[]).concat(value))
        else query.where(filter.column, value as string)
      }
    }
    const [{ total }] = await query.clone().count('* as total')
    const rows = await query
      .orderBy('created_at', parsed.sort[1])
      .orderBy('click_id', parsed.sort[1])
      .offset(parsed.offset)
      .limit(parsed.limit)
      .select('*')
    return list(
      ctx,
      'clicks',
      rows.map((row) => serialize(row, withFraud)),
      { offset: parsed.offset, total: Number(total) }
    )
  }

  async show(ctx: HttpContext) {
    const clickId = String(ctx.params.clickId).toLowerCase()
    if (!isClickId(clickId)) throw notFound()
    const { query } = await visibleClicks(ctx)
    const row = await query.where('click_id', clickId).first()
    if (!row) throw notFound()
    return ok(ctx, serialize(row, seesFraud(ctx)))
  }
}
