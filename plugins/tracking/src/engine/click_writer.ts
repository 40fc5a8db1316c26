/*
 * Lossless group commit (ARCHITECTURE §4): a click's response waits until its row is
 * committed. Rows queue up; whenever fewer than `maxInFlight` inserts are running, the rows
 * queued so far go out as ONE multi-row INSERT (unnest of column arrays: one statement, one
 * WAL flush for the whole group). Under load, batches grow by themselves while earlier ones
 * commit, so latency stays about one insert's time and throughput scales with the batch.
 * If an insert fails, every click of that batch is rejected (the caller answers 503, never
 * a 302 for an unstored click); a data error is retried in halves, so one bad row cannot fail
 * the clicks batched with it.
 */
import pg from 'pg'
import db from '@adonisjs/lucid/services/db'

export interface ClickRow {
  clickId: string
  createdAt: number
  organizationId: number | null
  campaignId: number | null
  brandId: number | null
  affiliateId: number | null
  outcome: string
  reason: string | null
  ip: string
  country: string | null
  device: string | null
  os: string | null
  browser: string | null
  language: string | null
  userAgent: string | null
  referrer: string | null
  source: string | null
  params: string | null
  deepLinkId: number | null
  deepLinkUrl: string | null
  urlIgnored: boolean
  destination: string | null
  fraudAction: string | null
  fraud: string | null
}

const COLUMNS: Array<[keyof ClickRow, string, string]> = [
  ['clickId', 'click_id', 'uuid'],
  ['createdAt', 'created_at', 'timestamptz'],
  ['organizationId', 'organization_id', 'int'],
  ['campaignId', 'campaign_id', 'int'],
  ['brandId', 'brand_id', 'int'],
  ['affiliateId', 'affiliate_id', 'int'],
  ['outcome', 'outcome', 'text'],
  ['reason', 'reason', 'text'],
  ['ip', 'ip', 'text'],
  ['country', 'country', 'text'],
  ['device', 'device', 'text'],
  ['os', 'os', 'text'],
  ['browser', 'browser', 'text'],
  ['language', 'language', 'text'],
  ['userAgent', 'user_agent', 'text'],
  ['referrer', 'referrer', 'text'],
  ['source', 'source', 'text'],
  ['params', 'params', 'jsonb'],
  ['deepLinkId', 'deep_link_id', 'int'],
  ['deepLinkUrl', 'deep_link_url', 'text'],
  ['urlIgnored', 'url_ignored', 'bool'],
  ['destination', 'destination', 'text'],
  ['fraudAction', 'fraud_action', 'text'],
  ['fraud', 'fraud', 'jsonb'],
]

const INSERT = `INSERT INTO tracking_clicks (${COLUMNS.map(([, column]) => column).join(', ')}) SELECT * FROM unnest(${COLUMNS.map(([, , type], i) => `$${i + 1}::${type}[]`).join(', ')})`

interface Waiting {
  row: ClickRow
  resolve: () => void
  reject: (error: unknown) => void
}

export interface ClickWriterOptions {
  maxBatch?: number
  maxInFlight?: number
  connectionString?: string
}

export class ClickWriter {
  private queue: Waiting[] = []
  private inFlight = 0
  private scheduled = false
  private pool: pg.Pool | null = null
  private readonly maxBatch: number
  private readonly maxInFlight: number
  /** Test hook: make the next inserts fail. */
  failNext = 0
  stats = { batches: 0, rows: 0, failedBatches: 0 }

  constructor(private readonly options: ClickWriterOptions = {}) {
    this.maxBatch = options.maxBatch ?? 2000
    this.maxInFlight = options.maxInFlight ?? 3
  }

  private connection() {
    if (!this.pool) {
      const connectionString =
        this.options.connectionString ?? (db.getRawConnection(db.primaryConnectionName)?.config.connection as string)
      this.pool = new pg.Pool({ connectionString, max: this.maxInFlight, statement_timeout: 10_000 } as pg.PoolConfig)
      this.pool.on('error', () => {})
    }
    return this.pool
  }

  /** Resolves once the row is committed; rejects if its batch failed. */
  write(row: ClickRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject })
      this.schedule()
    })
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || !this.queue.length) return
    this.scheduled = true
    // Collect every click of this event-loop turn into the batch.
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
    const columns = COLUMNS.map(() => new Array(batch.length))
    for (let r = 0; r < batch.length; r++) {
      const row = batch[r].row
      for (let c = 0; c < COLUMNS.length; c++) {
        const value = row[COLUMNS[c][0]]
        columns[c][r] = c === 1 ? new Date(value as number).toISOString() : value
      }
    }
    try {
      if (this.failNext > 0) {
        this.failNext--
        throw new Error('click insert failed (test)')
      }
      await this.connection().query(INSERT, columns)
      this.stats.batches++
      this.stats.rows += batch.length
      for (const waiting of batch) waiting.resolve()
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

  async close() {
    while (this.queue.length || this.inFlight) await new Promise((resolve) => setTimeout(resolve, 5))
    await this.pool?.end()
    this.pool = null
  }
}
