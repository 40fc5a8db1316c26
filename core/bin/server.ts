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
import { APP_ROOT, IMPORTER, shutdownOnce } from './lifecycle.js'

let application: ApplicationService | undefined
new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    application = app
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => shutdownOnce(app, 'SIGTERM received', stopRuntime))
    app.listen('SIGINT', () => shutdownOnce(app, 'SIGINT received', stopRuntime))
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
