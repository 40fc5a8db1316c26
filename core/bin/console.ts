/*
 * Ace console entry point (migrations, seeders, openapi:generate, ...).
 */
import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { EmbeddedPostgresError } from './embedded_postgres.js'
import { applyRuntimeDefaults } from './runtime_defaults.js'
import { APP_ROOT, IMPORTER } from './lifecycle.js'

const DB_COMMANDS = /^(migration|db|make:migration|demo)/
try {
  await applyRuntimeDefaults({ database: DB_COMMANDS.test(process.argv[2] ?? '') })
} catch (error) {
  if (!(error instanceof EmbeddedPostgresError)) throw error
  console.error(error.message)
  process.exit(1)
}

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .ace()
  .handle(process.argv.splice(2))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
