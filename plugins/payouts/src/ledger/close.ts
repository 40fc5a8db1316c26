/*
 * Closing a period (COMMISSIONS §9, docs/commissions.md "Closing a period"): in one
 * transaction holding the organisation's ledger lock —
 * 1. the period must have ended and every earlier one be closed (canClose);
 * 2. every customer with events or rows in it (and any still waiting to be recomputed) is
 *    recomputed with the period as final: RevShare and whole-mode tiers become final;
 * 3. CPC days of the period are recomputed;
 * 4. the engine's close adds the carryover rows (per affiliate × brand × currency, from the
 *    period's RevShare and its previous carry_out) and the referral rows (levels 1–3);
 * 5. the balances, the formula and plan versions kept, and the close itself are recorded.
 * Two closes at once: the second waits for the lock, then finds the period closed. A preview
 * runs the same steps and rolls them back.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AppError } from '@affix/core/kernel'
import { payoutPlans } from '@affix/campaigns/contracts'
import {
  canClose,
  closePeriod,
  dateOfDayNumber,
  dayNumber,
  scheduledCloseDate,
  type CarryBalance,
  type NgrShare,
  type PeriodKey,
  type PeriodRow,
} from '../engine/index.js'
import { periodClosed } from '../events.js'
import { affiliateInputs } from './inputs.js'
import { referralSetting } from './referrals.js'
import { announce, BATCH, recomputeClickDays, recomputeCustomers, settleWaiting, takeWaiting } from './recompute.js'
import { earliestOpen, ledgerState, localToday, lockLedger, type LedgerState } from './state.js'
import { applyOperations } from './store.js'

export interface CloseSummary {
  period: PeriodKey
  start: string
  end: string
  customersRecomputed: number
  rowsInserted: number
  rowsUpdated: number
  rowsDeleted: number
  carryoverRows: number
  referralRows: number
  /** Per currency and type: the period's rows after the close (denied and unpriced left out). */
  totals: Array<{ currency: string; type: string; amount: string; rows: number }>
  closedAt: string
}

class Rollback extends Error {
  constructor(readonly summary: CloseSummary) {
    super('preview')
  }
}

function refuse(reason: string, data: Record<string, unknown>): never {
  throw new AppError(`payouts.close.${reason}`, reason === 'period_already_closed' ? 409 : 422, 'conflict', data)
}

/** Customers of the period grouped so that customers sharing an affiliate are recomputed together (tiers). */
function chunksOf(entries: Array<{ customerId: number; affiliateIds: number[] }>): number[][] {
  const parent = new Map<number, number>()
  const find = (id: number): number => {
    let root = id
    while (parent.get(root) !== undefined && parent.get(root) !== root) root = parent.get(root)!
    parent.set(id, root)
    return root
  }
  for (const entry of entries) {
    for (const id of entry.affiliateIds) if (!parent.has(id)) parent.set(id, id)
    for (const id of entry.affiliateIds.slice(1)) parent.set(find(id), find(entry.affiliateIds[0]))
  }
  const components = new Map<number, number[]>()
  for (const entry of entries) {
    const root = entry.affiliateIds.length ? find(entry.affiliateIds[0]) : -entry.customerId
    const list = components.get(root)
    if (list) list.push(entry.customerId)
    else components.set(root, [entry.customerId])
  }
  const chunks: number[][] = []
  let current: number[] = []
  for (const list of components.values()) {
    if (current.length && current.length + list.length > BATCH) {
      chunks.push(current)
      current = []
    }
    current.push(...list)
  }
  if (current.length) chunks.push(current)
  return chunks
}

/** Closes `period` inside `trx` (the seed closes the demo's past months in its own transaction). */
export async function closeIn(
  trx: TransactionClientContract,
  organizationId: number,
  period: PeriodKey,
  options: { actorId: number | null; now: Date }
): Promise<CloseSummary> {
  await lockLedger(trx, organizationId)
  const state = await ledgerState(trx, organizationId)
  let info
  try {
    info = state.calendar.period(period)
  } catch {
    refuse('bad_period', { period })
  }
  const verdict = canClose(
    state.calendar,
    { firstPeriod: state.firstPeriod, lastClosed: state.lastClosed },
    period,
    localToday(state, options.now)
  )
  if (!verdict.ok) {
    const open = earliestOpen(state)
    refuse(verdict.reason, {
      period,
      open: open?.key ?? '',
      from: dateOfDayNumber(dayNumber(info.end) + 1),
    })
  }

  // 2. Everyone with events or rows in the period, and anyone still waiting to be recomputed
  // (read without a lock; settled when the close is done: a mark made meanwhile stays waiting).
  const taken = await takeWaiting(trx, organizationId)
  const waiting = taken.map((entry) => ({ customer_id: entry.customerId, affiliate_ids: [] as number[] }))
  const { rows: inPeriod } = await trx.rawQuery(
    `SELECT customer_id, affiliate_ids FROM payouts_customer_periods WHERE organization_id = ? AND period = ?
     UNION ALL
     SELECT DISTINCT r.customer_id, ARRAY[r.affiliate_id] FROM payouts_rows r
      WHERE r.organization_id = ? AND r.period = ? AND r.customer_id IS NOT NULL`,
    [organizationId, period, organizationId, period]
  )
  const members = [...inPeriod, ...waiting]
  const byCustomer = new Map<number, Set<number>>()
  for (const row of members) {
    const set = byCustomer.get(Number(row.customer_id)) ?? new Set<number>()
    for (const id of row.affiliate_ids ?? []) set.add(Number(id))
    byCustomer.set(Number(row.customer_id), set)
  }
  const chunks = chunksOf([...byCustomer].map(([customerId, set]) => ({ customerId, affiliateIds: [...set] })))
  const summary: CloseSummary = {
    period,
    start: info.start,
    end: info.end,
    customersRecomputed: 0,
    rowsInserted: 0,
    rowsUpdated: 0,
    rowsDeleted: 0,
    carryoverRows: 0,
    referralRows: 0,
    totals: [],
    closedAt: options.now.toISOString(),
  }
  const ngr: NgrShare[] = []
  for (const chunk of chunks) {
    const result = await recomputeCustomers(trx, state, chunk, { finalThrough: period })
    summary.customersRecomputed += result.customers
    summary.rowsInserted += result.inserted
    summary.rowsUpdated += result.updated
    summary.rowsDeleted += result.deleted
    for (const share of result.ngr) if (share.period === period) ngr.push(share)
  }
  // 3. CPC days.
  const clicks = await recomputeClickDays(trx, state, info.start, info.end)
  summary.rowsInserted += clicks.inserted
  summary.rowsUpdated += clicks.updated
  summary.rowsDeleted += clicks.deleted

  // 4. Carryover and referrals, from the period's rows summed per affiliate × brand × currency × kind.
  const { rows: sums } = await trx.rawQuery(
    `SELECT affiliate_id, brand_id, currency,
            CASE WHEN type = 'revshare' OR (type = 'correction' AND corrects->>'type' = 'revshare') THEN 'revshare' ELSE 'other' END AS kind,
            sum(amount)::text AS amount
       FROM payouts_rows
      WHERE organization_id = ? AND period = ? AND status <> 'denied' AND amount IS NOT NULL AND type NOT IN ('referral', 'carryover')
      GROUP BY 1, 2, 3, 4`,
    [organizationId, period]
  )
  const rows: PeriodRow[] = sums.map((row: any, index: number) => ({
    key: `sum:${index}`,
    type: row.kind === 'revshare' ? 'revshare' : 'cpa',
    affiliateId: Number(row.affiliate_id),
    brandId: row.brand_id === null ? null : Number(row.brand_id),
    currency: row.currency,
    amount: row.amount,
    status: 'pending',
    corrects: null,
  }))
  const previous = state.lastClosed
  const carryIn: CarryBalance[] = previous
    ? (await trx.from('payouts_carry_balances').where({ organization_id: organizationId, period: previous })).map(
        (row) => ({
          affiliateId: Number(row.affiliate_id),
          brandId: Number(row.brand_id),
          currency: row.currency,
          amount: String(row.amount),
        })
      )
    : []
  const closed = closePeriod({
    period,
    periodEnd: info.end,
    rows,
    affiliates: await affiliateInputs(organizationId, trx),
    carryIn,
    referral: await referralSetting(trx, organizationId),
    ngr,
  })
  const applied = await applyOperations(
    trx,
    organizationId,
    closed.rows.map((row) => ({ op: 'insert' as const, row }))
  )
  await announce(trx, organizationId, applied.inserted)
  summary.carryoverRows = closed.rows.filter((row) => row.type === 'carryover').length
  summary.referralRows = closed.rows.filter((row) => row.type === 'referral').length
  if (closed.carryOut.length)
    await trx
      .insertQuery()
      .table('payouts_carry_balances')
      .multiInsert(
        closed.carryOut.map((balance) => ({
          organization_id: organizationId,
          period,
          affiliate_id: balance.affiliateId,
          brand_id: balance.brandId,
          currency: balance.currency,
          amount: balance.amount,
        }))
      )

  // 5. The close itself: the versions the period keeps, and where the ledger stands.
  const { rows: totals } = await trx.rawQuery(
    `SELECT currency, type, sum(amount)::numeric(20,2)::text AS amount, count(*)::int AS rows FROM payouts_rows
      WHERE organization_id = ? AND period = ? AND status <> 'denied' AND amount IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
    [organizationId, period]
  )
  summary.totals = totals
  const { rows: brands } = await trx.rawQuery(
    `SELECT DISTINCT ON (brand_id) brand_id, version FROM payouts_brand_formulas WHERE organization_id = ?
      ORDER BY brand_id, version DESC`,
    [organizationId]
  )
  const plans = await payoutPlans(organizationId, undefined, trx)
  await trx
    .insertQuery()
    .table('payouts_periods')
    .insert({
      organization_id: organizationId,
      period,
      start_date: info.start,
      end_date: info.end,
      status: 'closed',
      closed_at: options.now,
      closed_by: options.actorId,
      formula_versions: JSON.stringify(Object.fromEntries(brands.map((row: any) => [row.brand_id, row.version]))),
      plan_versions: JSON.stringify(
        Object.fromEntries([...plans.values()].map((plan) => [plan.id, plan.plan.version]))
      ),
      summary: JSON.stringify(summary),
    })
  await trx
    .from('payouts_ledger_states')
    .where('organization_id', organizationId)
    .update({ last_closed: period, updated_at: options.now })
  await periodClosed.emit({ organizationId, period }, { trx })
  await settleWaiting(trx, organizationId, taken)
  return summary
}

/** Closes `period` (an admin's action, or the scheduled job with actorId null). */
export async function closeLedgerPeriod(
  organizationId: number,
  period: PeriodKey,
  options: { actorId: number | null; now?: Date }
): Promise<CloseSummary> {
  return db.transaction((trx) => closeIn(trx, organizationId, period, { ...options, now: options.now ?? new Date() }))
}

/** What closing `period` now would do, without doing it (the same steps, rolled back). */
export async function previewClose(organizationId: number, period: PeriodKey, now = new Date()): Promise<CloseSummary> {
  try {
    await db.transaction(async (trx) => {
      throw new Rollback(await closeIn(trx, organizationId, period, { actorId: null, now }))
    })
  } catch (error) {
    if (error instanceof Rollback) return error.summary
    throw error
  }
  throw new Error('preview: unreachable')
}

/** The scheduled close: every period whose delay has passed, in order (settings: 0 days = by hand only). */
export async function scheduledClose(organizationId: number, now = new Date()): Promise<PeriodKey[]> {
  const closed: PeriodKey[] = []
  for (;;) {
    const due = await db.transaction(async (trx) => {
      const state: LedgerState = await ledgerState(trx, organizationId)
      const open = earliestOpen(state)
      if (!open || state.settings.closeDelayDays === 0) return null
      const date = scheduledCloseDate(state.calendar, open.key, state.settings.closeDelayDays)
      return date !== null && localToday(state, now) >= date ? open.key : null
    })
    if (!due) return closed
    await closeLedgerPeriod(organizationId, due, { actorId: null, now })
    closed.push(due)
  }
}
