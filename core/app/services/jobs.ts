/*
 * The PostgreSQL job queue (ARCHITECTURE §5), on graphile-worker.
 *
 * The worker: jobs are added through services/job_queue.ts, which imports none of the
 * handlers. Handlers: core's own (`core:<name>`, listed below) and those plugins declare in
 * their manifest (`jobs: { name: handler }`, run as `<pluginId>:<name>`). The worker runs
 * inside the web process (AFFIX_WORKER, on by default) and stops with the application.
 */
import type { Logger as AdonisLogger } from '@adonisjs/core/logger'
import pg from 'pg'
import { installedPlugins } from '#kernel/installed_plugins'
import { listenerJobName, type EventPayload } from '#kernel/extensions'
import { pluginEnabledFor } from '#kernel/public_routes'
import { runImportJob, startImportRecovery, IMPORT_JOB } from '#kernel/background_imports'
import { parseCronItems, run, type JobHelpers, type Runner, type Task } from 'graphile-worker'
import { noteJobWorker, queueConnectionString, workerLogger, type JobHandler } from '#services/job_queue'

/** Core's own handlers, named `core:<name>`. */
const coreJobs: Record<string, JobHandler> = { [IMPORT_JOB]: runImportJob }

/**
 * Every handler: core's, each installed plugin's (namespaced), and each plugin's event
 * listeners (`<plugin>:on:<owner>.<event>`), which run only while the plugin is enabled for
 * the event's organisation.
 */
export async function taskList(): Promise<Record<string, Task>> {
  const tasks: Record<string, Task> = {}
  for (const [name, handler] of Object.entries(coreJobs)) tasks[name] = handler as Task
  for (const plugin of installedPlugins().ordered) {
    for (const [name, handler] of Object.entries(plugin.jobs ?? {})) tasks[`${plugin.id}:${name}`] = handler as Task
    for (const listener of plugin.listeners ?? []) {
      tasks[listenerJobName(plugin.id, listener.event)] = (async (payload: EventPayload, helpers: JobHelpers) => {
        if (!(await pluginEnabledFor(payload.organizationId, plugin.id))) return
        await listener.handler(payload, helpers)
      }) as Task
    }
  }
  return tasks
}

/** The plugins' cron entries (manifest `cron`), each naming one of the plugin's jobs. */
async function cronItems() {
  return parseCronItems(
    installedPlugins().ordered.flatMap((plugin) =>
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
let workerPool: pg.Pool | undefined
const onStop: Array<() => void> = []

/**
 * Jobs at once when AFFIX_WORKER_CONCURRENCY is unset. Jobs mostly wait on PostgreSQL, so
 * more slots than cores pay: with 2, a long commission recomputation holds one slot and the
 * listeners that turn each ingested batch into CPA rows queue behind the other
 * (bench:commissions: 29 s behind the last call with 2, 1 s with 4).
 */
export const DEFAULT_WORKER_CONCURRENCY = 4

/** Starts the in-process worker (a small pool; signals are the application's business). */
export async function startWorker(logger: AdonisLogger, options: { concurrency?: number } = {}) {
  if (runner) return runner
  const concurrency = options.concurrency ?? DEFAULT_WORKER_CONCURRENCY
  // Our own pool rather than graphile-worker's: its release does not wait for the pool to
  // end, so a shutdown that stops the embedded PostgreSQL next could kill a closing client.
  workerPool = new pg.Pool({ connectionString: queueConnectionString(), max: concurrency + 2 })
  // Idle and checked-out clients' errors (a restarted database) are logged, not thrown.
  const onError = (error: Error) => logger.warn({ err: error }, 'job worker connection error')
  workerPool.on('error', onError)
  workerPool.on('connect', (client) => client.on('error', onError))
  runner = await run({
    pgPool: workerPool,
    concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: workerLogger(logger),
    taskList: await taskList(),
    parsedCronItems: await cronItems(),
  })
  onStop.push(startImportRecovery(logger))
  noteJobWorker(true)
  logger.info('job worker started (concurrency %d)', concurrency)
  return runner
}

/** Stops the worker (running jobs get graphile-worker's grace period), then ends its pool. */
export async function stopWorker() {
  for (const stop of onStop.splice(0)) stop()
  noteJobWorker(false)
  const current = runner
  const pool = workerPool
  runner = undefined
  workerPool = undefined
  if (current) await current.stop()
  await pool?.end()
}
