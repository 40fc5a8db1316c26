/*
 * `npm start`: prepare the runtime (embedded PostgreSQL when DATABASE_URL is unset),
 * then boot the HTTP server. The server runs migrations on start (see
 * providers/affix_provider.ts) and seeds the demo data on the first embedded start.
 */
import { applyRuntimeDefaults } from './runtime_defaults.js'

const { firstRun } = await applyRuntimeDefaults({ database: true })
process.env.PORT ??= '3333'
process.env.HOST ??= '0.0.0.0'
process.env.AFFIX_MIGRATE_ON_START ??= 'true'
if (firstRun) process.env.AFFIX_SEED_DEMO ??= 'true'
await import('./server.js')
