/*
 * What other plugins may use of `tracking` (types and read-only services). The customers
 * plugin attributes registrations to clicks (`clicksForAttribution`), shows a customer's
 * click log (`clickLog`) and counts conversion caps with the click caps' atomic counters
 * (`createCapCounters`: same Redis script, same key layout `{c<campaign>}:<cap>:<bucket>`).
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { clickIdTime, isClickId } from './engine/click_id.js'

export { createCapCounters, CAP_KEY_PREFIX, type CapCheck, type CapCounters } from './engine/cap_counters.js'
export { isClickId }
/** The caller's IP as the click path reads it (X-Forwarded-For only from TRUSTED_PROXIES). */
export { clientIp } from './engine/visitor.js'

export interface ClickForAttribution {
  clickId: string
  /** null for a click at an unknown campaign. */
  organizationId: number | null
  campaignId: number | null
  brandId: number | null
  affiliateId: number | null
  outcome: 'redirect' | 'fallback' | 'rejected'
  createdAt: Date
  /** 'mark' when a fraud rule marked it (it still attributes), else null. */
  fraudAction: string | null
}

/**
 * The clicks among `clickIds`, of any organisation (the caller refuses a click of another
 * organisation and must never show it). Ids that are not click ids are ignored. Each id is
 * looked up with its own millisecond, so only one partition is read per click.
 */
export async function clicksForAttribution(
  clickIds: string[],
  client: QueryClientContract = db.connection()
): Promise<Map<string, ClickForAttribution>> {
  const ids = [...new Set(clickIds.map((id) => id.toLowerCase()))].filter(isClickId)
  const result = new Map<string, ClickForAttribution>()
  if (!ids.length) return result
  const times = ids.map((id) => new Date(clickIdTime(id)).toISOString())
  const { rows } = await client.rawQuery(
    `SELECT c.click_id, c.organization_id, c.campaign_id, c.brand_id, c.affiliate_id, c.outcome, c.created_at, c.fraud_action
       FROM unnest(?::uuid[], ?::timestamptz[]) AS k(click_id, created_at)
       JOIN tracking_clicks c ON c.click_id = k.click_id AND c.created_at = k.created_at`,
    [ids, times]
  )
  for (const row of rows) {
    result.set(row.click_id, {
      clickId: row.click_id,
      organizationId: row.organization_id === null ? null : Number(row.organization_id),
      campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
      brandId: row.brand_id === null ? null : Number(row.brand_id),
      affiliateId: row.affiliate_id === null ? null : Number(row.affiliate_id),
      outcome: row.outcome,
      createdAt: new Date(row.created_at),
      fraudAction: row.fraud_action ?? null,
    })
  }
  return result
}

export interface ClickLogEntry {
  clickId: string
  createdAt: string
  campaignId: number | null
  affiliateId: number | null
  outcome: string
  reason: string | null
  ip: string
  country: string | null
  device: string | null
  os: string | null
  browser: string | null
  referrer: string | null
  source: string | null
  params: Record<string, string>
  /** Fraud marks stay with the network: null when `forAffiliate`. */
  fraudAction: string | null
}

/**
 * The click log of a customer (spec §7 customers/click-log): the organisation's clicks among
 * `clickIds`, oldest first; with `forAffiliate` only that affiliate's clicks, without the
 * fraud marks.
 */
export async function clickLog(
  organizationId: number,
  clickIds: string[],
  options: { forAffiliate?: number } = {}
): Promise<ClickLogEntry[]> {
  const ids = [...new Set(clickIds.map((id) => id.toLowerCase()))].filter(isClickId)
  if (!ids.length) return []
  const times = ids.map((id) => new Date(clickIdTime(id)).toISOString())
  const { rows } = await db.rawQuery(
    `SELECT c.* FROM unnest(?::uuid[], ?::timestamptz[]) AS k(click_id, created_at)
       JOIN tracking_clicks c ON c.click_id = k.click_id AND c.created_at = k.created_at
      WHERE c.organization_id = ? ${options.forAffiliate === undefined ? '' : 'AND c.affiliate_id = ?'}
      ORDER BY c.created_at`,
    options.forAffiliate === undefined
      ? [ids, times, organizationId]
      : [ids, times, organizationId, options.forAffiliate]
  )
  return rows.map((row: any) => ({
    clickId: row.click_id,
    createdAt: new Date(row.created_at).toISOString(),
    campaignId: row.campaign_id,
    affiliateId: row.affiliate_id,
    outcome: row.outcome,
    reason: row.reason,
    ip: row.ip,
    country: row.country,
    device: row.device,
    os: row.os,
    browser: row.browser,
    referrer: row.referrer,
    source: row.source,
    params: row.params ?? {},
    fraudAction: options.forAffiliate === undefined ? row.fraud_action : null,
  }))
}

/**
 * For the commission ledger (CPC rows): clicks with outcome `redirect` that no fraud rule
 * marked, counted per affiliate × campaign × local date (in `timeZone`) for the
 * organisation's `campaignIds`, between two instants (inclusive start, exclusive end).
 */
export async function redirectClicksByDay(
  organizationId: number,
  campaignIds: number[],
  range: { from: Date; to: Date },
  timeZone: string,
  client: QueryClientContract = db.connection()
): Promise<Array<{ affiliateId: number; campaignId: number; date: string; count: number }>> {
  const ids = [...new Set(campaignIds)].filter((id) => Number.isSafeInteger(id) && id > 0)
  if (!ids.length) return []
  const { rows } = await client.rawQuery(
    `SELECT affiliate_id, campaign_id, (created_at AT TIME ZONE ?)::date::text AS date, count(*)::int AS count
       FROM tracking_clicks
      WHERE organization_id = ? AND campaign_id = ANY(?::int[]) AND created_at >= ? AND created_at < ?
        AND outcome = 'redirect' AND affiliate_id IS NOT NULL AND fraud_action IS DISTINCT FROM 'mark'
      GROUP BY 1, 2, 3`,
    [timeZone, organizationId, ids, range.from.toISOString(), range.to.toISOString()]
  )
  return rows.map((row: any) => ({
    affiliateId: Number(row.affiliate_id),
    campaignId: Number(row.campaign_id),
    date: row.date,
    count: Number(row.count),
  }))
}

/** A recorded click as the network's webhooks describe it (no IP or user agent). */
export interface RecordedClick {
  clickId: string
  createdAt: string
  campaignId: number | null
  brandId: number | null
  affiliateId: number | null
  outcome: string
  reason: string | null
  country: string | null
  device: string | null
  os: string | null
  browser: string | null
  source: string | null
  params: Record<string, string>
}

/**
 * The organisation's clicks recorded after `after` (by time, then click id; exclusive) and no
 * later than `until`, oldest first, at most `limit`: the keyset read of the click feed that the
 * postbacks plugin turns into `click.recorded` webhooks. It reads committed rows only and
 * never touches the click path.
 */
export async function clicksRecordedBetween(
  organizationId: number,
  after: { createdAt: Date; clickId: string },
  until: Date,
  limit: number,
  client: QueryClientContract = db.connection()
): Promise<RecordedClick[]> {
  const { rows } = await client.rawQuery(
    `SELECT click_id, created_at, campaign_id, brand_id, affiliate_id, outcome, reason, country, device, os, browser,
            source, params
       FROM tracking_clicks
      WHERE organization_id = ? AND created_at >= ? AND created_at <= ? AND (created_at, click_id) > (?::timestamptz, ?::uuid)
      ORDER BY created_at, click_id
      LIMIT ?`,
    [organizationId, after.createdAt, until, after.createdAt, after.clickId, Math.max(1, Math.min(limit, 10_000))]
  )
  return rows.map((row: any) => ({
    clickId: row.click_id,
    createdAt: new Date(row.created_at).toISOString(),
    campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
    brandId: row.brand_id === null ? null : Number(row.brand_id),
    affiliateId: row.affiliate_id === null ? null : Number(row.affiliate_id),
    outcome: row.outcome,
    reason: row.reason,
    country: row.country,
    device: row.device,
    os: row.os,
    browser: row.browser,
    source: row.source,
    params: row.params ?? {},
  }))
}
