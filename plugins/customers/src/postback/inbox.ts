/*
 * Accepting inbound postbacks: a lossless group commit into `customer_postback_inbox` (the
 * click writer's pattern). Each request waits until its row is committed, so a 2xx is never
 * sent for an event that is not stored. Rows queue up; whenever fewer than `maxInFlight`
 * inserts are running, everything queued goes out as ONE multi-row INSERT (unnest of column
 * arrays: one statement, one WAL flush for the group) on a small pool of its own, so the
 * answer costs about one insert's time whatever the load. The processor (processor.ts) then
 * takes the rows through the ingest service. A failed insert is retried in halves when it is
 * a data error (one bad row cannot fail the others); otherwise its requests are answered 503
 * (the operator retries; the ingest's idempotency makes a retry safe).
 */
import pg from 'pg'
import db from '@adonisjs/lucid/services/db'
import type { RowError } from '../ingest/rows.js'

export interface InboxEvent {
  organizationId: number
  receivedAt: Date
  ip: string
  method: string
  event: string | null
  kind: 'registration' | 'activity' | 'refused'
  /** The ingest row (registration or activity columns). */
  row: Record<string, unknown> | null
  /** Why the event was refused before reaching the ingest (unknown event, bad amount…). */
  refused: RowError | null
  /** The parameters as logged: the secret removed, names and values cut to size. */
  params: Record<string, string>
  cuid: string | null
  txnId: string | null
}

const COLUMNS: Array<[string, string, (event: InboxEvent) => unknown]> = [
  ['organization_id', 'int', (event) => event.organizationId],
  ['received_at', 'timestamptz', (event) => event.receivedAt.toISOString()],
  ['source_ip', 'text', (event) => event.ip.slice(0, 64)],
  ['method', 'text', (event) => event.method.slice(0, 4)],
  ['event', 'text', (event) => event.event?.slice(0, 16) ?? null],
  ['kind', 'text', (event) => event.kind],
  ['row', 'jsonb', (event) => (event.row ? JSON.stringify(event.row) : null)],
  ['refused', 'jsonb', (event) => (event.refused ? JSON.stringify(event.refused) : null)],
  ['params', 'jsonb', (event) => JSON.stringify(event.params)],
  ['cuid', 'text', (event) => event.cuid?.slice(0, 100) ?? null],
  ['txn_id', 'text', (event) => event.txnId?.slice(0, 100) ?? null],
]

const INSERT = `INSERT INTO customer_postback_inbox (${COLUMNS.map(([column]) => column).join(', ')})
  SELECT * FROM unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`

interface Waiting {
  event: InboxEvent
  resolve: () => void
  reject: (error: unknown) => void
}

export class InboxWriter {
  private queue: Waiting[] = []
  private inFlight = 0
  private scheduled = false
  private pool: pg.Pool | null = null
  stats = { batches: 0, events: 0, failedBatches: 0 }

  constructor(
    /** Called after each committed group (the processor's wake-up). */
    private readonly onCommitted: () => void,
    private readonly maxBatch = 2000,
    private readonly maxInFlight = 3,
    private readonly connectionString?: string
  ) {}

  private connection() {
    if (!this.pool) {
      const connectionString =
        this.connectionString ?? (db.getRawConnection(db.primaryConnectionName)?.config.connection as string)
      this.pool = new pg.Pool({ connectionString, max: this.maxInFlight, statement_timeout: 10_000 } as pg.PoolConfig)
      this.pool.on('error', () => {})
    }
    return this.pool
  }

  /** Resolves once the event is committed; rejects if its group failed. */
  write(event: InboxEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ event, resolve, reject })
      this.schedule()
    })
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || !this.queue.length) return
    this.scheduled = true
    // Collect every request of this event-loop turn into the group.
    setImmediate(() => {
      this.scheduled = false
      this.flush()
    })
  }

  private flush() {
    while (this.queue.length && this.inFlight < this.maxInFlight) {
      const batch = this.queue.length <= this.maxBatch ? this.queue : this.queue.slice(0, this.maxBatch)
      this.queue = this.queue.length <= this.maxBatch ? [] : this.queue.slice(this.maxBatch)
      this.inFlight++
      this.insert(batch).finally(() => {
        this.inFlight--
        this.schedule()
      })
    }
  }

  private async insert(batch: Waiting[]) {
    const columns = COLUMNS.map(([, , value]) => batch.map((waiting) => value(waiting.event)))
    try {
      await this.connection().query(INSERT, columns)
      this.stats.batches++
      this.stats.events += batch.length
      for (const waiting of batch) waiting.resolve()
      this.onCommitted()
    } catch (error) {
      // A data error (class 22/23) is one row's fault: retry the halves so only that row fails.
      const code = String((error as { code?: string }).code ?? '')
      if (batch.length > 1 && (code.startsWith('22') || code.startsWith('23'))) {
        const middle = Math.ceil(batch.length / 2)
        await Promise.all([this.insert(batch.slice(0, middle)), this.insert(batch.slice(middle))])
        return
      }
      this.stats.failedBatches++
      for (const waiting of batch) waiting.reject(error)
    }
  }

  /** Answers the queued requests (their rows committed), then closes the pool. */
  async close() {
    while (this.queue.length || this.inFlight) await new Promise((resolve) => setTimeout(resolve, 5))
    await this.pool?.end()
    this.pool = null
  }
}
