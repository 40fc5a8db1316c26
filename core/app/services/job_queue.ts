/*
 * Adding jobs to the PostgreSQL queue (ARCHITECTURE §5), on graphile-worker: what the kernel
 * and plugins need to enqueue work, without the worker (services/jobs.ts), which imports the
 * handlers and would otherwise import back the modules that enqueue.
 *
 * Jobs are enqueued with `SELECT graphile_worker.add_job(...)` on the caller's transaction,
 * so a job exists exactly when the business write that asked for it commits.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Logger as AdonisLogger } from '@adonisjs/core/logger'
import db from '@adonisjs/lucid/services/db'
import { Logger, runMigrations as runWorkerMigrations, type JobHelpers } from 'graphile-worker'

export type JobHandler = (payload: any, helpers: JobHelpers) => Promise<void>
export type { JobHelpers }

export interface EnqueueOptions {
  /** The transaction of the business write; without it the job is added at once. */
  trx?: TransactionClientContract
  /** A job with the same key replaces a pending one (a running one is left to finish). */
  jobKey?: string
  /**
   * With `jobKey`: `replace` (default) moves a pending job to this one's payload and run time;
   * `preserve_run_at` keeps the pending job's run time (a later wake-up never delays it).
   */
  jobKeyMode?: 'replace' | 'preserve_run_at'
  /** Lower runs first among jobs due (default 0); a job that others wait on may go first. */
  priority?: number
  maxAttempts?: number
  runAt?: Date
  /** Jobs of one queue run one at a time. */
  queueName?: string
}

export const queueConnectionString = () => process.env.DATABASE_URL

let workerInProcess = false
/** Set by the worker (services/jobs.ts) when it starts and stops in this process. */
export function noteJobWorker(running: boolean) {
  workerInProcess = running
}
/**
 * Whether this process runs the job worker (AFFIX_WORKER): a web process without one hands
 * background work to the processes that have one, through a job.
 */
export function jobWorkerRunning(): boolean {
  return workerInProcess
}

let graphileLogger: Logger | undefined
/** graphile-worker's messages go through the application logger. */
export function workerLogger(logger?: AdonisLogger): Logger {
  if (graphileLogger && !logger) return graphileLogger
  graphileLogger = new Logger((scope) => (level, message, meta) => {
    const target = logger ?? console
    const context = { ...scope, ...meta }
    if (level === 'error') (target as AdonisLogger).error?.(context, message)
    else if (level === 'warning') (target as AdonisLogger).warn?.(context, message)
    else if (level === 'info') (target as AdonisLogger).info?.(context, message)
    else (target as AdonisLogger).debug?.(context, message)
  })
  return graphileLogger
}

let schemaReady: Promise<void> | undefined

/** Installs or upgrades graphile-worker's schema (idempotent; once per process). */
export function installJobQueue(): Promise<void> {
  schemaReady ??= runWorkerMigrations({ connectionString: queueConnectionString(), logger: workerLogger() }).catch(
    (error) => {
      schemaReady = undefined
      throw error
    }
  )
  return schemaReady
}

/** Adds a job; with `trx` it becomes visible when that transaction commits. */
export async function enqueueJob(name: string, payload: Record<string, unknown>, options: EnqueueOptions = {}) {
  await installJobQueue()
  const client = options.trx ?? db
  const result = await client.rawQuery(
    'SELECT (graphile_worker.add_job(identifier => ?, payload => ?::json, queue_name => ?, run_at => ?, max_attempts => ?, job_key => ?, job_key_mode => ?, priority => ?)).id AS id',
    [
      name,
      JSON.stringify(payload),
      options.queueName ?? null,
      options.runAt ?? null,
      options.maxAttempts ?? 25,
      options.jobKey ?? null,
      options.jobKeyMode ?? 'replace',
      options.priority ?? null,
    ]
  )
  return String(result.rows[0].id)
}
