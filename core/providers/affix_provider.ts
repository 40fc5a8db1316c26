import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Affix's own provider: on start, applies pending migrations and, on a first embedded
 * start, seeds the demo data (bin/start.ts sets the flags). On shutdown, closes the
 * counter store's connection.
 */
export default class AffixProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    if (this.app.getEnvironment() !== 'web') return
    const env = (await import('#start/env')).default
    const logger = await this.app.container.make('logger')
    if (env.get('AFFIX_MIGRATE_ON_START')) {
      const { runMigrations } = await import('#services/migrations')
      const files = await runMigrations()
      if (Object.keys(files).length) logger.info('applied %d migration(s)', Object.keys(files).length)
    }
    if (env.get('AFFIX_SEED_DEMO')) {
      const { seedDemo, DEMO_ADMIN_EMAIL } = await import('#services/demo_data')
      const { created } = await seedDemo()
      if (created) logger.info('demo data seeded: log in as %s', DEMO_ADMIN_EMAIL)
    }
  }

  async shutdown() {
    const { counters } = await import('#services/counters')
    await counters.close()
  }
}
