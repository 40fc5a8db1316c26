import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { installJobQueue } from '#services/job_queue'

/** Runs pending migrations of core and every installed plugin (dependency order), then the job queue's. */
export async function runMigrations() {
  const runner = new MigrationRunner(db, app, { direction: 'up' })
  await runner.run()
  if (runner.error) throw runner.error
  await installJobQueue()
  return runner.migratedFiles
}
