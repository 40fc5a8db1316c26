/*
 * What the ledger adds up (spec: payout summary; COMMISSIONS §9–§11):
 * - statements per affiliate × period × currency: CPA (registration, goal CPA, deposit CPA,
 *   cumulative deposit, CPC), RevShare, carryover, referral and adjustment (corrections,
 *   clawbacks, tier true-ups) columns and the total, which is exactly the sum of the
 *   affiliate's rows that count (not denied, priced); plus the amounts by status;
 * - carryover balances (each closed period's carry_out per affiliate × brand × currency);
 * - the referral report per referrer × level.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { ok, unprocessable } from '@affix/core/kernel'
import { ledgerAccess, scopeRows, type LedgerAccess } from '../access.js'

const CPA_TYPES = ['registration', 'cpa', 'deposit_cpa', 'cumulative_deposit', 'cpc']
const ADJUSTMENT_TYPES = ['correction', 'clawback']

const ids = (value: unknown, field: string): number[] | undefined => {
  if (value === undefined || value === '') return undefined
  const list = ([] as unknown[]).concat(value).map(Number)
  if (list.some((id) => !Number.isSafeInteger(id) || id <= 0))
    throw unprocessable('errors.invalid_query', { field, fields: [{ field, rule: 'query' }] })
  return list
}
const periods = (value: unknown): string[] | undefined => {
  if (value === undefined || value === '') return undefined
  const list = ([] as unknown[]).concat(value).map(String)
  if (list.some((period) => !/^\d{4}-\d{2}(-\d{2})?$/.test(period)))
    throw unprocessable('payouts.close.bad_period', { period: list.join(', '), fields: [{ field: 'period' }] })
  return list
}

const money = (value: unknown) => (value === null || value === undefined ? '0.00' : String(value))

/** The statements of the affiliates the caller may see (filters: period, affiliateId, currency). */
export async function statements(access: LedgerAccess, filter: { period?: string[]; affiliateId?: number[] }) {
  // tenancy: scopeRows adds the organisation and the caller's reach
  const query = scopeRows(db.from('payouts_rows as r'), access)
  if (filter.period) query.whereIn('r.period', filter.period)
  if (filter.affiliateId) query.whereIn('r.affiliate_id', filter.affiliateId)
  const counted = `r.status <> 'denied' AND r.amount IS NOT NULL`
  const sum = (condition: string, alias: string) =>
    db.raw(`COALESCE(sum(r.amount) FILTER (WHERE ${counted} AND ${condition}), 0)::numeric(20,2)::text AS ${alias}`)
  const status = (name: string) =>
    db.raw(`COALESCE(sum(r.amount) FILTER (WHERE r.status = '${name}'), 0)::numeric(20,2)::text AS status_${name}`)
  const rows = await query
    .groupBy('r.affiliate_id', 'r.period', 'r.currency')
    .orderBy('r.period', 'desc')
    .orderBy('r.affiliate_id')
    .orderBy('r.currency')
    .select(
      'r.affiliate_id',
      'r.period',
      'r.currency',
      sum(`r.type IN (${CPA_TYPES.map((type) => `'${type}'`).join(', ')})`, 'cpa'),
      sum(`r.type = 'revshare'`, 'revshare'),
      sum(`r.type = 'carryover'`, 'carryover'),
      sum(`r.type = 'referral'`, 'referral'),
      sum(`r.type IN (${ADJUSTMENT_TYPES.map((type) => `'${type}'`).join(', ')})`, 'adjustment'),
      sum('true', 'total'),
      status('pending'),
      status('approved'),
      status('paid'),
      status('hold'),
      status('denied'),
      db.raw(`count(*) FILTER (WHERE r.status = 'pending_fx')::int AS waiting_for_rates`),
      db.raw('count(*)::int AS rows')
    )
  const closed = await db
    .from('payouts_periods')
    .where('organization_id', access.organizationId)
    .select('period', 'closed_at')
  const closedAt = new Map(closed.map((row) => [row.period, new Date(row.closed_at).toISOString()]))
  return rows.map((row: any) => ({
    affiliateId: Number(row.affiliate_id),
    period: row.period,
    closed: closedAt.has(row.period),
    closedAt: closedAt.get(row.period) ?? null,
    currency: row.currency,
    cpa: money(row.cpa),
    revshare: money(row.revshare),
    carryover: money(row.carryover),
    referral: money(row.referral),
    adjustment: money(row.adjustment),
    total: money(row.total),
    byStatus: {
      unapproved: money(row.status_pending),
      approved: money(row.status_approved),
      paid: money(row.status_paid),
      hold: money(row.status_hold),
      denied: money(row.status_denied),
    },
    waitingForRates: Number(row.waiting_for_rates),
    rows: Number(row.rows),
  }))
}

export default class ReportsController {
  async statements(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts', 'read')
    const qs = ctx.request.qs()
    return ok(
      ctx,
      await statements(access, { period: periods(qs.period), affiliateId: ids(qs.affiliateId, 'affiliateId') })
    )
  }

  /** Carry_out balances after each closed period (negative amounts the next RevShare absorbs). */
  async carryover(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts', 'read')
    const qs = ctx.request.qs()
    const query = db.from('payouts_carry_balances as b').where('b.organization_id', access.organizationId)
    if (access.affiliateIds) query.whereIn('b.affiliate_id', access.affiliateIds.length ? access.affiliateIds : [0])
    const affiliateIds = ids(qs.affiliateId, 'affiliateId')
    if (affiliateIds) query.whereIn('b.affiliate_id', affiliateIds)
    const brandIds = ids(qs.brandId, 'brandId')
    if (brandIds) query.whereIn('b.brand_id', brandIds)
    const wanted = periods(qs.period)
    if (wanted) query.whereIn('b.period', wanted)
    const rows = await query.orderBy('b.period', 'desc').orderBy('b.affiliate_id').orderBy('b.brand_id').limit(5000)
    return ok(
      ctx,
      rows.map((row) => ({
        period: row.period,
        affiliateId: Number(row.affiliate_id),
        brandId: Number(row.brand_id),
        currency: row.currency,
        amount: String(row.amount),
      }))
    )
  }

  /** Referral rows per referrer × referred affiliate × level (a referrer sees its own). */
  async referrals(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts', 'read')
    const qs = ctx.request.qs()
    // tenancy: scopeRows adds the organisation and the caller's reach
    const query = scopeRows(db.from('payouts_rows as r'), access).where('r.type', 'referral')
    const wanted = periods(qs.period)
    if (wanted) query.whereIn('r.period', wanted)
    const level = qs.level === undefined ? undefined : Number(qs.level)
    if (level !== undefined) {
      if (![1, 2, 3].includes(level))
        throw unprocessable('errors.invalid_query', { field: 'level', fields: [{ field: 'level', rule: 'query' }] })
      query.whereRaw(`(r.explanation->>'level')::int = ?`, [level])
    }
    const rows = await query
      .groupByRaw(`r.period, r.affiliate_id, r.currency, r.explanation->>'level'`)
      .orderBy('r.period', 'desc')
      .orderBy('r.affiliate_id')
      .select(
        'r.period',
        'r.affiliate_id',
        'r.currency',
        db.raw(`(r.explanation->>'level')::int AS level`),
        db.raw(`count(DISTINCT (r.explanation->>'referredAffiliateId'))::int AS referred`),
        db.raw(`sum(r.amount) FILTER (WHERE r.status <> 'denied')::numeric(20,2)::text AS amount`)
      )
    return ok(
      ctx,
      rows.map((row: any) => ({
        period: row.period,
        referrerId: Number(row.affiliate_id),
        level: Number(row.level),
        currency: row.currency,
        referredAffiliates: Number(row.referred),
        amount: money(row.amount),
      }))
    )
  }
}
