/*
 * Incremental computation (docs/commissions.md "The ledger"): the customers an event
 * touched are marked dirty; one job per organisation takes them in batches and, holding the
 * organisation's ledger lock, recomputes them with the engine (plus every customer sharing
 * an affiliate × campaign × period with them on a tiered plan), records the new
 * qualification dates and applies the diff against the recorded rows of exactly that scope,
 * in one transaction. The same batch again changes nothing; two runs never double-count
 * (the lock serialises them, the diff is idempotent). CPC rows are recomputed per day from
 * the click counts.
 *
 * Marks are read without a lock and settled at the end (`takeWaiting`, `settleWaiting`):
 * every mark raises the customer's stamp, and only customers whose stamp is still the one
 * read are removed, so a mark made during a computation (activity it may not have read) keeps
 * the customer waiting, and markers never wait for a computation to finish.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { enqueueJob } from '@affix/core/kernel'
import { recordCumulativeDeposit } from '@affix/customers/contracts'
import { payoutPlans } from '@affix/campaigns/contracts'
import { redirectClicksByDay } from '@affix/tracking/contracts'
import {
  computeRowsYielding,
  diffLedger,
  type DesiredRow,
  type EngineInput,
  type EngineOutput,
  type NgrShare,
  type PeriodKey,
} from '../engine/index.js'
import { commissionsCreated } from '../events.js'
import { affiliateInputs, brandInputs, campaignInput, loadCustomers, rateLookup } from './inputs.js'
import { earliestOpen, ledgerState, lockLedger, noteFirstPeriod, type LedgerState } from './state.js'
import { applyOperations, recordedRows } from './store.js'

export const RECOMPUTE_JOB = 'payouts:recompute'
/** Customers per recomputation transaction. */
export const BATCH = 5000
/**
 * The recomputation goes before other jobs due (listeners, deliveries): marking it again
 * moves its run time to now, and a busy queue would otherwise keep pushing it back.
 */
const RECOMPUTE_PRIORITY = -10
/** Deferred customers per transaction (work due at once waits at most one of these). */
const DEFERRED_BATCH = 1000
/** Deferred work runs this long at most, then lets the jobs waiting meanwhile run first. */
const DEFERRED_SLICE_MS = 1000
const TIER_TYPES = ['cpa', 'cumulative_deposit', 'revshare']

/**
 * Distinct valid ids in ascending order: every writer of payouts_dirty_customers locks its rows
 * in customer order (markers, and `settleWaiting`), so no two of them can deadlock.
 */
const sortedIds = (customerIds: number[]) =>
  [...new Set(customerIds)].filter((id) => Number.isSafeInteger(id) && id > 0).sort((a, b) => a - b)

/** Marks customers for recomputation now (a deferred mark becomes due at once) and asks for the organisation's job. */
export async function markDirty(organizationId: number, customerIds: number[], trx?: TransactionClientContract) {
  const ids = sortedIds(customerIds)
  if (!ids.length) return
  const client = trx ?? db
  await client.rawQuery(
    `INSERT INTO payouts_dirty_customers (organization_id, customer_id, deferred, due_at)
     SELECT ?, id, false, now() FROM unnest(?::bigint[]) AS id ORDER BY id
     ON CONFLICT (organization_id, customer_id) DO UPDATE SET deferred = false, mark = payouts_dirty_customers.mark + 1,
       due_at = CASE WHEN payouts_dirty_customers.deferred THEN now() ELSE payouts_dirty_customers.due_at END`,
    [organizationId, ids]
  )
  await enqueueJob(
    RECOMPUTE_JOB,
    { organizationId },
    {
      trx,
      jobKey: `payouts:recompute:${organizationId}`,
      queueName: `payouts:${organizationId}`,
      priority: RECOMPUTE_PRIORITY,
    }
  )
}

/**
 * How long activity that can move only provisional RevShare waits before its customers are
 * recomputed (AFFIX_PAYOUTS_PROVISIONAL_DELAY_MS, default 10 s): a burst of batches for the
 * same players is then computed once, not once per batch.
 */
export function provisionalDelayMs(): number {
  const configured = Number(process.env.AFFIX_PAYOUTS_PROVISIONAL_DELAY_MS)
  return Number.isFinite(configured) && configured >= 0 ? configured : 10_000
}

/**
 * Marks customers whose new activity can move only provisional RevShare (and the NGR shares a
 * close reads): due after the provisional delay; an earlier mark (deferred or due now) keeps
 * its time (its stamp is raised). The organisation's job wakes up then, unless it is due
 * earlier already.
 */
export async function markDeferred(organizationId: number, customerIds: number[]) {
  const ids = sortedIds(customerIds)
  if (!ids.length) return
  const delay = provisionalDelayMs()
  await db.rawQuery(
    `INSERT INTO payouts_dirty_customers (organization_id, customer_id, deferred, due_at)
     SELECT ?, id, true, now() + (? * interval '1 millisecond') FROM unnest(?::bigint[]) AS id ORDER BY id
     ON CONFLICT (organization_id, customer_id) DO UPDATE SET mark = payouts_dirty_customers.mark + 1`,
    [organizationId, delay, ids]
  )
  await wakeAt(organizationId, new Date(Date.now() + delay))
}

/** The organisation's job runs at `at` at the latest (a pending earlier run keeps its time). */
async function wakeAt(organizationId: number, at: Date, priority = RECOMPUTE_PRIORITY) {
  await enqueueJob(
    RECOMPUTE_JOB,
    { organizationId },
    {
      jobKey: `payouts:recompute:${organizationId}`,
      jobKeyMode: 'preserve_run_at',
      queueName: `payouts:${organizationId}`,
      runAt: at,
      priority,
    }
  )
}

export interface RecomputeResult {
  customers: number
  inserted: number
  updated: number
  deleted: number
  /** NGR shares (referral basis) of the customers computed. */
  ngr: NgrShare[]
}

function periodOfKey(state: LedgerState, date: string) {
  return state.calendar.periodKeyOf(date)
}

function engineInput(
  state: LedgerState,
  parts: Pick<EngineInput, 'brands' | 'campaigns' | 'affiliates' | 'customers' | 'clicks' | 'rates'>,
  finalThrough?: PeriodKey | null
): EngineInput {
  return {
    organization: {
      timeZone: state.timeZone,
      period: state.setting,
      periods: { firstPeriod: state.firstPeriod, lastClosed: state.lastClosed },
      closedAt: state.closedAt,
    },
    ...parts,
    ...(finalThrough === undefined ? {} : { finalThrough }),
  }
}

async function compute(
  trx: TransactionClientContract,
  state: LedgerState,
  customerIds: number[],
  finalThrough: PeriodKey | null | undefined,
  affiliates: Awaited<ReturnType<typeof affiliateInputs>>
) {
  const loaded = await loadCustomers(trx, state, customerIds)
  const brandIds = [...loaded.campaigns.values()].map((campaign) => campaign.brandId)
  const brands = await brandInputs(trx, state, brandIds)
  const rates = await rateLookup(trx, state.organizationId, loaded.customers, loaded.campaigns)
  const output = await computeRowsYielding(
    engineInput(
      state,
      {
        brands,
        campaigns: [...loaded.campaigns.values()].map(campaignInput),
        affiliates,
        customers: loaded.customers,
        rates,
      },
      finalThrough
    )
  )
  return { loaded, output }
}

/**
 * Recomputes customers (and their tier peers) in `trx`, which must hold the ledger lock.
 * `finalThrough`: periods computed as final (a close passes the period it closes).
 */
export async function recomputeCustomers(
  trx: TransactionClientContract,
  state: LedgerState,
  customerIds: number[],
  options: { finalThrough?: PeriodKey | null; expandTiers?: boolean } = {}
): Promise<RecomputeResult> {
  const organizationId = state.organizationId
  const affiliates = await affiliateInputs(organizationId, trx)
  let ids = [...new Set(customerIds)]
  let { loaded, output } = await compute(trx, state, ids, options.finalThrough, affiliates)

  // Tiered plans rank events across customers: add everyone sharing a tier group.
  const tiered = new Set(
    [...loaded.campaigns.values()].filter((campaign) => campaign.plan.rangeRules).map((campaign) => campaign.id)
  )
  const groups = new Map<string, [number, number, string]>()
  const addGroup = (affiliateId: number, campaignId: number | null, period: string) => {
    if (campaignId !== null && tiered.has(campaignId))
      groups.set(`${affiliateId}:${campaignId}:${period}`, [affiliateId, campaignId, period])
  }
  if (tiered.size && options.expandTiers !== false) {
    for (const row of output.rows)
      if (TIER_TYPES.includes(row.type)) addGroup(row.affiliateId, row.campaignId, row.period)
    const { rows: own } = await trx.rawQuery(
      `SELECT DISTINCT affiliate_id, campaign_id, period FROM payouts_rows
        WHERE organization_id = ? AND customer_id = ANY(?::bigint[]) AND type = ANY(?::text[])`,
      [organizationId, ids, TIER_TYPES]
    )
    for (const row of own as any[]) addGroup(Number(row.affiliate_id), row.campaign_id, row.period)
    if (groups.size) {
      const { rows: peers } = await trx.rawQuery(
        `SELECT DISTINCT r.customer_id FROM payouts_rows r
           JOIN json_to_recordset(?::json) AS g(affiliate_id int, campaign_id int, period text)
             ON r.affiliate_id = g.affiliate_id AND r.campaign_id = g.campaign_id AND r.period = g.period
          WHERE r.organization_id = ? AND r.type = ANY(?::text[]) AND r.customer_id IS NOT NULL`,
        [
          JSON.stringify([...groups.values()].map(([a, c, p]) => ({ affiliate_id: a, campaign_id: c, period: p }))),
          organizationId,
          TIER_TYPES,
        ]
      )
      const known = new Set(ids)
      const extra = peers.map((row: any) => Number(row.customer_id)).filter((id: number) => !known.has(id))
      if (extra.length) {
        ids = [...ids, ...extra]
        ;({ loaded, output } = await compute(trx, state, ids, options.finalThrough, affiliates))
        for (const row of output.rows)
          if (TIER_TYPES.includes(row.type)) addGroup(row.affiliateId, row.campaignId, row.period)
      }
    }
  }

  // The first period is the one holding the earliest event.
  let earliest: string | null = null
  for (const customer of loaded.records) {
    const dates = [customer.registeredOn, ...(loaded.activity.get(customer.id) ?? []).map((row) => row.date)]
    for (const date of dates) if (earliest === null || date < earliest) earliest = date
  }
  await noteFirstPeriod(trx, state, earliest === null ? null : periodOfKey(state, earliest))
  const open = earliestOpen(state)
  await rememberCustomers(trx, state, loaded)
  await recordQualifications(trx, state, output, loaded)
  if (!open) return { customers: ids.length, inserted: 0, updated: 0, deleted: 0, ngr: output.ngr }

  const scopes = [
    ...loaded.records.map((customer) => `c:${customer.id}`),
    ...[...groups.keys()].map((group) => `t:${group}`),
    ...output.rows.filter((row) => row.key.startsWith('tier_trueup:')).map((row) => `t:${row.key.slice(12)}`),
  ]
  const recorded = await recordedRows(trx, organizationId, [...new Set(scopes)])
  const operations = diffLedger({
    desired: output.rows,
    recorded,
    lastClosed: state.lastClosed,
    earliestOpen: open,
    fraudCustomers: loaded.records.filter((customer) => customer.status === 'fraud').map((customer) => customer.id),
  })
  const applied = await applyOperations(trx, organizationId, operations)
  await waitingForRates(trx, organizationId, ids, output)
  await announce(trx, organizationId, applied.inserted)
  return {
    customers: ids.length,
    inserted: applied.inserted.length,
    updated: applied.updated,
    deleted: applied.deleted,
    ngr: output.ngr,
  }
}

/**
 * Which periods each customer has events in, and for which affiliates (a close recomputes them).
 * Unchanged entries are not rewritten: most recomputations add activity to a known period.
 */
async function rememberCustomers(
  trx: TransactionClientContract,
  state: LedgerState,
  loaded: Awaited<ReturnType<typeof loadCustomers>>
) {
  const entries: Array<{ period: string; customer_id: number; affiliate_ids: number[] }> = []
  for (const customer of loaded.records) {
    const byPeriod = new Map<string, Set<number>>()
    const note = (date: string, affiliateId: number | null) => {
      const period = periodOfKey(state, date)
      const set = byPeriod.get(period) ?? new Set<number>()
      if (affiliateId !== null) set.add(affiliateId)
      byPeriod.set(period, set)
    }
    note(customer.registeredOn, customer.affiliateId)
    for (const row of loaded.activity.get(customer.id) ?? []) note(row.date, row.affiliateId)
    for (const [period, affiliates] of byPeriod)
      entries.push({ period, customer_id: customer.id, affiliate_ids: [...affiliates] })
  }
  if (!entries.length) return
  await trx.rawQuery(
    `INSERT INTO payouts_customer_periods (organization_id, period, customer_id, affiliate_ids)
     SELECT ?, e.period, e.customer_id, ARRAY(SELECT json_array_elements_text(e.affiliate_ids)::int)
       FROM json_to_recordset(?::json) AS e(period text, customer_id bigint, affiliate_ids json)
     ON CONFLICT (organization_id, period, customer_id) DO UPDATE SET affiliate_ids = EXCLUDED.affiliate_ids
       WHERE payouts_customer_periods.affiliate_ids IS DISTINCT FROM EXCLUDED.affiliate_ids`,
    [state.organizationId, JSON.stringify(entries)]
  )
}

/**
 * Qualification dates never move later (the earlier of the recorded and the computed one).
 * A new cumulative-deposit qualification is also a conversion event of the customers plugin
 * (its caps may deny it; the denial comes back as an event and the customer is recomputed).
 */
async function recordQualifications(
  trx: TransactionClientContract,
  state: LedgerState,
  output: EngineOutput,
  loaded: Awaited<ReturnType<typeof loadCustomers>>
) {
  if (!output.qualifications.length) return
  const known = new Map(loaded.customers.map((customer) => [customer.id, customer.qualified ?? {}]))
  const fresh = output.qualifications.filter((entry) => known.get(entry.customerId)?.[entry.kind] === undefined)
  await trx.rawQuery(
    `INSERT INTO payouts_qualifications (organization_id, customer_id, kind, date)
     SELECT ?, q.customer_id, q.kind, q.date FROM json_to_recordset(?::json) AS q(customer_id bigint, kind text, date date)
     ON CONFLICT (organization_id, customer_id, kind) DO UPDATE SET date = LEAST(payouts_qualifications.date, EXCLUDED.date)`,
    [
      state.organizationId,
      JSON.stringify(
        output.qualifications.map((entry) => ({ customer_id: entry.customerId, kind: entry.kind, date: entry.date }))
      ),
    ]
  )
  const customers = new Map(loaded.customers.map((customer) => [customer.id, customer]))
  for (const entry of fresh) {
    const customer = customers.get(entry.customerId)
    if (!customer || customer.campaignId === null) continue
    const campaign = loaded.campaigns.get(customer.campaignId)!
    const cumulative =
      entry.kind === 'cumulativeDeposit' || (entry.kind === 'cpa' && campaign.plan.goal === 'c_deposit')
    if (!cumulative || campaign.plan.cumulativeDeposit === null) continue
    await recordCumulativeDeposit(trx, {
      organizationId: state.organizationId,
      customerId: customer.id,
      date: entry.date,
      amount: campaign.plan.cumulativeDeposit,
      currency: campaign.currency,
    })
  }
}

async function waitingForRates(
  trx: TransactionClientContract,
  organizationId: number,
  customerIds: number[],
  output: EngineOutput
) {
  const waiting = new Set(output.waitingForRates.map((entry) => entry.customerId))
  for (const row of output.rows) if (row.status === 'pending_fx' && row.customerId !== null) waiting.add(row.customerId)
  await trx.rawQuery('DELETE FROM payouts_waiting_rates WHERE organization_id = ? AND customer_id = ANY(?::bigint[])', [
    organizationId,
    customerIds,
  ])
  if (waiting.size)
    await trx.rawQuery(
      `INSERT INTO payouts_waiting_rates (organization_id, customer_id) SELECT ?, unnest(?::bigint[]) ON CONFLICT DO NOTHING`,
      [organizationId, [...waiting]]
    )
}

/** `payouts.commissionsCreated` for the rows a recomputation or close inserted (postbacks, webhooks). */
export async function announce(trx: TransactionClientContract, organizationId: number, rows: DesiredRow[]) {
  for (let start = 0; start < rows.length; start += 1000) {
    await commissionsCreated.emit(
      { organizationId, keys: rows.slice(start, start + 1000).map((row) => row.key) },
      { trx }
    )
  }
}

/** A waiting customer as read by a computation: its stamp tells whether it was marked again since. */
export interface Waiting {
  customerId: number
  mark: string
}

/**
 * Waiting customers of the organisation, read without a lock (in `trx`, holding the ledger
 * lock): all of them (`due` unset), or those due now of one kind, earliest first.
 */
export async function takeWaiting(
  trx: TransactionClientContract,
  organizationId: number,
  due?: { deferred: boolean; limit: number }
): Promise<Waiting[]> {
  const { rows } = due
    ? await trx.rawQuery(
        `SELECT customer_id, mark FROM payouts_dirty_customers
          WHERE organization_id = ? AND deferred = ? AND due_at <= now()
          ORDER BY due_at, customer_id LIMIT ?`,
        [organizationId, due.deferred, due.limit]
      )
    : await trx.rawQuery('SELECT customer_id, mark FROM payouts_dirty_customers WHERE organization_id = ?', [
        organizationId,
      ])
  return rows.map((row: any) => ({ customerId: Number(row.customer_id), mark: String(row.mark) }))
}

/**
 * Removes the customers a computation took, unless marked again since it read them (their
 * stamp moved): those stay waiting, a deferred one until the provisional delay has passed
 * again (as a fresh deferred mark would). Locks in customer order, as the markers do.
 */
export async function settleWaiting(trx: TransactionClientContract, organizationId: number, taken: Waiting[]) {
  if (!taken.length) return
  const { rows } = await trx.rawQuery(
    `SELECT customer_id, mark, deferred FROM payouts_dirty_customers
      WHERE organization_id = ? AND customer_id = ANY(?::bigint[]) ORDER BY customer_id FOR UPDATE`,
    [organizationId, taken.map((entry) => entry.customerId)]
  )
  const read = new Map(taken.map((entry) => [entry.customerId, entry.mark]))
  const done: number[] = []
  const postponed: number[] = []
  for (const row of rows as any[]) {
    const customerId = Number(row.customer_id)
    if (read.get(customerId) === String(row.mark)) done.push(customerId)
    else if (row.deferred) postponed.push(customerId)
  }
  if (done.length)
    await trx.rawQuery(
      'DELETE FROM payouts_dirty_customers WHERE organization_id = ? AND customer_id = ANY(?::bigint[])',
      [organizationId, done]
    )
  if (postponed.length)
    await trx.rawQuery(
      `UPDATE payouts_dirty_customers SET due_at = now() + (? * interval '1 millisecond')
        WHERE organization_id = ? AND customer_id = ANY(?::bigint[])`,
      [provisionalDelayMs(), organizationId, postponed]
    )
}

/**
 * The job: recomputes the organisation's due customers, a batch per transaction, those due at
 * once first, until none is due; then wakes up again when the next deferred one is. Each batch
 * holds the ledger lock; a failure leaves its customers marked.
 */
export async function processDirty(organizationId: number): Promise<number> {
  let total = 0
  const started = Date.now()
  let paused = false
  for (let round = 0; ; round++) {
    const { done, deferred } = await db.transaction(async (trx) => {
      await lockLedger(trx, organizationId)
      // What is due at once first, in full batches; deferred work in smaller ones, so that
      // work due at once never waits long behind it.
      const take = (deferred: boolean) =>
        takeWaiting(trx, organizationId, { deferred, limit: deferred ? DEFERRED_BATCH : BATCH })
      // Every other batch goes to deferred work when some is due, so a steady stream of work
      // due at once never starves it (it waits one deferred batch at most).
      const preferDeferred = round % 2 === 1
      let tookDeferred = preferDeferred
      let taken = await take(preferDeferred)
      if (!taken.length) {
        tookDeferred = !preferDeferred
        taken = await take(!preferDeferred)
      }
      if (!taken.length) return { done: 0, deferred: tookDeferred }
      const state = await ledgerState(trx, organizationId)
      await recomputeCustomers(
        trx,
        state,
        taken.map((entry) => entry.customerId)
      )
      await settleWaiting(trx, organizationId, taken)
      return { done: taken.length, deferred: tookDeferred }
    })
    total += done
    if (done === 0) break
    // Deferred work gives the worker back now and then: the listeners that decide what is
    // due at once (and other plugins' jobs) run in between.
    if (deferred && Date.now() - started > DEFERRED_SLICE_MS) {
      paused = true
      break
    }
  }
  const next = await db
    .from('payouts_dirty_customers')
    .where('organization_id', organizationId)
    .min('due_at as due')
    .first()
  // After a slice, again at once but at the normal priority: jobs already waiting (the
  // listeners) go first, then the deferred work goes on.
  if (paused) await wakeAt(organizationId, new Date(), 0)
  else if (next?.due) await wakeAt(organizationId, new Date(Math.max(Date.now(), new Date(next.due).getTime())))
  return total
}

/** The instants a range of local dates covers in the organisation's zone. */
function instantsOf(state: LedgerState, from: string, to: string) {
  return {
    from: DateTime.fromISO(from, { zone: state.timeZone }).startOf('day').toJSDate(),
    to: DateTime.fromISO(to, { zone: state.timeZone }).plus({ days: 1 }).startOf('day').toJSDate(),
  }
}

/** Recomputes the CPC rows of the local dates `from`..`to` (in `trx`, holding the ledger lock). */
export async function recomputeClickDays(
  trx: TransactionClientContract,
  state: LedgerState,
  from: string,
  to: string
): Promise<RecomputeResult> {
  const organizationId = state.organizationId
  const cpc = [...(await payoutPlans(organizationId, undefined, trx)).values()].filter(
    (campaign) => campaign.plan.model === 'cpc'
  )
  const dates: string[] = []
  for (let day = DateTime.fromISO(from); day.toISODate()! <= to; day = day.plus({ days: 1 }))
    dates.push(day.toISODate()!)
  const clicks = cpc.length
    ? await redirectClicksByDay(
        organizationId,
        cpc.map((campaign) => campaign.id),
        instantsOf(state, from, to),
        state.timeZone,
        trx
      )
    : []
  if (clicks.length) {
    const first = clicks.reduce((min, entry) => (entry.date < min ? entry.date : min), clicks[0].date)
    await noteFirstPeriod(trx, state, periodOfKey(state, first))
  }
  const open = earliestOpen(state)
  const recorded = await recordedRows(
    trx,
    organizationId,
    dates.map((date) => `d:${date}`)
  )
  if (!open || (!clicks.length && !recorded.length))
    return { customers: 0, inserted: 0, updated: 0, deleted: 0, ngr: [] }
  const output = await computeRowsYielding(
    engineInput(state, {
      brands: await brandInputs(
        trx,
        state,
        cpc.map((campaign) => campaign.brandId)
      ),
      campaigns: cpc.map(campaignInput),
      affiliates: await affiliateInputs(organizationId, trx),
      customers: [],
      clicks,
      rates: () => null,
    })
  )
  const operations = diffLedger({
    desired: output.rows,
    recorded,
    lastClosed: state.lastClosed,
    earliestOpen: open,
    fraudCustomers: [],
  })
  const applied = await applyOperations(trx, organizationId, operations)
  await announce(trx, organizationId, applied.inserted)
  return {
    customers: 0,
    inserted: applied.inserted.length,
    updated: applied.updated,
    deleted: applied.deleted,
    ngr: [],
  }
}

/** The CPC job: today's and yesterday's clicks of every organisation with a ledger (a few dates at most). */
export async function refreshClicks(organizationId: number, now = new Date()) {
  await db.transaction(async (trx) => {
    await lockLedger(trx, organizationId)
    const state = await ledgerState(trx, organizationId)
    const today = DateTime.fromJSDate(now, { zone: state.timeZone }).toISODate()!
    const yesterday = DateTime.fromJSDate(now, { zone: state.timeZone }).minus({ days: 1 }).toISODate()!
    await recomputeClickDays(trx, state, yesterday, today)
  })
}
