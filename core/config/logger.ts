import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'

/** Secrets never reach the logs: pino redacts these paths wherever they appear. */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'passwordConfirmation',
  'token',
  'key',
  'secret',
  'clientSecret',
  'client_secret',
  'code',
  'code_verifier',
  'access_token',
]
const REDACT = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  'headers.authorization',
  'headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'request.headers.authorization',
]

export default defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'affix',
      level: env.get('LOG_LEVEL', app.inTest ? 'silent' : 'info'),
      redact: { paths: REDACT, censor: '[redacted]' },
      transport: {
        targets: targets()
          .push(targets.file({ destination: 1 }))
          .toArray(),
      },
    },
  },
})

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof import('./logger.js').default> {}
}
import type { InferLoggers } from '@adonisjs/core/types'
