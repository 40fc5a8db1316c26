import { defineConfig } from '@adonisjs/core/app'

export default defineConfig({
  commands: [() => import('@adonisjs/core/commands'), () => import('@adonisjs/lucid/commands')],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    { file: () => import('@adonisjs/core/providers/repl_provider'), environment: ['repl', 'test'] },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/cors/cors_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/i18n/i18n_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('#providers/affix_provider'),
  ],

  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    { file: () => import('#start/limiter'), environment: ['web', 'test'] },
  ],

  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec.ts', '../plugins/*/tests/unit/**/*.spec.ts'], name: 'unit', timeout: 10000 },
      {
        files: ['tests/functional/**/*.spec.ts', '../plugins/*/tests/functional/**/*.spec.ts'],
        name: 'functional',
        timeout: 60000,
      },
    ],
    forceExit: false,
  },
})
