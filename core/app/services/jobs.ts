/*
 * The PostgreSQL job queue (ARCHITECTURE §5), on graphile-worker.
 *
 * Jobs are enqueued with `SELECT graphile_worker.add_job(...)` on the caller's
 * transaction, so a job exists exactly when the business write that asked for it commits.
 * Handlers: core's own (`core:<name>`) and those plugins declare in their manifest
 * (`jobs: { name: handler }`, run as `<pluginId>:<name>`). The worker runs inside the web
 * process (AFFIX_WORKER, on by default) and stops with the application.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Logger as AdonisLogger } from '@adonisjs/core/logger'
import db from '@adonisjs/lucid/services/db'
import { Logger, parseCronItems, run, runMigrations as runWorkerMigrations, type JobHelpers, type Runner, type Task } from 'graphile-worker'

export type JobHandler = (payload: any, helpers: JobHelpers) => Promise<void>
export type { JobHelpers }

export interface EnqueueOptions {
  /** The transaction of the business write; without it the job is added at once. */
  trx?: TransactionClientContract
  /** A job with the same key replaces a pending one (a running one is left to finish). */
  jobKey?: string
  maxAttempts?: number
  runAt?: Date
  /** Jobs of one queue run one at a time. */
  queueName?: string
}

const coreJobs = new Map<string, JobHandler>()

/** Core's own handlers, named `core:<name>`. */
export function registerCoreJob(name: string, handler: JobHandler) {
  coreJobs.set(`core:${name}`, handler)
}

const connectionString = () => process.env.DATABASE_URL

let graphileLogger: Logger | undefined
/** graphile-worker's messages go through the application logger. */
function workerLogger(logger?: AdonisLogger): Logger {
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
  schemaReady ??= runWorkerMigrations({ connectionString: connectionString(), logger: workerLogger() }).catch((error) => {
    schemaReady = undefined
    throw error
  })
  return schemaReady
}

/** Adds a job; with `trx` it becomes visible when that transaction commits. */
export async function enqueueJob(name: string, payload: Record<string, unknown>, options: EnqueueOptions = {}) {
  await installJobQueue()
  const client = options.trx ?? db
  const result = await client.rawQuery(
    'SELECT (graphile_worker.add_job(identifier => ?, payload => ?::json, queue_name => ?, run_at => ?, max_attempts => ?, job_key => ?)).id AS id',
    [name, JSON.stringify(payload), options.queueName ?? null, options.runAt ?? null, options.maxAttempts ?? 25, options.jobKey ?? null]
  )
  return String(result.rows[0].id)
}

/** Every handler: core's and each installed plugin's, namespaced. */
export async function taskList(): Promise<Record<string, Task>> {
  const { registry } = await import('#config/plugins')
  const tasks: Record<string, Task> = {}
  for (const [name, handler] of coreJobs) tasks[name] = handler as Task
  for (const plugin of registry.ordered) {
    for (const [name, handler] of Object.entries(plugin.jobs ?? {})) tasks[`${plugin.id}:${name}`] = handler as Task
  }
  return tasks
}

/** The plugins' cron entries (manifest `cron`), each naming one of the plugin's jobs. */
async function cronItems() {
  const { registry } = await import('#config/plugins')
  return parseCronItems(
    registry.ordered.flatMap((plugin) =>
      (plugin.cron ?? []).map((entry) => ({
        task: `${plugin.id}:${entry.job}`,
        match: entry.schedule,
        identifier: `${plugin.id}:${entry.job}`,
        options: { backfillPeriod: 0 },
      }))
    )
  )
}

let runner: Runner | undefined
const onStop: Array<() => void> = []

/** Starts the in-process worker (a small pool; signals are the application's business). */
export async function startWorker(logger: AdonisLogger, options: { concurrency?: number } = {}) {
  if (runner) return runner
  // Core's handlers register themselves when their module loads.
  const { startImportRecovery } = await import('#kernel/background_imports')
  const concurrency = options.concurrency ?? 2
  runner = await run({
    connectionString: connectionString(),
    concurrency,
    maxPoolSize: concurrency + 2,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: workerLogger(logger),
    taskList: await taskList(),
    parsedCronItems: await cronItems(),
  })
  onStop.push(startImportRecovery(logger))
  logger.info('job worker started (concurrency %d)', concurrency)
  return runner
}

/** Stops the worker: running jobs get graphile-worker's grace period, then are aborted. */
export async function stopWorker() {
  for (const stop of onStop.splice(0)) stop()
  const current = runner
  runner = undefined
  if (current) await current.stop()
}
