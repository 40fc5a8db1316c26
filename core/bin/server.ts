/*
 * HTTP server entry point. `bin/start.ts` (what `npm start` runs) prepares the
 * embedded database first and then imports this file.
 *
 * SIGTERM and SIGINT (Ctrl-C) shut down in order, then exit 0: the HTTP server stops
 * accepting and drains its requests (AdonisJS's terminating hook), the providers shut
 * down in reverse order (Affix's: the job worker, the plugins' onShutdown, the Redis
 * clients of counters and cache bus; then Redis, Lucid's pools), and only then the
 * embedded PostgreSQL stops (stopRuntime).
 */
import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import type { ApplicationService } from '@adonisjs/core/types'
import { createHttpServer } from '../app/services/http_server.js'
import { stopRuntime } from './runtime_defaults.js'

const APP_ROOT = new URL('../', import.meta.url)
const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}
/** A shutdown that hangs (a job that ignores its abort signal, say) must not hang forever. */
const SHUTDOWN_TIMEOUT_MS = 30_000

let shuttingDown = false
async function shutdown(app: ApplicationService, signal: string) {
  // npm forwards the terminal's Ctrl-C to a process that already received it: one is enough.
  if (shuttingDown) return
  shuttingDown = true
  // Before the app has booted (a signal during the first start's migrations) there is no logger yet.
  const logger = await app.container.make('logger').catch(() => null)
  logger?.info('%s received: shutting down', signal)
  const timer = setTimeout(() => {
    console.error(`shutdown took more than ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting anyway`)
    stopRuntime().finally(() => process.exit(1))
  }, SHUTDOWN_TIMEOUT_MS)
  timer.unref()
  try {
    await app.terminate()
  } catch (error) {
    process.exitCode = 1
    if (logger) logger.error({ err: error }, 'shutdown failed')
    else console.error('shutdown failed', error)
  }
  await stopRuntime()
  process.exit(process.exitCode ?? 0)
}

let application: ApplicationService | undefined
new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    application = app
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => shutdown(app, 'SIGTERM'))
    app.listen('SIGINT', () => shutdown(app, 'SIGINT'))
  })
  .httpServer()
  // Plugins' root routes (the click redirect) answer before AdonisJS: kernel/root_routes.ts.
  .start((handle) => createHttpServer(handle))
  .catch(async (error) => {
    // Failed to boot or to listen (port taken, migration error): release what did start.
    prettyPrintError(error)
    await application?.terminate().catch(() => {})
    await stopRuntime().catch(() => {})
    process.exit(1)
  })
