/*
 * What other plugins may use of `customers` (docs/customers.md): its events, the shapes of
 * what it stores, read-only services for the commission engine and postbacks, and one
 * write service for the engine (`recordCumulativeDeposit`, the c_deposit conversion event).
 * Importing this registers nothing; the manifest wires the events and hooks.
 *
 * Amounts are decimal strings (numeric(20, 6) as stored, e.g. "12.500000"); dates are
 * YYYY-MM-DD in the organisation's zone; instants are ISO strings.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { mapCooperatively, organizationPreferences } from '@affix/core/kernel'
import type { CampaignActivityCheck } from '@affix/campaigns/contracts'
import { AMOUNT_FIELDS, type AmountField, type AttributionSource, type ConversionType } from './constants.js'
import { countConversions } from './ingest/caps.js'
import { conversionsRecorded } from './events.js'
import { sql } from './sql.js'

export {
  CHANGE_FLAGS,
  customersRegistered,
  activityChanged,
  conversionsRecorded,
  fraudMarked,
  customerReassigned,
  ratesChanged,
  type CustomersRegistered,
  type ActivityChanged,
  type ConversionsRecorded,
  type FraudMarked,
  type CustomerReassigned,
  type RatesChanged,
} from './events.js'
export { maskCuid } from './access.js'
export type { AmountField, AttributionSource, ConversionType }
export { AMOUNT_FIELDS, BET_COUNT_SINCE } from './constants.js'

export interface CustomerRecord {
  id: number
  organizationId: number
  brandId: number
  cuid: string
  registeredAt: string
  /** Registration date in the organisation's zone. */
  registeredOn: string
  country: string | null
  currency: string | null
  /** The attributed campaign and affiliate (null: organic). Reassignments move later activity, see `reassignmentsOf`. */
  campaignId: number | null
  affiliateId: number | null
  attributionSource: AttributionSource
  clickId: string | null
  status: 'active' | 'fraud'
  fraudMarkedAt: string | null
  /** The fixed first deposit (COMMISSIONS §3): its activity row and date, null until found. */
  ftdActivityId: number | null
  ftdDate: string | null
}

export interface ActivityRecord {
  id: number
  customerId: number
  brandId: number
  campaignId: number | null
  /** The affiliate that earns this row (the reassignment in effect on its date). */
  affiliateId: number | null
  date: string
  txnId: string | null
  currency: string
  amounts: Record<AmountField, string>
  depositCount: number
  betCount: number
  /** Sent flagged as FTD. */
  ftd: boolean
  /** The customer's fixed FTD row; its FTD amount is `ftd_amount` when flagged and non-zero, else `deposits`. */
  isFtd: boolean
  /** The row or its customer is marked as fraud. */
  fraud: boolean
  /** 1, then +1 per correction; the values of earlier versions are in `activityRevisions`. */
  version: number
  updatedAt: string
}

export interface ConversionRecord {
  id: number
  customerId: number
  brandId: number
  campaignId: number | null
  affiliateId: number | null
  type: ConversionType
  activityId: number | null
  date: string
  occurredAt: string
  amount: string | null
  currency: string | null
  depositCount: number | null
  clickId: string | null
  /** `denied`: over a conversion cap; the engine denies the rows the event triggers (reason cap reached). */
  capStatus: 'none' | 'counted' | 'denied'
  capId: number | null
  capAction: string | null
}

const client = (given?: QueryClientContract) => given ?? db.connection()
const validIds = (ids: number[]) => [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0)
const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)
const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

function customerRecord(row: any): CustomerRecord {
  return {
    id: Number(row.id),
    organizationId: Number(row.organization_id),
    brandId: Number(row.brand_id),
    cuid: row.cuid,
    registeredAt: row.registered_at,
    registeredOn: row.registered_on,
    country: row.country?.trim() ?? null,
    currency: row.currency?.trim() ?? null,
    campaignId: nullableNumber(row.campaign_id),
    affiliateId: nullableNumber(row.affiliate_id),
    attributionSource: row.attribution_source,
    clickId: row.attribution_click_id ?? null,
    status: row.status,
    fraudMarkedAt: row.fraud_marked_at ?? null,
    ftdActivityId: nullableNumber(row.ftd_activity_id),
    ftdDate: row.ftd_date ?? null,
  }
}

function amountsOf(row: any): Record<AmountField, string> {
  const amounts = {} as Record<AmountField, string>
  for (const field of AMOUNT_FIELDS) amounts[field] = String(row[field])
  return amounts
}

function activityRecord(row: any): ActivityRecord {
  return {
    id: Number(row.id),
    customerId: Number(row.customer_id),
    brandId: Number(row.brand_id),
    campaignId: nullableNumber(row.campaign_id),
    affiliateId: nullableNumber(row.affiliate_id),
    date: row.date,
    txnId: row.txn_id ?? null,
    currency: row.currency.trim(),
    amounts: amountsOf(row),
    depositCount: Number(row.deposit_count),
    betCount: Number(row.bet_count),
    ftd: Boolean(row.ftd),
    isFtd: Boolean(row.is_ftd),
    fraud: Boolean(row.fraud) || row.customer_status === 'fraud',
    version: Number(row.version),
    updatedAt: row.updated_at_iso,
  }
}

const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/*
 * The columns a record needs, instants already as ISO text: the commission engine reads the
 * customers and every activity row of what it recomputes, and parsing unused columns (JSON
 * attribution failures, timestamps into Dates) was a large part of those reads' CPU.
 * (to_char's milliseconds truncate, as a JS Date does.)
 */
const CUSTOMER_SELECT = `c.id, c.organization_id, c.brand_id, c.cuid, ${isoText('c.registered_at')} AS registered_at,
  c.registered_on::text AS registered_on, c.country, c.currency, c.campaign_id, c.affiliate_id, c.attribution_source,
  c.attribution_click_id, c.status, ${isoText('c.fraud_marked_at')} AS fraud_marked_at, c.ftd_activity_id,
  c.ftd_date::text AS ftd_date`
const ACTIVITY_SELECT = `a.id, a.customer_id, a.brand_id, a.campaign_id, a.affiliate_id, a.date::text AS date, a.txn_id,
  a.currency, ${AMOUNT_FIELDS.map((field) => `a.${field}`).join(', ')}, a.deposit_count, a.bet_count, a.ftd, a.is_ftd,
  a.fraud, a.version, ${isoText('a.updated_at')} AS updated_at_iso,
  c.status AS customer_status`

/** Customers of the organisation among `ids`. */
export async function customersByIds(
  organizationId: number,
  ids: number[],
  queryClient?: QueryClientContract
): Promise<CustomerRecord[]> {
  const wanted = validIds(ids)
  if (!wanted.length) return []
  const { rows } = await sql(
    client(queryClient),
    `SELECT ${CUSTOMER_SELECT} FROM customers c WHERE c.organization_id = ? AND c.id = ANY(?::bigint[]) ORDER BY c.id`,
    [organizationId, wanted]
  )
  return rows.map(customerRecord)
}

/** Activity rows of the organisation among `ids`. */
export async function activityByIds(
  organizationId: number,
  ids: number[],
  queryClient?: QueryClientContract
): Promise<ActivityRecord[]> {
  const wanted = validIds(ids)
  if (!wanted.length) return []
  const { rows } = await sql(
    client(queryClient),
    `SELECT ${ACTIVITY_SELECT} FROM customer_activity a JOIN customers c ON c.id = a.customer_id
      WHERE a.organization_id = ? AND a.id = ANY(?::bigint[]) ORDER BY a.id`,
    [organizationId, wanted]
  )
  return rows.map(activityRecord)
}

/** What an activity row is, for deciding how soon it matters: an ActivityRecord is one too. */
export type ActivityFact = Pick<ActivityRecord, 'id' | 'customerId' | 'date' | 'depositCount'> & {
  amounts: Pick<ActivityRecord['amounts'], 'deposits'>
}

/**
 * `activityByIds` narrowed to what routing a change needs: a listener reads every row of every
 * ingested batch, and the full record (eleven amounts, instants as text) was most of that read.
 */
export async function activityFactsByIds(
  organizationId: number,
  ids: number[],
  queryClient?: QueryClientContract
): Promise<ActivityFact[]> {
  const wanted = validIds(ids)
  if (!wanted.length) return []
  const { rows } = await sql(
    client(queryClient),
    `SELECT a.id, a.customer_id, a.date::text AS date, a.deposit_count, a.deposits::text AS deposits FROM customer_activity a
      WHERE a.organization_id = ? AND a.id = ANY(?::bigint[])`,
    [organizationId, wanted]
  )
  return rows.map((row: any) => ({
    id: Number(row.id),
    customerId: Number(row.customer_id),
    date: row.date,
    depositCount: Number(row.deposit_count),
    amounts: { deposits: row.deposits },
  }))
}

/**
 * Customers per query of `activityOfCustomers`: the ledger's batch. A thousand (20,000 rows)
 * made the ledger's reads a fifth slower in bench:commissions for no gain that run measured.
 */
const ACTIVITY_CUSTOMERS_PER_QUERY = 5000

/**
 * All activity of the customers (optionally between two dates, inclusive), by customer, then
 * date, then id: at most 5,000 customers per query, each result turned into records a few
 * milliseconds at a time (one 100,000-row result mapped in one go held up the web process's
 * requests for about 100 ms).
 */
export async function activityOfCustomers(
  organizationId: number,
  customerIds: number[],
  range: { from?: string; to?: string } = {},
  queryClient?: QueryClientContract
): Promise<ActivityRecord[]> {
  const wanted = validIds(customerIds).sort((a, b) => a - b)
  const records: ActivityRecord[] = []
  for (let start = 0; start < wanted.length; start += ACTIVITY_CUSTOMERS_PER_QUERY) {
    const { rows } = await sql(
      client(queryClient),
      `SELECT ${ACTIVITY_SELECT} FROM customer_activity a JOIN customers c ON c.id = a.customer_id
        WHERE a.organization_id = ? AND a.customer_id = ANY(?::bigint[])
          AND (?::date IS NULL OR a.date >= ?::date) AND (?::date IS NULL OR a.date <= ?::date)
        ORDER BY a.customer_id, a.date, a.id`,
      [
        organizationId,
        wanted.slice(start, start + ACTIVITY_CUSTOMERS_PER_QUERY),
        range.from ?? null,
        range.from ?? null,
        range.to ?? null,
        range.to ?? null,
      ]
    )
    for (const record of await mapCooperatively(rows, activityRecord)) records.push(record)
  }
  return records
}

/** The values each activity row had before each of its corrections (oldest first). */
export async function activityRevisions(
  organizationId: number,
  activityIds: number[],
  queryClient?: QueryClientContract
): Promise<Array<{ activityId: number; version: number; values: Record<string, unknown>; replacedAt: string }>> {
  const wanted = validIds(activityIds)
  if (!wanted.length) return []
  const rows = await client(queryClient)
    .from('customer_activity_revisions')
    .where('organization_id', organizationId)
    .whereIn('activity_id', wanted)
    .orderBy(['activity_id', 'version'])
  return rows.map((row: any) => ({
    activityId: Number(row.activity_id),
    version: Number(row.version),
    values: row.values,
    replacedAt: iso(row.replaced_at)!,
  }))
}

/** Conversions of the organisation among `ids`. */
export async function conversionsByIds(
  organizationId: number,
  ids: number[],
  queryClient?: QueryClientContract
): Promise<ConversionRecord[]> {
  const wanted = validIds(ids)
  if (!wanted.length) return []
  const { rows } = await sql(
    client(queryClient),
    `SELECT v.*, v.date::text AS date FROM customer_conversions v WHERE v.organization_id = ? AND v.id = ANY(?::bigint[]) ORDER BY v.id`,
    [organizationId, wanted]
  )
  return rows.map((row: any) => ({
    id: Number(row.id),
    customerId: Number(row.customer_id),
    brandId: Number(row.brand_id),
    campaignId: nullableNumber(row.campaign_id),
    affiliateId: nullableNumber(row.affiliate_id),
    type: row.type,
    activityId: nullableNumber(row.activity_id),
    date: row.date,
    occurredAt: iso(row.occurred_at)!,
    amount: row.amount === null ? null : String(row.amount),
    currency: row.currency?.trim() ?? null,
    depositCount: nullableNumber(row.deposit_count),
    clickId: row.click_id ?? null,
    capStatus: row.cap_status,
    capId: nullableNumber(row.cap_id),
    capAction: row.cap_action ?? null,
  }))
}

/** Reassignments of the customers, oldest effective date first. */
export async function reassignmentsOf(
  organizationId: number,
  customerIds: number[],
  queryClient?: QueryClientContract
) {
  const wanted = validIds(customerIds)
  if (!wanted.length) return []
  // `= ANY(array)`, not IN (…): the ledger asks for thousands of customers at once.
  const { rows } = await sql(
    client(queryClient),
    `SELECT r.*, r.effective_date::text AS effective_date FROM customer_reassignments r
      WHERE r.organization_id = ? AND r.customer_id = ANY(?::bigint[]) ORDER BY r.customer_id, r.effective_date, r.id`,
    [organizationId, wanted]
  )
  return rows.map((row: any) => ({
    id: Number(row.id),
    customerId: Number(row.customer_id),
    campaignId: Number(row.campaign_id),
    fromAffiliateId: nullableNumber(row.from_affiliate_id),
    toAffiliateId: Number(row.to_affiliate_id),
    effectiveDate: row.effective_date as string,
    createdAt: iso(row.created_at)!,
  }))
}

/**
 * The organisation's rates for exact (from, to, date) triples (COMMISSIONS §5): keyed
 * `FROM:TO:YYYY-MM-DD`; same currency is "1"; a missing key means no rate yet (pending_fx).
 */
export async function fxRates(
  organizationId: number,
  wanted: Array<{ from: string; to: string; date: string }>,
  queryClient?: QueryClientContract
): Promise<Map<string, string>> {
  const result = new Map<string, string>()
  const lookups = wanted.filter((entry) => {
    if (entry.from === entry.to) result.set(`${entry.from}:${entry.to}:${entry.date}`, '1')
    return entry.from !== entry.to
  })
  if (!lookups.length) return result
  const { rows } = await sql(
    client(queryClient),
    `SELECT r.from_currency, r.to_currency, r.date::text AS date, r.rate
       FROM unnest(?::text[], ?::text[], ?::date[]) AS k(from_currency, to_currency, date)
       JOIN fx_rates r ON r.organization_id = ? AND r.from_currency = k.from_currency AND r.to_currency = k.to_currency AND r.date = k.date`,
    [
      lookups.map((entry) => entry.from),
      lookups.map((entry) => entry.to),
      lookups.map((entry) => entry.date),
      organizationId,
    ]
  )
  for (const row of rows) result.set(`${row.from_currency}:${row.to_currency}:${row.date}`, String(row.rate))
  return result
}

/**
 * For the commission engine: a customer reached the cumulative deposit of its campaign's plan
 * (COMMISSIONS §7) on `date`. Records the `c_deposit` conversion once (a second call answers
 * the first decision) and counts it against the campaign's c_deposit caps, in `trx`.
 */
export async function recordCumulativeDeposit(
  trx: TransactionClientContract,
  input: {
    organizationId: number
    customerId: number
    date: string
    amount: string
    currency: string
    activityId?: number | null
  }
): Promise<{ conversionId: number; capStatus: 'none' | 'counted' | 'denied'; created: boolean } | null> {
  const customer = await trx
    .from('customers')
    .where({ organization_id: input.organizationId, id: input.customerId })
    .select('id', 'brand_id', 'campaign_id', 'affiliate_id', 'attribution_click_id', 'status')
    .first()
  if (!customer || customer.campaign_id === null) return null
  // tenancy: the customer was read with its organisation just above
  const affiliate = await trx
    .from('customer_reassignments')
    .where('customer_id', input.customerId)
    .where('effective_date', '<=', input.date)
    .orderBy('effective_date', 'desc')
    .orderBy('id', 'desc')
    .select('to_affiliate_id')
    .first()
  const affiliateId = affiliate ? Number(affiliate.to_affiliate_id) : nullableNumber(customer.affiliate_id)
  const { rows } = await sql(
    trx,
    `INSERT INTO customer_conversions (organization_id, customer_id, brand_id, campaign_id, affiliate_id, type, activity_id, date,
                                       occurred_at, amount, currency, click_id)
     VALUES (?, ?, ?, ?, ?, 'c_deposit', ?, ?, now(), ?, ?, ?)
     ON CONFLICT DO NOTHING RETURNING id, date::text AS date, occurred_at`,
    [
      input.organizationId,
      input.customerId,
      customer.brand_id,
      customer.campaign_id,
      affiliateId,
      input.activityId ?? null,
      input.date,
      input.amount,
      input.currency,
      customer.attribution_click_id,
    ]
  )
  if (!rows.length) {
    // tenancy: the customer was read with its organisation by the caller
    const existing = await trx
      .from('customer_conversions')
      .where({ customer_id: input.customerId, type: 'c_deposit' })
      .select('id', 'cap_status')
      .first()
    return existing ? { conversionId: Number(existing.id), capStatus: existing.cap_status, created: false } : null
  }
  const conversionId = Number(rows[0].id)
  let capStatus: 'none' | 'counted' | 'denied' = 'none'
  if (customer.status !== 'fraud') {
    const { timezone } = await organizationPreferences(input.organizationId, trx)
    const decisions = await countConversions(
      trx,
      timezone,
      [
        {
          id: conversionId,
          campaignId: Number(customer.campaign_id),
          affiliateId,
          type: 'c_deposit',
          date: rows[0].date,
          instant: new Date(rows[0].occurred_at),
        },
      ],
      input.organizationId
    )
    capStatus = decisions.get(conversionId)?.status ?? 'none'
  }
  await conversionsRecorded.emit(
    {
      organizationId: input.organizationId,
      conversionIds: [conversionId],
      deniedCustomerIds: capStatus === 'denied' ? [input.customerId] : [],
    },
    { trx }
  )
  return { conversionId, capStatus, created: true }
}

/** The `campaigns.activity` hook: a campaign with customers or activity keeps its payout plan. */
export const campaignHasCustomers: CampaignActivityCheck = async (organizationId, campaignId) => {
  const row = await db.rawQuery(
    `SELECT EXISTS (SELECT 1 FROM customers WHERE organization_id = ? AND campaign_id = ?)
         OR EXISTS (SELECT 1 FROM customer_activity WHERE organization_id = ? AND campaign_id = ?) AS used`,
    [organizationId, campaignId, organizationId, campaignId]
  )
  return Boolean(row.rows[0]?.used)
}

/** For the commission ledger: customers of campaigns or brands, and cap-denied events. */
export { customerIdsOf, capDenialsOf, capDeniedCustomersOf, type CapDeniedEvent } from './ledger_reads.js'
