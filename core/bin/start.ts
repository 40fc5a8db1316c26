/*
 * `npm start`: prepare the runtime (embedded PostgreSQL when DATABASE_URL is unset),
 * then boot the HTTP server. The server runs migrations on start (see
 * providers/affix_provider.ts) and seeds the demo data on the first embedded start.
 */
import { EmbeddedPostgresError } from './embedded_postgres.js'
import { applyRuntimeDefaults } from './runtime_defaults.js'

let firstRun = false
try {
  ;({ firstRun } = await applyRuntimeDefaults({ database: true }))
} catch (error) {
  // A configuration the user must change: the message says what to do, a stack would not.
  if (!(error instanceof EmbeddedPostgresError)) throw error
  console.error(`Affix cannot start.\n${error.message}`)
  process.exit(1)
}
process.env.PORT ??= '3333'
process.env.HOST ??= '0.0.0.0'
process.env.AFFIX_MIGRATE_ON_START ??= 'true'
// The job worker in a child process at a lower CPU priority: background work (the
// commission ledger, postback ingest) never slows the answers (services/worker_process.ts).
process.env.AFFIX_WORKER ??= 'process'
if (firstRun) process.env.AFFIX_SEED_DEMO ??= 'true'
await import('./server.js')
