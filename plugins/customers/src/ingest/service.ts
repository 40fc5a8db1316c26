/*
 * The ingest service: ONE code path for registrations and activity, whatever way they came
 * in (batch API, postback, CSV import, demo data). It works on a batch inside the caller's
 * transaction with set-based SQL (unnest arrays, multi-row upserts; never a query per row),
 * answers each row created | updated | duplicate | error with its reason, and emits the
 * batch's events in the same transaction. A refused row never stops the others; the caller's
 * transaction makes the good rows commit together or not at all.
 *
 * Idempotency (COMMISSIONS §3): an activity row's key is its txn_id (per brand), else its
 * customer and date. The same key with the same values is a `duplicate` and writes nothing;
 * with other values it is a correction: the row takes the new values, its version goes up
 * and the values it had are kept as a revision. A row that appears twice in one batch is
 * handled in order (the second occurrence sees the first). Concurrent batches on the same
 * keys are safe: inserts use ON CONFLICT DO NOTHING and corrections compare the version
 * they read, and what lost a race is looked at again.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { organizationPreferences } from '@affix/core/kernel'
import { AMOUNT_FIELDS, B_FIELDS, type AmountField, type IngestSource } from '../constants.js'
import { activityChanged, CHANGE_FLAGS, conversionsRecorded, customersRegistered } from '../events.js'
import { attribute, type Attribution } from './attribution.js'
import { countConversions, type CapDecision, type CountedConversion } from './caps.js'
import {
  attempt,
  dateContext,
  readActivity,
  readRegistration,
  type ActivityRow,
  type DateContext,
  type RegistrationRow,
  type RowError,
} from './rows.js'
import { plainArray, sql, textArray } from '../sql.js'

export type RowStatus = 'created' | 'updated' | 'duplicate' | 'error'

export interface RowResult {
  status: RowStatus
  /** The customer (registrations) or activity row (activity) written or found. */
  id: number | null
  customerId: number | null
  error?: RowError
  /** Things worth knowing about an accepted row (e.g. an FTD flag that did not move the FTD). */
  notes?: RowError[]
  /** Registrations: how the customer was attributed. */
  attribution?: Pick<Attribution, 'source' | 'campaignId' | 'affiliateId' | 'failures'>
}

export interface IngestOptions {
  organizationId: number
  source: IngestSource
  trx: TransactionClientContract
  /** The organisation's zone (read from its preferences when absent). */
  timezone?: string
  now?: Date
}

const MAX_RACE_RETRIES = 3
const ids = (rows: any[], column = 'id') => rows.map((row) => Number(row[column]))

async function contextOf(options: IngestOptions): Promise<DateContext> {
  const timezone = options.timezone ?? (await organizationPreferences(options.organizationId, options.trx)).timezone
  return dateContext(timezone, options.now)
}

/** Splits items into rounds so that each key appears at most once per round, in arrival order. */
function rounds<T>(items: T[], keyOf: (item: T) => string): T[][] {
  const seen = new Map<string, number>()
  const result: T[][] = []
  for (const item of items) {
    const key = keyOf(item)
    const round = seen.get(key) ?? 0
    seen.set(key, round + 1)
    ;(result[round] ??= []).push(item)
  }
  return result
}

// ====================================================================== registrations

interface RegistrationItem {
  index: number
  row: RegistrationRow
  attribution: Attribution
}

const PROFILE = ['cu_name', 'email', 'ip', 'currency', 'country', ...B_FIELDS] as const

function profileOf(row: RegistrationRow): Record<(typeof PROFILE)[number], string | null> {
  const profile: Record<string, string | null> = {
    cu_name: row.cuName,
    email: row.email,
    ip: row.ip,
    currency: row.currency,
    country: row.country,
  }
  B_FIELDS.forEach((field, i) => (profile[field] = row.b[i]))
  return profile as Record<(typeof PROFILE)[number], string | null>
}

export async function ingestRegistrations(options: IngestOptions, inputs: unknown[]): Promise<RowResult[]> {
  const { trx, organizationId } = options
  const context = await contextOf(options)
  const results: RowResult[] = new Array(inputs.length)
  const parsed: Array<{ index: number; row: RegistrationRow }> = []
  inputs.forEach((input, index) => {
    const read = attempt(() => readRegistration(input, context))
    if (read.ok) parsed.push({ index, row: read.row })
    else results[index] = { status: 'error', id: null, customerId: null, error: read.error }
  })
  const attributions = parsed.length
    ? await attribute(
        organizationId,
        context.timezone,
        parsed.map((p) => p.row),
        trx
      )
    : []
  const items: RegistrationItem[] = []
  parsed.forEach((entry, i) => {
    const attribution = attributions[i]
    if ('key' in attribution) results[entry.index] = { status: 'error', id: null, customerId: null, error: attribution }
    else items.push({ ...entry, attribution })
  })

  const created: RegistrationItem[] = []
  for (const round of rounds(items, (item) => `${item.attribution.brandId}:${item.row.cuid}`)) {
    let pending = round
    for (let attempt = 0; pending.length && attempt < MAX_RACE_RETRIES; attempt++) {
      pending = await registrationRound(options, pending, results, created)
    }
    for (const item of pending)
      results[item.index] = { status: 'error', id: null, customerId: null, error: { key: 'busy' } }
  }

  // Registration conversions of attributed new customers, counted against the leads caps.
  const attributed = created.filter((item) => item.attribution.campaignId !== null)
  let conversionIds: number[] = []
  let deniedCustomerIds: number[] = []
  if (attributed.length) {
    const { rows } = await sql(
      trx,
      `INSERT INTO customer_conversions (organization_id, customer_id, brand_id, campaign_id, affiliate_id, type, date, occurred_at, click_id)
       SELECT ?, u.customer_id, u.brand_id, u.campaign_id, u.affiliate_id, 'registration', u.date, u.occurred_at, u.click_id
         FROM unnest(?::bigint[], ?::int[], ?::int[], ?::int[], ?::date[], ?::timestamptz[], ?::uuid[])
              AS u(customer_id, brand_id, campaign_id, affiliate_id, date, occurred_at, click_id)
       ON CONFLICT DO NOTHING
       RETURNING id, customer_id, campaign_id, affiliate_id, date::text AS date, occurred_at`,
      [
        organizationId,
        attributed.map((item) => results[item.index].customerId),
        attributed.map((item) => item.attribution.brandId),
        attributed.map((item) => item.attribution.campaignId),
        attributed.map((item) => item.attribution.affiliateId),
        attributed.map((item) => item.row.registeredOn),
        attributed.map((item) => item.row.registeredAt.toISOString()),
        attributed.map((item) => item.attribution.clickId),
      ]
    )
    conversionIds = ids(rows)
    const decisions = await countConversions(
      trx,
      context.timezone,
      rows.map((row: any): CountedConversion => ({
        id: Number(row.id),
        campaignId: Number(row.campaign_id),
        affiliateId: row.affiliate_id === null ? null : Number(row.affiliate_id),
        type: 'registration',
        date: row.date,
        instant: new Date(row.occurred_at),
      })),
      organizationId
    )
    deniedCustomerIds = deniedCustomers(rows, decisions)
  }
  if (created.length)
    await customersRegistered.emit(
      { organizationId, customerIds: created.map((item) => results[item.index].customerId!) },
      { trx }
    )
  if (conversionIds.length)
    await conversionsRecorded.emit({ organizationId, conversionIds, deniedCustomerIds }, { trx })
  return results
}

/** One round (each key once): update or keep existing customers, insert new ones; returns the rows that lost a race. */
async function registrationRound(
  options: IngestOptions,
  items: RegistrationItem[],
  results: RowResult[],
  created: RegistrationItem[]
): Promise<RegistrationItem[]> {
  const { trx, organizationId } = options
  const { rows: existingRows } = await sql(
    trx,
    `SELECT c.id, c.brand_id, c.cuid, ${PROFILE.map((column) => `c.${column}`).join(', ')}
       FROM unnest(?::int[], ?::text[]) AS k(brand_id, cuid)
       CROSS JOIN LATERAL (SELECT * FROM customers c WHERE c.organization_id = ? AND c.brand_id = k.brand_id AND c.cuid = k.cuid OFFSET 0) c`,
    [items.map((item) => item.attribution.brandId), items.map((item) => item.row.cuid), organizationId]
  )
  const existing = new Map<string, any>(existingRows.map((row: any) => [`${row.brand_id}:${row.cuid}`, row]))
  const inserts: RegistrationItem[] = []
  const updates: Array<{ item: RegistrationItem; id: number; profile: Record<string, string | null> }> = []
  for (const item of items) {
    const found = existing.get(`${item.attribution.brandId}:${item.row.cuid}`)
    if (!found) {
      inserts.push(item)
      continue
    }
    const profile = profileOf(item.row)
    // A registration is attributed once: a later row only updates the profile.
    const same = PROFILE.every((column) => (found[column]?.trim?.() ?? found[column] ?? null) === profile[column])
    const id = Number(found.id)
    results[item.index] = { status: same ? 'duplicate' : 'updated', id, customerId: id }
    if (!same) updates.push({ item, id, profile })
  }
  if (updates.length) {
    await sql(
      trx,
      `UPDATE customers c SET ${PROFILE.map((column) => `${column} = u.${column}`).join(', ')},
              version = c.version + 1, updated_at = now()
         FROM unnest(?::bigint[], ${PROFILE.map(() => '?::text[]').join(', ')}) AS u(id, ${PROFILE.join(', ')})
        WHERE c.id = u.id AND c.id = ANY(?::bigint[])`,
      [
        updates.map((update) => update.id),
        ...PROFILE.map((column) => updates.map((update) => update.profile[column])),
        updates.map((update) => update.id),
      ]
    )
  }
  if (!inserts.length) return []
  const { rows: insertedRows } = await sql(
    trx,
    `INSERT INTO customers (organization_id, brand_id, cuid, ${PROFILE.join(', ')}, registered_at, registered_on, cid, coupon,
                            requested_campaign_id, requested_pub_id, campaign_id, affiliate_id, attribution_source,
                            attribution_click_id, attribution_promo_code_id, attribution_failures, source)
     SELECT ?, u.brand_id, u.cuid, ${PROFILE.map((column) => `u.${column}`).join(', ')}, u.registered_at, u.registered_on, u.cid, u.coupon,
            u.requested_campaign_id, u.requested_pub_id, u.campaign_id, u.affiliate_id, u.attribution_source,
            u.attribution_click_id, u.attribution_promo_code_id, u.attribution_failures, ?
       FROM unnest(?::int[], ?::text[], ${PROFILE.map(() => '?::text[]').join(', ')}, ?::timestamptz[], ?::date[], ?::text[], ?::text[],
                   ?::int[], ?::int[], ?::int[], ?::int[], ?::text[], ?::uuid[], ?::int[], ?::jsonb[])
            AS u(brand_id, cuid, ${PROFILE.join(', ')}, registered_at, registered_on, cid, coupon,
                 requested_campaign_id, requested_pub_id, campaign_id, affiliate_id, attribution_source,
                 attribution_click_id, attribution_promo_code_id, attribution_failures)
     ON CONFLICT (organization_id, cuid, brand_id) DO NOTHING
     RETURNING id, brand_id, cuid`,
    [
      organizationId,
      options.source,
      inserts.map((item) => item.attribution.brandId),
      inserts.map((item) => item.row.cuid),
      ...PROFILE.map((column) => inserts.map((item) => profileOf(item.row)[column])),
      inserts.map((item) => item.row.registeredAt.toISOString()),
      inserts.map((item) => item.row.registeredOn),
      inserts.map((item) => item.row.cid),
      inserts.map((item) => item.row.coupon),
      inserts.map((item) => item.row.campaignId),
      inserts.map((item) => item.row.pubId),
      inserts.map((item) => item.attribution.campaignId),
      inserts.map((item) => item.attribution.affiliateId),
      inserts.map((item) => item.attribution.source),
      inserts.map((item) => item.attribution.clickId),
      inserts.map((item) => item.attribution.promoCodeId),
      inserts.map((item) => JSON.stringify(item.attribution.failures)),
    ]
  )
  const inserted = new Map<string, number>(
    insertedRows.map((row: any) => [`${row.brand_id}:${row.cuid}`, Number(row.id)])
  )
  const lost: RegistrationItem[] = []
  for (const item of inserts) {
    const id = inserted.get(`${item.attribution.brandId}:${item.row.cuid}`)
    if (id === undefined) {
      lost.push(item)
      continue
    }
    const { source, campaignId, affiliateId, failures } = item.attribution
    results[item.index] = {
      status: 'created',
      id,
      customerId: id,
      attribution: { source, campaignId, affiliateId, failures },
    }
    created.push(item)
  }
  return lost
}

// ====================================================================== activity

interface CustomerRef {
  id: number
  brandId: number
  registeredOn: string
  status: 'active' | 'fraud'
  campaignId: number | null
  affiliateId: number | null
  currency: string | null
  ftdActivityId: number | null
  clickId: string | null
}

interface ActivityItem {
  index: number
  row: ActivityRow
  customer: CustomerRef
  currency: string
  affiliateId: number | null
  key: string
}

/** The compared and stored values of a row, as PostgreSQL returns them. */
type Values = Record<AmountField, string> & {
  date: string
  currency: string
  deposit_count: number
  bet_count: number
  ftd: boolean
}

function valuesOf(item: ActivityItem): Values {
  return {
    ...item.row.amounts,
    date: item.row.date,
    currency: item.currency,
    deposit_count: item.row.depositCount,
    bet_count: item.row.betCount,
    ftd: item.row.ftd,
  }
}

function sameValues(stored: any, values: Values) {
  if (stored.date !== values.date || stored.currency !== values.currency || stored.ftd !== values.ftd) return false
  if (Number(stored.deposit_count) !== values.deposit_count || Number(stored.bet_count) !== values.bet_count)
    return false
  for (const field of AMOUNT_FIELDS) if (stored[field] !== values[field]) return false
  return true
}

const STORED_COLUMNS = `a.id, a.customer_id, a.brand_id, a.txn_id, a.date::text AS date, a.currency, ${AMOUNT_FIELDS.map((f) => `a.${f}`).join(', ')},
  a.deposit_count, a.bet_count, a.ftd, a.version, a.source, a.affiliate_id`

const isDeposit = (values: Values) => values.deposits !== '0.000000' && !values.deposits.startsWith('-')

/** What the written row contributes as a deposit event: the FTD amount is `ftd_amount` when flagged, else `deposits`. */
function ftdAmountOf(values: Values) {
  return values.ftd && values.ftd_amount !== '0.000000' ? values.ftd_amount : values.deposits
}

async function loadCustomers(
  options: IngestOptions,
  rows: Array<{ index: number; row: ActivityRow }>
): Promise<Map<string, CustomerRef[]>> {
  const cuids = [...new Set(rows.map((entry) => entry.row.cuid))]
  const byCuid = new Map<string, CustomerRef[]>()
  if (!cuids.length) return byCuid
  const { rows: found } = await sql(
    options.trx,
    `SELECT c.id, c.brand_id, c.cuid, c.registered_on::text AS registered_on, c.status, c.campaign_id, c.affiliate_id,
            c.currency, c.ftd_activity_id, c.attribution_click_id,
            -- Reassignments are rare: one probe per batch tells whether to look them up per customer.
            (SELECT EXISTS (SELECT 1 FROM customer_reassignments WHERE organization_id = ?)) AS organization_reassigns
       FROM unnest(?::text[]) AS k(cuid)
       CROSS JOIN LATERAL (SELECT * FROM customers c WHERE c.organization_id = ? AND c.cuid = k.cuid OFFSET 0) c`,
    [options.organizationId, textArray(cuids), options.organizationId]
  )
  const moves = new Map<number, Array<{ from: string; affiliateId: number }>>()
  if (found.length && found[0].organization_reassigns) {
    const { rows: reassignments } = await sql(
      options.trx,
      `SELECT customer_id, to_affiliate_id, effective_date::text AS effective_date FROM customer_reassignments
        WHERE customer_id = ANY(?::bigint[]) ORDER BY effective_date, id`,
      [found.map((row: any) => Number(row.id))]
    )
    for (const move of reassignments) {
      const list = moves.get(Number(move.customer_id)) ?? []
      list.push({ from: move.effective_date, affiliateId: Number(move.to_affiliate_id) })
      moves.set(Number(move.customer_id), list)
    }
  }
  for (const row of found) {
    const ref: CustomerRef & { moves?: Array<{ from: string; affiliateId: number }> } = {
      id: Number(row.id),
      brandId: Number(row.brand_id),
      registeredOn: row.registered_on,
      status: row.status,
      campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
      affiliateId: row.affiliate_id === null ? null : Number(row.affiliate_id),
      currency: row.currency?.trim() ?? null,
      ftdActivityId: row.ftd_activity_id === null ? null : Number(row.ftd_activity_id),
      clickId: row.attribution_click_id ?? null,
      moves: moves.get(Number(row.id)),
    }
    const list = byCuid.get(row.cuid) ?? []
    list.push(ref)
    byCuid.set(row.cuid, list)
  }
  return byCuid
}

/** The affiliate that earns a customer's activity of `date`: the last reassignment in effect, else the attributed one. */
function earningAffiliate(
  customer: CustomerRef & { moves?: Array<{ from: string; affiliateId: number }> },
  date: string
) {
  let affiliateId = customer.affiliateId
  for (const move of customer.moves ?? []) if (move.from <= date) affiliateId = move.affiliateId
  return affiliateId
}

interface ActivityRun {
  created: ActivityItem[]
  corrected: ActivityItem[]
  /** Written rows by item, with the values they now hold. */
  written: Map<ActivityItem, { id: number; values: Values }>
}

export async function ingestActivity(options: IngestOptions, inputs: unknown[]): Promise<RowResult[]> {
  const { trx, organizationId } = options
  const context = await contextOf(options)
  const results: RowResult[] = new Array(inputs.length)
  const error = (index: number, failure: RowError) =>
    (results[index] = { status: 'error', id: null, customerId: null, error: failure })

  const parsed: Array<{ index: number; row: ActivityRow }> = []
  inputs.forEach((input, index) => {
    const read = attempt(() => readActivity(input, context))
    if (read.ok) parsed.push({ index, row: read.row })
    else error(index, read.error)
  })
  const customers = await loadCustomers(options, parsed)
  const items: ActivityItem[] = []
  for (const { index, row } of parsed) {
    const candidates = (customers.get(row.cuid) ?? []).filter(
      (customer) => row.brandId === null || customer.brandId === row.brandId
    )
    if (!candidates.length) {
      error(index, { key: 'unknown_cuid', data: { cuid: row.cuid.slice(0, 100) } })
      continue
    }
    if (candidates.length > 1) {
      error(index, { key: 'ambiguous_cuid', data: { cuid: row.cuid.slice(0, 100) } })
      continue
    }
    const customer = candidates[0]
    if (row.date < customer.registeredOn) {
      error(index, { key: 'before_registration', data: { date: row.date, registered: customer.registeredOn } })
      continue
    }
    const currency = row.currency ?? customer.currency
    if (!currency) {
      error(index, { key: 'currency_required' })
      continue
    }
    items.push({
      index,
      row,
      customer,
      currency,
      affiliateId: earningAffiliate(customer, row.date),
      key: row.txnId !== null ? `t:${customer.brandId}:${row.txnId}` : `d:${customer.id}:${row.date}`,
    })
  }

  const run: ActivityRun = { created: [], corrected: [], written: new Map() }
  for (const round of rounds(items, (item) => item.key)) {
    let pending = round
    for (let attempt = 0; pending.length && attempt < MAX_RACE_RETRIES; attempt++) {
      pending = await activityRound(options, pending, results, run)
    }
    for (const item of pending) error(item.index, { key: 'busy' })
  }

  const ftdCustomerIds = await fixFirstDeposits(options, run, results)
  const conversions = await recordActivityConversions(options, context, run)

  const changed = [...run.created, ...run.corrected]
  if (changed.length) {
    // Per customer: the earliest date of its rows here, and what they carry (CHANGE_FLAGS).
    const summaries = new Map<number, { from: string; flags: number }>()
    const corrected = new Set(run.corrected)
    for (const item of changed) {
      const { values } = run.written.get(item)!
      const flags =
        (/^-?0*\.?0*$/.test(values.deposits) ? 0 : CHANGE_FLAGS.deposits) |
        (values.deposit_count > 0 ? CHANGE_FLAGS.depositCount : 0) |
        (corrected.has(item) ? CHANGE_FLAGS.corrected : 0)
      const summary = summaries.get(item.customer.id)
      if (!summary) summaries.set(item.customer.id, { from: values.date, flags })
      else {
        if (values.date < summary.from) summary.from = values.date
        summary.flags |= flags
      }
    }
    await activityChanged.emit(
      {
        organizationId,
        activityIds: changed.map((item) => run.written.get(item)!.id),
        correctedIds: run.corrected.map((item) => run.written.get(item)!.id),
        customerIds: [...summaries.keys()],
        ftdCustomerIds,
        customerFrom: [...summaries.values()].map((summary) => summary.from),
        customerFlags: [...summaries.values()].map((summary) => summary.flags),
      },
      { trx }
    )
  }
  if (conversions.ids.length)
    await conversionsRecorded.emit(
      { organizationId, conversionIds: conversions.ids, deniedCustomerIds: conversions.deniedCustomerIds },
      { trx }
    )
  return results
}

/**
 * One round (each key once). Insert first (ON CONFLICT DO NOTHING): a new key costs one
 * statement; only the rows whose key exists are looked up, then answered duplicate or
 * corrected. Returns the rows that lost a race to a concurrent batch (looked at again).
 */
async function activityRound(
  options: IngestOptions,
  items: ActivityItem[],
  results: RowResult[],
  run: ActivityRun
): Promise<ActivityItem[]> {
  const { trx, organizationId } = options
  const lost: ActivityItem[] = []
  const existing: ActivityItem[] = []
  const { rows: inserted } = await sql(
    trx,
    `INSERT INTO customer_activity (organization_id, customer_id, brand_id, campaign_id, affiliate_id, date, txn_id, currency,
                                    ${AMOUNT_FIELDS.join(', ')}, deposit_count, bet_count, ftd, fraud, source)
     SELECT ?, u.customer_id, u.brand_id, u.campaign_id, u.affiliate_id, u.date, u.txn_id, u.currency,
            ${AMOUNT_FIELDS.map((field) => `u.${field}`).join(', ')}, u.deposit_count, u.bet_count, u.ftd, u.fraud, ?
       FROM unnest(?::bigint[], ?::int[], ?::int[], ?::int[], ?::date[], ?::text[], ?::text[],
                   ${AMOUNT_FIELDS.map(() => '?::numeric[]').join(', ')}, ?::int[], ?::int[], ?::bool[], ?::bool[])
            AS u(customer_id, brand_id, campaign_id, affiliate_id, date, txn_id, currency,
                 ${AMOUNT_FIELDS.join(', ')}, deposit_count, bet_count, ftd, fraud)
     ON CONFLICT DO NOTHING
     RETURNING id, customer_id, brand_id, txn_id, date::text AS date`,
    [
      organizationId,
      options.source,
      plainArray(items.map((item) => item.customer.id)),
      plainArray(items.map((item) => item.customer.brandId)),
      plainArray(items.map((item) => item.customer.campaignId)),
      plainArray(items.map((item) => item.affiliateId)),
      plainArray(items.map((item) => item.row.date)),
      textArray(items.map((item) => item.row.txnId)),
      textArray(items.map((item) => item.currency)),
      ...AMOUNT_FIELDS.map((field) => plainArray(items.map((item) => item.row.amounts[field]))),
      plainArray(items.map((item) => item.row.depositCount)),
      plainArray(items.map((item) => item.row.betCount)),
      plainArray(items.map((item) => item.row.ftd)),
      plainArray(items.map((item) => item.customer.status === 'fraud')),
    ]
  )
  const byKey = new Map<string, number>()
  for (const row of inserted) {
    const key = row.txn_id !== null ? `t:${row.brand_id}:${row.txn_id}` : `d:${row.customer_id}:${row.date}`
    byKey.set(key, Number(row.id))
  }
  for (const item of items) {
    const id = byKey.get(item.key)
    if (id === undefined) {
      existing.push(item)
      continue
    }
    results[item.index] = { status: 'created', id, customerId: item.customer.id }
    run.created.push(item)
    run.written.set(item, { id, values: valuesOf(item) })
  }
  if (!existing.length) return lost

  // The keys that exist: the same values are a duplicate, others a correction.
  const byTxn = existing.filter((item) => item.row.txnId !== null)
  const daily = existing.filter((item) => item.row.txnId === null)
  // One after the other: both run on the caller's transaction.
  const txnRows: any[] = byTxn.length
    ? await sql(
        trx,
        `SELECT ${STORED_COLUMNS} FROM unnest(?::int[], ?::text[]) AS k(brand_id, txn_id)
           CROSS JOIN LATERAL (SELECT * FROM customer_activity a
                                WHERE a.organization_id = ? AND a.brand_id = k.brand_id AND a.txn_id = k.txn_id OFFSET 0) a`,
        [
          plainArray(byTxn.map((item) => item.customer.brandId)),
          textArray(byTxn.map((item) => item.row.txnId)),
          organizationId,
        ]
      ).then((result) => result.rows)
    : []
  const dailyRows: any[] = daily.length
    ? await sql(
        trx,
        `SELECT ${STORED_COLUMNS} FROM unnest(?::bigint[], ?::date[]) AS k(customer_id, date)
           CROSS JOIN LATERAL (SELECT * FROM customer_activity a
                                WHERE a.customer_id = k.customer_id AND a.date = k.date AND a.txn_id IS NULL OFFSET 0) a`,
        [plainArray(daily.map((item) => item.customer.id)), plainArray(daily.map((item) => item.row.date))]
      ).then((result) => result.rows)
    : []
  const stored = new Map<string, any>()
  for (const row of txnRows) stored.set(`t:${row.brand_id}:${row.txn_id}`, row)
  for (const row of dailyRows) stored.set(`d:${row.customer_id}:${row.date}`, row)

  const corrections: Array<{ item: ActivityItem; old: any; values: Values }> = []
  for (const item of existing) {
    const old = stored.get(item.key)
    // Conflicted, yet not found: a concurrent batch holds it uncommitted or rolled it back; look again.
    if (!old) {
      lost.push(item)
      continue
    }
    const id = Number(old.id)
    if (Number(old.customer_id) !== item.customer.id) {
      results[item.index] = {
        status: 'error',
        id: null,
        customerId: null,
        error: { key: 'txn_other_customer', data: { txnId: item.row.txnId } },
      }
      continue
    }
    const values = valuesOf(item)
    if (sameValues(old, values)) {
      results[item.index] = { status: 'duplicate', id, customerId: item.customer.id }
      continue
    }
    corrections.push({ item, old, values })
  }

  if (corrections.length) {
    const columns = ['date', 'currency', ...AMOUNT_FIELDS, 'deposit_count', 'bet_count', 'ftd', 'affiliate_id'] as const
    const types: Record<string, string> = {
      date: 'date',
      currency: 'text',
      deposit_count: 'int',
      bet_count: 'int',
      ftd: 'bool',
      affiliate_id: 'int',
    }
    const { rows: updated } = await sql(
      trx,
      `UPDATE customer_activity a SET ${columns.map((column) => `${column} = u.${column}`).join(', ')},
              version = a.version + 1, source = ?, updated_at = now()
         FROM unnest(?::bigint[], ?::int[], ${columns.map((column) => `?::${types[column] ?? 'numeric'}[]`).join(', ')})
              AS u(id, version, ${columns.join(', ')})
        WHERE a.id = u.id AND a.version = u.version AND a.id = ANY(?::bigint[])
        RETURNING a.id`,
      [
        options.source,
        corrections.map((entry) => Number(entry.old.id)),
        corrections.map((entry) => Number(entry.old.version)),
        ...columns.map((column) =>
          corrections.map((entry) =>
            column === 'affiliate_id' ? entry.item.affiliateId : (entry.values as any)[column]
          )
        ),
        corrections.map((entry) => Number(entry.old.id)),
      ]
    )
    const done = new Set(ids(updated))
    const applied = corrections.filter((entry) => done.has(Number(entry.old.id)))
    for (const entry of corrections) if (!done.has(Number(entry.old.id))) lost.push(entry.item)
    if (applied.length) {
      // The replaced values, kept as the row's revision.
      await sql(
        trx,
        `INSERT INTO customer_activity_revisions (organization_id, activity_id, version, "values", source)
         SELECT ?, u.activity_id, u.version, u.old, u.source
           FROM unnest(?::bigint[], ?::int[], ?::jsonb[], ?::text[]) AS u(activity_id, version, old, source)`,
        [
          organizationId,
          applied.map((entry) => Number(entry.old.id)),
          applied.map((entry) => Number(entry.old.version)),
          applied.map((entry) => {
            const old: Record<string, unknown> = { date: entry.old.date, currency: entry.old.currency }
            for (const field of AMOUNT_FIELDS) old[field] = entry.old[field]
            old.deposit_count = entry.old.deposit_count
            old.bet_count = entry.old.bet_count
            old.ftd = entry.old.ftd
            old.affiliate_id = entry.old.affiliate_id
            return JSON.stringify(old)
          }),
          applied.map((entry) => entry.old.source),
        ]
      )
    }
    for (const entry of applied) {
      const id = Number(entry.old.id)
      results[entry.item.index] = { status: 'updated', id, customerId: entry.item.customer.id }
      run.corrected.push(entry.item)
      run.written.set(entry.item, { id, values: entry.values })
    }
  }
  return lost
}

/**
 * COMMISSIONS §3: a customer's first deposit is fixed once, ever: the first row to arrive that
 * is flagged `ftd` or has deposits. A later flag does not move it (noted on the row and in the
 * customer's timeline). Returns the customers whose FTD this batch fixed.
 */
async function fixFirstDeposits(options: IngestOptions, run: ActivityRun, results: RowResult[]): Promise<number[]> {
  const { trx, organizationId } = options
  const candidates = new Map<number, { item: ActivityItem; id: number; date: string }>()
  const written = [...run.written.entries()].sort(([a], [b]) => a.index - b.index)
  for (const [item, { id, values }] of written) {
    if (item.customer.ftdActivityId !== null || candidates.has(item.customer.id)) continue
    if (values.ftd || isDeposit(values)) candidates.set(item.customer.id, { item, id, date: values.date })
  }
  const fixed = new Map<number, number>()
  if (candidates.size) {
    const entries = [...candidates.values()]
    const { rows } = await sql(
      trx,
      `UPDATE customers c SET ftd_activity_id = u.activity_id, ftd_date = u.date, updated_at = now()
         FROM unnest(?::bigint[], ?::bigint[], ?::date[]) AS u(customer_id, activity_id, date)
        WHERE c.id = u.customer_id AND c.organization_id = ? AND c.ftd_activity_id IS NULL AND c.id = ANY(?::bigint[])
        RETURNING c.id, c.ftd_activity_id`,
      [
        entries.map((entry) => entry.item.customer.id),
        entries.map((entry) => entry.id),
        entries.map((entry) => entry.date),
        organizationId,
        entries.map((entry) => entry.item.customer.id),
      ]
    )
    for (const row of rows) fixed.set(Number(row.id), Number(row.ftd_activity_id))
    if (fixed.size)
      await sql(trx, 'UPDATE customer_activity SET is_ftd = true WHERE id = ANY(?::bigint[])', [[...fixed.values()]])
    for (const [customerId, activityId] of fixed) {
      const customer = candidates.get(customerId)!.item.customer
      customer.ftdActivityId = activityId
    }
  }
  // A flag on another row than the fixed FTD is kept as sent but does not move the FTD.
  const ignored = written.filter(
    ([item, { id, values }]) => values.ftd && item.customer.ftdActivityId !== null && item.customer.ftdActivityId !== id
  )
  if (ignored.length) {
    await sql(
      trx,
      `INSERT INTO customer_events (organization_id, customer_id, kind, data)
       SELECT ?, u.customer_id, 'ftd_flag_ignored', jsonb_build_object('activityId', u.activity_id, 'ftdActivityId', u.ftd_id)
         FROM unnest(?::bigint[], ?::bigint[], ?::bigint[]) AS u(customer_id, activity_id, ftd_id)`,
      [
        organizationId,
        ignored.map(([item]) => item.customer.id),
        ignored.map(([, { id }]) => id),
        ignored.map(([item]) => item.customer.ftdActivityId),
      ]
    )
    for (const [item] of ignored) {
      const result = results[item.index]
      result.notes = [...(result.notes ?? []), { key: 'ftd_already_fixed', data: {} }]
    }
  }
  return [...fixed.keys()]
}

/**
 * Conversion events of attributed customers: the fixed FTD (`ftd`) and every other row with
 * deposits (`deposit`), each once; corrections update their amounts. New events are counted
 * against the conversion caps.
 */
async function recordActivityConversions(
  options: IngestOptions,
  context: DateContext,
  run: ActivityRun
): Promise<{ ids: number[]; deniedCustomerIds: number[] }> {
  const { trx, organizationId } = options
  const events: Array<{ item: ActivityItem; id: number; values: Values; type: 'ftd' | 'deposit' }> = []
  for (const [item, { id, values }] of run.written) {
    if (item.customer.campaignId === null) continue
    if (item.customer.ftdActivityId === id) events.push({ item, id, values, type: 'ftd' })
    else if (isDeposit(values)) events.push({ item, id, values, type: 'deposit' })
  }
  if (!events.length) return { ids: [], deniedCustomerIds: [] }
  const amountOf = (event: (typeof events)[number]) =>
    event.type === 'ftd' ? ftdAmountOf(event.values) : event.values.deposits
  const { rows } = await sql(
    trx,
    `INSERT INTO customer_conversions (organization_id, customer_id, brand_id, campaign_id, affiliate_id, type, activity_id,
                                       date, occurred_at, amount, currency, deposit_count, click_id)
     SELECT ?, u.customer_id, u.brand_id, u.campaign_id, u.affiliate_id, u.type, u.activity_id, u.date, now(), u.amount,
            u.currency, u.deposit_count, u.click_id
       FROM unnest(?::bigint[], ?::int[], ?::int[], ?::int[], ?::text[], ?::bigint[], ?::date[], ?::numeric[], ?::text[], ?::int[], ?::uuid[])
            AS u(customer_id, brand_id, campaign_id, affiliate_id, type, activity_id, date, amount, currency, deposit_count, click_id)
     ON CONFLICT DO NOTHING
     RETURNING id, activity_id, type, campaign_id, affiliate_id, date::text AS date, customer_id`,
    [
      organizationId,
      events.map((event) => event.item.customer.id),
      events.map((event) => event.item.customer.brandId),
      events.map((event) => event.item.customer.campaignId),
      events.map((event) => event.item.affiliateId),
      events.map((event) => event.type),
      events.map((event) => event.id),
      events.map((event) => event.values.date),
      events.map(amountOf),
      events.map((event) => event.values.currency),
      events.map((event) => event.values.deposit_count),
      events.map((event) => event.item.customer.clickId),
    ]
  )
  // Events already recorded (a correction of their row): their amounts follow the row.
  const recorded = new Set(rows.map((row: any) => `${row.type}:${row.activity_id}`))
  const correctedItems = new Set(run.corrected)
  const corrected = events.filter(
    (event) => !recorded.has(`${event.type}:${event.id}`) && correctedItems.has(event.item)
  )
  if (corrected.length) {
    await sql(
      trx,
      `UPDATE customer_conversions c SET amount = u.amount, currency = u.currency, deposit_count = u.deposit_count, date = u.date
         FROM unnest(?::bigint[], ?::text[], ?::numeric[], ?::text[], ?::int[], ?::date[]) AS u(activity_id, type, amount, currency, deposit_count, date)
        WHERE c.activity_id = u.activity_id AND c.type = u.type AND c.activity_id = ANY(?::bigint[])
          AND c.type IN ('ftd', 'deposit')`,
      [
        corrected.map((event) => event.id),
        corrected.map((event) => event.type),
        corrected.map(amountOf),
        corrected.map((event) => event.values.currency),
        corrected.map((event) => event.values.deposit_count),
        corrected.map((event) => event.values.date),
        corrected.map((event) => event.id),
      ]
    )
  }
  // Fraud customers' events are recorded but use no cap.
  const fraud = new Set(events.filter((event) => event.item.customer.status === 'fraud').map((event) => event.id))
  const now = context.now
  const decisions = await countConversions(
    trx,
    context.timezone,
    rows
      .filter((row: any) => !fraud.has(Number(row.activity_id)))
      .map((row: any): CountedConversion => ({
        id: Number(row.id),
        campaignId: Number(row.campaign_id),
        affiliateId: row.affiliate_id === null ? null : Number(row.affiliate_id),
        type: row.type,
        date: row.date,
        instant: now,
      })),
    organizationId
  )
  return { ids: ids(rows), deniedCustomerIds: deniedCustomers(rows, decisions) }
}

/** The customers of the conversions a cap denied (`rows` carry `id` and `customer_id`). */
function deniedCustomers(rows: any[], decisions: Map<number, CapDecision>): number[] {
  const denied = new Set<number>()
  for (const row of rows) if (decisions.get(Number(row.id))?.status === 'denied') denied.add(Number(row.customer_id))
  return [...denied]
}
