import env from '#start/env'
import { defineConfig } from '@adonisjs/lucid'
import { migrationPaths } from '#config/plugins'

export default defineConfig({
  connection: 'postgres',
  prettyPrintDebugQueries: false,
  connections: {
    postgres: {
      client: 'pg',
      connection: env.get('DATABASE_URL'),
      pool: { min: 0, max: 10 },
      migrations: {
        naturalSort: true,
        // Core first, then every installed plugin in dependency order, then core's few
        // migrations that must follow the plugins' (e.g. dropping columns a plugin took over).
        paths: ['./database/migrations', ...migrationPaths, './database/migrations_after_plugins'],
      },
      seeders: { paths: ['./database/seeders'] },
    },
  },
})
