/*
 * FX rates (COMMISSIONS §5): the organisation's rate for an exact date and direction
 * (`from` → `to`), set by API or CSV. Setting a rate that exists replaces it. Each batch
 * emits `customers.ratesChanged` with the (from, to, date) it changed, so the engine prices
 * what was waiting for a rate (pending_fx).
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ratesChanged } from '../events.js'
import { attempt, currency, dateContext, refuse, text, type DateContext } from '../ingest/rows.js'
import type { RowResult } from '../ingest/service.js'
import { EARLIEST_DATE } from '../constants.js'
import { sql } from '../sql.js'

const RATE = /^\d{1,14}(\.\d{1,10})?$/

interface RateRow {
  from: string
  to: string
  date: string
  rate: string
}

function readRate(input: unknown, context: DateContext): RateRow {
  const fail = refuse
  if (input === null || typeof input !== 'object' || Array.isArray(input)) fail('not_object')
  const row = input as Record<string, unknown>
  for (const key of Object.keys(row))
    if (!['from', 'to', 'date', 'rate'].includes(key)) fail('unknown_field', { field: key.slice(0, 40) })
  const from = currency(row.from, 'from')
  const to = currency(row.to, 'to')
  if (!from) fail('required', { field: 'from' })
  if (!to) fail('required', { field: 'to' })
  if (from === to) fail('same_currency')
  const date = text(row.date, 'date', 10)
  if (!date) return fail('required', { field: 'date' })
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    fail('invalid_date', { field: 'date' })
  if (date < EARLIEST_DATE) fail('date_too_old', { date, earliest: EARLIEST_DATE })
  if (date > context.latestActivityDate) fail('date_in_future', { date })
  const rate = text(row.rate, 'rate', 30)
  if (!rate) return fail('required', { field: 'rate' })
  if (!RATE.test(rate) || Number(rate) <= 0) fail('invalid_rate')
  return { from: from!, to: to!, date, rate }
}

/** Upserts rates (one statement); per-row results like the ingest. */
export async function setRates(
  trx: TransactionClientContract,
  input: { organizationId: number; actorId: number | null; timezone: string; rows: unknown[] }
): Promise<RowResult[]> {
  const context = dateContext(input.timezone)
  const results: RowResult[] = new Array(input.rows.length)
  const good = new Map<string, { index: number; row: RateRow }>()
  input.rows.forEach((raw, index) => {
    const read = attempt(() => readRate(raw, context))
    if (!read.ok) {
      results[index] = { status: 'error', id: null, customerId: null, error: read.error }
      return
    }
    const key = `${read.row.from}:${read.row.to}:${read.row.date}`
    // The same rate twice in one batch: the last one wins, the earlier is a duplicate of it.
    const earlier = good.get(key)
    if (earlier) results[earlier.index] = { status: 'duplicate', id: null, customerId: null }
    good.set(key, { index, row: read.row })
  })
  const entries = [...good.values()]
  if (!entries.length) return results
  const { rows } = await sql(
    trx,
    `WITH input AS (
       SELECT * FROM unnest(?::text[], ?::text[], ?::date[], ?::numeric[]) AS u(from_currency, to_currency, date, rate)
     ), previous AS (
       SELECT r.from_currency, r.to_currency, r.date, r.rate FROM fx_rates r
         JOIN input i ON r.organization_id = ? AND r.from_currency = i.from_currency AND r.to_currency = i.to_currency AND r.date = i.date
     ), written AS (
       INSERT INTO fx_rates (organization_id, from_currency, to_currency, date, rate, updated_by)
       SELECT ?, i.from_currency, i.to_currency, i.date, i.rate, ? FROM input i
       ON CONFLICT (organization_id, from_currency, to_currency, date)
       DO UPDATE SET rate = EXCLUDED.rate, updated_by = EXCLUDED.updated_by, updated_at = now()
         WHERE fx_rates.rate IS DISTINCT FROM EXCLUDED.rate
       RETURNING from_currency, to_currency, date::text AS date
     )
     SELECT w.from_currency, w.to_currency, w.date, (p.rate IS NOT NULL) AS existed
       FROM written w LEFT JOIN previous p ON p.from_currency = w.from_currency AND p.to_currency = w.to_currency AND p.date::text = w.date`,
    [
      entries.map((entry) => entry.row.from),
      entries.map((entry) => entry.row.to),
      entries.map((entry) => entry.row.date),
      entries.map((entry) => entry.row.rate),
      input.organizationId,
      input.organizationId,
      input.actorId,
    ]
  )
  const changed = new Map<string, boolean>(
    rows.map((row: any) => [`${row.from_currency}:${row.to_currency}:${row.date}`, Boolean(row.existed)])
  )
  for (const [key, entry] of good) {
    const existed = changed.get(key)
    results[entry.index] = {
      status: existed === undefined ? 'duplicate' : existed ? 'updated' : 'created',
      id: null,
      customerId: null,
    }
  }
  if (rows.length) {
    await ratesChanged.emit(
      {
        organizationId: input.organizationId,
        rates: rows.map((row: any) => ({ from: row.from_currency, to: row.to_currency, date: row.date })),
      },
      { trx }
    )
  }
  return results
}
