import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Affix's own provider: on start, applies pending migrations and, on a first embedded
 * start, seeds the demo data (bin/start.ts sets the flags). In the web and test
 * environments it runs the job worker where AFFIX_WORKER says: in this process (the
 * default), in a child process at a lower CPU priority (`process`, what `npm start` runs:
 * services/worker_process.ts) or not here (`false`). On shutdown, stops the worker, then
 * plugins' own resources (onShutdown); Redis connections (kernel/redis.ts) are closed after
 * this by @adonisjs/redis's provider, so plugins can still use them here.
 */
export default class AffixProvider {
  constructor(protected app: ApplicationService) {}

  /** The kernel is handed the installed plugins here; it never imports the plugin list. */
  async boot() {
    const { registry } = await import('#config/plugins')
    const { setInstalledPlugins } = await import('#kernel/installed_plugins')
    setInstalledPlugins(registry)
    const { permissionCatalogue } = await import('#services/abilities')
    permissionCatalogue()
  }

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

  /** After start (migrations applied): the worker needs the tables it writes. */
  async ready() {
    if (!['web', 'test'].includes(this.app.getEnvironment())) return
    const env = (await import('#start/env')).default
    const { workerMode, startWorkerProcess } = await import('#services/worker_process')
    const mode = workerMode(env.get('AFFIX_WORKER'))
    const logger = await this.app.container.make('logger')
    if (mode === 'off') {
      // Not an error (workers may run elsewhere), but nothing here would say why jobs wait.
      logger.info(
        'no job worker in this process (AFFIX_WORKER=false): jobs and accepted postbacks wait for `npm run worker` or a server with one'
      )
      return
    }
    // The test environment always runs its worker in process: suites drive it directly.
    if (mode === 'process' && this.app.getEnvironment() === 'web') {
      startWorkerProcess(logger, { nice: env.get('AFFIX_WORKER_NICE') })
      return
    }
    const { startWorker } = await import('#services/jobs')
    await startWorker(logger, { concurrency: env.get('AFFIX_WORKER_CONCURRENCY') })
  }

  /**
   * After the HTTP server has drained, before Redis and Lucid close (providers shut down in
   * reverse order): the worker first (its jobs may use what plugins hold), then the
   * plugins' own resources (tracking flushes its click batches), then the cache bus stops
   * listening; the Redis connections themselves close after, with @adonisjs/redis.
   */
  async shutdown() {
    const { stopWorkerProcess } = await import('#services/worker_process')
    await stopWorkerProcess()
    const { stopWorker } = await import('#services/jobs')
    await stopWorker()
    const { installedPlugins } = await import('#kernel/installed_plugins')
    for (const plugin of [...installedPlugins().ordered].reverse()) await plugin.onShutdown?.()
    const { closeCacheBus } = await import('#kernel/cache_bus')
    await closeCacheBus()
  }
}
