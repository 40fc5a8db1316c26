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
        // Core first, then every installed plugin in dependency order.
        paths: ['./database/migrations', ...migrationPaths],
      },
      seeders: { paths: ['./database/seeders'] },
    },
  },
})
