/*
 * Job worker entry point: the background jobs (imports, outgoing postbacks and webhooks,
 * the commission ledger, scheduled closes, inbound postbacks handed over by web processes)
 * in a process of its own, with no HTTP server. `npm start` runs it as a child of the
 * server at a lower CPU priority (AFFIX_WORKER=process, app/services/worker_process.ts); a
 * deployment can run it beside web processes started with AFFIX_WORKER=false
 * (`nice -n 10 npm run worker`, with the servers' DATABASE_URL, DATA_DIR or S3 storage,
 * APP_KEY and REDIS_URL; without DATABASE_URL it joins the embedded PostgreSQL a server runs
 * on the same DATA_DIR).
 *
 * SIGTERM and SIGINT stop it in order (running jobs finish, then the pools close) and it
 * exits 0; a child of the server also stops when the server goes away.
 */
import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { runningEmbeddedPostgresUrl } from './embedded_postgres.js'
import { applyRuntimeDefaults, dataDir } from './runtime_defaults.js'
import { APP_ROOT, IMPORTER, shutdownOnce } from './lifecycle.js'

// Without DATABASE_URL: the embedded PostgreSQL of a server running on this DATA_DIR.
const embeddedUrl = process.env.DATABASE_URL ? undefined : runningEmbeddedPostgresUrl(dataDir())
if (embeddedUrl) process.env.DATABASE_URL = embeddedUrl
if (!process.env.DATABASE_URL) {
  console.error(
    'The job worker needs the database of the servers it works for: set DATABASE_URL, or start\n' +
      'the server first (`AFFIX_WORKER=false npm start` on the embedded database; plain `npm start`\n' +
      'runs a worker itself).'
  )
  process.exit(1)
}
await applyRuntimeDefaults()

const app = new Ignitor(APP_ROOT, { importer: IMPORTER }).createApp('console')
app.booting(async () => {
  await import('#start/env')
})
// The provider's shutdown stops the worker (running jobs finish), then Redis and Lucid close.
app.listen('SIGTERM', () => shutdownOnce(app, 'job worker: SIGTERM received'))
app.listen('SIGINT', () => shutdownOnce(app, 'job worker: SIGINT received'))
// A child of the server: its IPC channel closes when the server exits, however it exits.
process.on('disconnect', () => shutdownOnce(app, 'job worker: its server is gone'))

try {
  await app.init()
  await app.boot()
  await app.start(async () => {
    const env = (await import('#start/env')).default
    const logger = await app.container.make('logger')
    const { startWorker } = await import('#services/jobs')
    await startWorker(logger, { concurrency: env.get('AFFIX_WORKER_CONCURRENCY') })
    process.send?.({ type: 'ready' })
  })
} catch (error) {
  await prettyPrintError(error)
  await app.terminate().catch(() => {})
  process.exit(1)
}
