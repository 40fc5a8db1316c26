/*
 * Processing accepted postbacks: rows of `customer_postback_inbox` go through the ingest
 * service (the ONE code path of the batch API and CSV imports: attribution, FTD, caps,
 * conversions, events) in batches, in id order. One transaction claims a batch (DELETE …
 * RETURNING), ingests it, and writes its inbound log lines with their outcome, so an event is
 * ingested exactly once: a crash rolls the whole batch back into the inbox, and the next run
 * takes it again. A transaction-level advisory lock keeps one processor at a time across
 * nodes (events of one organisation are ingested in the order they were accepted).
 *
 * Runs are started by the inbox writer after each committed group (this process), and by the
 * `postback-inbox` job every minute (rows left by a process that died, or by another node).
 * A batch that fails as a whole is retried in halves, so one event cannot hold back the
 * others; an event that fails alone is left in the inbox and tried again up to MAX_ATTEMPTS
 * times, then logged as failed.
 */
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { organizationPreferences, yieldToEventLoop } from '@affix/core/kernel'
import { ingestActivity, ingestRegistrations, type RowResult } from '../ingest/service.js'
import type { RowError } from '../ingest/rows.js'
import { sql } from '../sql.js'

/** A claimed inbox row, as stored. */
interface InboxRow {
  id: string
  organization_id: number
  received_at: Date
  source_ip: string
  method: string
  event: string | null
  kind: 'registration' | 'activity' | 'refused'
  row: Record<string, unknown> | null
  refused: RowError | null
  params: Record<string, string>
  cuid: string | null
  txn_id: string | null
  attempts: number
}

const LOCK_KEY = "hashtext('customers:postback-inbox')"
const MAX_ATTEMPTS = 5

/** A batch with a row that lost a race to a concurrent batch three times: rolled back and taken again. */
class BusyBatch extends Error {}

const zones = new Map<number, { timezone: string; until: number }>()
/** The organisation's zone, cached per process for a minute (the postback's hot path asks on every event). */
export async function timezoneOf(organizationId: number, client?: TransactionClientContract) {
  const hit = zones.get(organizationId)
  if (hit && hit.until > Date.now()) return hit.timezone
  const { timezone } = await organizationPreferences(organizationId, client)
  zones.set(organizationId, { timezone, until: Date.now() + 60_000 })
  return timezone
}

/** Errors that are not the event's fault: the operator may send it again. */
const RETRYABLE = new Set(['busy', 'processing_failed'])

/** The HTTP status an outcome stands for (kept in the log). */
export function statusOf(result: RowResult): number {
  if (result.status === 'error') return RETRYABLE.has(result.error?.key ?? '') ? 503 : 422
  return 200
}

export class PostbackProcessor {
  private running: Promise<void> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null
  private stopped = false
  private lastRun = 0
  stats = { batches: 0, events: 0, failedBatches: 0 }

  constructor(
    /** Translates a row error for the log (English). */
    private readonly describe: (error: RowError) => string,
    private readonly batchSize = 2000,
    /**
     * The least time between two runs that did not fill a batch. Events then gather into
     * fewer, larger batches: each batch costs a fixed handful of statements and one event per
     * kind for the listeners (the commission ledger), so under load this is what keeps the
     * processing cheaper than the accepting, at the price of this much delay when idle.
     */
    private readonly pauseMs = 200
  ) {}

  /** Asks for a run soon; runs coalesce (one at a time per process, at most one per pause). */
  wake() {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    if (this.timer) return
    const wait = this.lastRun + this.pauseMs - Date.now()
    if (wait <= 0) return this.start()
    this.timer = setTimeout(() => {
      this.timer = null
      this.start()
    }, wait)
  }

  private start() {
    if (this.running || this.stopped) return
    this.running = this.drain().finally(() => {
      this.running = null
      if (this.again) {
        this.again = false
        this.wake()
      }
    })
  }

  /** Runs at once and waits until the inbox is empty (the `postback-inbox` job). */
  async runNow() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    while (this.running) await this.running
    this.start()
    while (this.running) await this.running
  }

  /** Processes batches until one is not full (or another node holds the lock). */
  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return
      this.lastRun = Date.now()
      let claimed: number
      try {
        claimed = await this.runBatch()
      } catch (error) {
        logger.error({ err: error }, 'customers: postback processing failed')
        this.retryLater(1000)
        return
      }
      if (claimed === -1) {
        // Another process is processing: look again shortly, in case it has just finished.
        this.retryLater(this.pauseMs)
        return
      }
      if (claimed < this.batchSize) return
      // A backlog: the next batch at once, after letting the answers of waiting requests through.
      await yieldToEventLoop()
    }
  }

  private retryLater(ms: number) {
    if (this.timer || this.stopped) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.start()
    }, ms)
  }

  /** One batch: the number of inbox rows taken out, or -1 when another processor holds the lock. */
  private async runBatch(): Promise<number> {
    let rows: InboxRow[] | null = null
    try {
      return await db.transaction(async (trx) => {
        if (!(await this.lock(trx))) return -1
        const { rows: claimed } = await sql(
          trx,
          `DELETE FROM customer_postback_inbox WHERE id IN (
             SELECT id FROM customer_postback_inbox ORDER BY id LIMIT ? FOR UPDATE)
           RETURNING *`,
          [this.batchSize]
        )
        rows = (claimed as InboxRow[]).sort((a, b) => Number(a.id) - Number(b.id))
        if (rows.length) await this.ingest(trx, rows)
        return rows.length
      })
    } catch (error) {
      const failed = rows as InboxRow[] | null
      if (!failed?.length) throw error
      this.stats.failedBatches++
      // Rolled back: the rows are in the inbox again. Take them in halves, so one bad event stays alone.
      await this.retryIds(failed.map((row) => row.id))
      return failed.length
    }
  }

  private async lock(trx: TransactionClientContract) {
    const { rows } = await sql(trx, `SELECT pg_try_advisory_xact_lock(${LOCK_KEY}) AS locked`, [])
    return rows[0].locked === true
  }

  private async retryIds(ids: string[]): Promise<void> {
    try {
      const locked = await db.transaction(async (trx) => {
        if (!(await this.lock(trx))) return false
        const { rows: claimed } = await sql(
          trx,
          'DELETE FROM customer_postback_inbox WHERE id = ANY(?::bigint[]) RETURNING *',
          [ids]
        )
        const rows = (claimed as InboxRow[]).sort((a, b) => Number(a.id) - Number(b.id))
        if (rows.length) await this.ingest(trx, rows)
        return true
      })
      // Another processor took over: the rows are its business now.
      if (!locked) return
    } catch (error) {
      if (ids.length > 1) {
        const middle = Math.ceil(ids.length / 2)
        await this.retryIds(ids.slice(0, middle))
        await this.retryIds(ids.slice(middle))
        return
      }
      logger.error({ err: error, inboxId: ids[0] }, 'customers: postback event failed')
      await this.failed(ids[0])
    }
  }

  /** An event that failed alone: counted; after MAX_ATTEMPTS it leaves the inbox, logged as failed. */
  private async failed(id: string) {
    const { rows } = await sql(
      db.connection(),
      'UPDATE customer_postback_inbox SET attempts = attempts + 1 WHERE id = ? RETURNING *',
      [id]
    )
    const row = rows[0] as InboxRow | undefined
    if (!row || row.attempts < MAX_ATTEMPTS) return
    const failure: RowResult = { status: 'error', id: null, customerId: null, error: { key: 'processing_failed' } }
    try {
      await db.transaction(async (trx) => {
        await sql(trx, 'DELETE FROM customer_postback_inbox WHERE id = ?', [id])
        await this.log(trx, [row], [failure])
      })
    } catch (error) {
      // Not even its log line can be written: out of the inbox rather than retried for ever.
      logger.error({ err: error, event: row }, 'customers: postback event dropped after repeated failures')
      await sql(db.connection(), 'DELETE FROM customer_postback_inbox WHERE id = ?', [id])
    }
  }

  private async ingest(trx: TransactionClientContract, batch: InboxRow[]) {
    const results: RowResult[] = new Array(batch.length)
    const byOrganization = new Map<number, number[]>()
    batch.forEach((row, index) => {
      if (row.kind === 'refused') {
        results[index] = { status: 'error', id: null, customerId: null, error: row.refused ?? { key: 'invalid_value' } }
        return
      }
      const list = byOrganization.get(row.organization_id) ?? []
      list.push(index)
      byOrganization.set(row.organization_id, list)
    })
    for (const [organizationId, indexes] of byOrganization) {
      const timezone = await timezoneOf(organizationId, trx)
      const options = { organizationId, source: 'postback' as const, trx, timezone }
      // Registrations first, so an activity event right behind its registration finds the customer.
      for (const kind of ['registration', 'activity'] as const) {
        const mine = indexes.filter((index) => batch[index].kind === kind)
        if (!mine.length) continue
        const rows = mine.map((index) => batch[index].row)
        const answers =
          kind === 'registration' ? await ingestRegistrations(options, rows) : await ingestActivity(options, rows)
        mine.forEach((index, i) => (results[index] = answers[i]))
      }
    }
    // A row that lost a race three times is taken again rather than logged as failed.
    if (results.some((result) => result.status === 'error' && result.error?.key === 'busy')) throw new BusyBatch()
    await this.log(trx, batch, results)
    this.stats.batches++
    this.stats.events += batch.length
  }

  private async log(trx: TransactionClientContract, batch: InboxRow[], results: RowResult[]) {
    await sql(
      trx,
      `INSERT INTO customer_postback_log (received_at, organization_id, source_ip, method, event, params, outcome, status,
                                          message, cuid, txn_id, customer_id, activity_id)
       SELECT * FROM unnest(?::timestamptz[], ?::int[], ?::text[], ?::text[], ?::text[], ?::jsonb[], ?::text[], ?::smallint[],
                            ?::text[], ?::text[], ?::text[], ?::bigint[], ?::bigint[])`,
      [
        batch.map((row) => new Date(row.received_at).toISOString()),
        batch.map((row) => row.organization_id),
        batch.map((row) => row.source_ip),
        batch.map((row) => row.method),
        batch.map((row) => row.event),
        batch.map((row) => JSON.stringify(row.params)),
        results.map((result) => result.status),
        results.map(statusOf),
        results.map((result) => (result.error ? this.describe(result.error) : null)),
        batch.map((row) => row.cuid),
        batch.map((row) => row.txn_id),
        results.map((result) => result.customerId),
        batch.map((row, index) => (row.kind === 'activity' ? results[index].id : null)),
      ]
    )
  }

  /** Stops waking up; waits for the batch in progress. */
  async close() {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }
}
