/*
 * Group commit for inbound postbacks (the click writer's pattern): each event's answer waits
 * until its batch is committed, so a 2xx is never sent for an event that is not stored.
 * Events queue up; whenever fewer than `maxInFlight` batches are running, everything queued
 * goes through the ingest service (the same code path as the batch API and CSV imports) in
 * ONE transaction, together with its inbound log rows. Under load batches grow by
 * themselves. A batch that fails as a whole is retried in halves, so one event cannot fail
 * the others; an event whose batch cannot be stored is answered 503 (the operator retries,
 * and idempotency makes the retry safe).
 */
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { organizationPreferences } from '@affix/core/kernel'
import { ingestActivity, ingestRegistrations, type RowResult } from '../ingest/service.js'
import type { RowError } from '../ingest/rows.js'
import { sql } from '../sql.js'

export interface PostbackEvent {
  organizationId: number
  kind: 'registration' | 'activity' | 'refused'
  row: Record<string, unknown> | null
  /** Why the event was refused before reaching the ingest (unknown event, missing txn_id…). */
  refused?: RowError
  log: {
    receivedAt: Date
    ip: string
    method: string
    event: string | null
    params: Record<string, string>
    cuid: string | null
    txnId: string | null
  }
}

export type PostbackOutcome = RowResult

interface Waiting {
  event: PostbackEvent
  resolve: (result: RowResult) => void
  reject: (error: unknown) => void
}

const zones = new Map<number, { timezone: string; until: number }>()
async function timezoneOf(organizationId: number) {
  const hit = zones.get(organizationId)
  if (hit && hit.until > Date.now()) return hit.timezone
  const { timezone } = await organizationPreferences(organizationId)
  zones.set(organizationId, { timezone, until: Date.now() + 60_000 })
  return timezone
}

export class PostbackWriter {
  private queue: Waiting[] = []
  private inFlight = 0
  private scheduled = false
  stats = { batches: 0, events: 0, failedBatches: 0 }

  constructor(
    /** Translates a row error for the log (English). */
    private readonly describe: (error: RowError) => string,
    private readonly maxBatch = 1000,
    private readonly maxInFlight = 2
  ) {}

  write(event: PostbackEvent): Promise<RowResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ event, resolve, reject })
      this.schedule()
    })
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || !this.queue.length) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      this.flush()
    })
  }

  private flush() {
    while (this.queue.length && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, this.maxBatch)
      this.inFlight++
      this.store(batch).finally(() => {
        this.inFlight--
        this.schedule()
      })
    }
  }

  private async store(batch: Waiting[]) {
    try {
      const results = await db.transaction((trx) => this.ingest(trx, batch))
      this.stats.batches++
      this.stats.events += batch.length
      batch.forEach((waiting, index) => waiting.resolve(results[index]))
    } catch (error) {
      if (batch.length > 1) {
        const middle = Math.ceil(batch.length / 2)
        await Promise.all([this.store(batch.slice(0, middle)), this.store(batch.slice(middle))])
        return
      }
      this.stats.failedBatches++
      logger.error({ err: error }, 'customers: postback batch failed')
      for (const waiting of batch) waiting.reject(error)
    }
  }

  private async ingest(trx: any, batch: Waiting[]): Promise<RowResult[]> {
    const results: RowResult[] = new Array(batch.length)
    const byOrganization = new Map<number, number[]>()
    batch.forEach((waiting, index) => {
      const { event } = waiting
      if (event.kind === 'refused') {
        results[index] = { status: 'error', id: null, customerId: null, error: event.refused }
        return
      }
      const list = byOrganization.get(event.organizationId) ?? []
      list.push(index)
      byOrganization.set(event.organizationId, list)
    })
    for (const [organizationId, indexes] of byOrganization) {
      const timezone = await timezoneOf(organizationId)
      const options = { organizationId, source: 'postback' as const, trx, timezone }
      // Registrations first, so an activity event right behind its registration finds the customer.
      for (const kind of ['registration', 'activity'] as const) {
        const mine = indexes.filter((index) => batch[index].event.kind === kind)
        if (!mine.length) continue
        const rows = mine.map((index) => batch[index].event.row)
        const answers =
          kind === 'registration' ? await ingestRegistrations(options, rows) : await ingestActivity(options, rows)
        mine.forEach((index, i) => (results[index] = answers[i]))
      }
    }
    const logs = batch.map((waiting, index) => ({
      log: waiting.event.log,
      organizationId: waiting.event.organizationId,
      result: results[index],
    }))
    await sql(
      trx,
      `INSERT INTO customer_postback_log (received_at, organization_id, source_ip, method, event, params, outcome, status,
                                          message, cuid, txn_id, customer_id, activity_id)
       SELECT * FROM unnest(?::timestamptz[], ?::int[], ?::text[], ?::text[], ?::text[], ?::jsonb[], ?::text[], ?::smallint[],
                            ?::text[], ?::text[], ?::text[], ?::bigint[], ?::bigint[])`,
      [
        logs.map((entry) => entry.log.receivedAt.toISOString()),
        logs.map((entry) => entry.organizationId),
        logs.map((entry) => entry.log.ip.slice(0, 64)),
        logs.map((entry) => entry.log.method),
        logs.map((entry) => entry.log.event?.slice(0, 16) ?? null),
        logs.map((entry) => JSON.stringify(entry.log.params)),
        logs.map((entry) => entry.result.status),
        logs.map((entry) => statusOf(entry.result)),
        logs.map((entry) => (entry.result.error ? this.describe(entry.result.error) : null)),
        logs.map((entry) => entry.log.cuid?.slice(0, 100) ?? null),
        logs.map((entry) => entry.log.txnId?.slice(0, 100) ?? null),
        logs.map((entry) => entry.result.customerId),
        logs.map((entry, index) => (batch[index].event.kind === 'activity' ? entry.result.id : null)),
      ]
    )
    return results
  }

  async close() {
    while (this.queue.length || this.inFlight) await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** The HTTP status a postback answer gets. */
export function statusOf(result: RowResult): number {
  if (result.status === 'error') return result.error?.key === 'busy' ? 503 : 422
  return 200
}
