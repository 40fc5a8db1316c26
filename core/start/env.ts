import { Env } from '@adonisjs/core/env'

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum.optional(['development', 'production', 'test'] as const),
  PORT: Env.schema.number.optional(),
  HOST: Env.schema.string.optional({ format: 'host' }),
  APP_KEY: Env.schema.secret(),
  APP_URL: Env.schema.string.optional(),
  CORS_ORIGINS: Env.schema.string.optional(),
  APP_VERSION: Env.schema.string.optional(),
  LOG_LEVEL: Env.schema.string.optional(),
  DATABASE_URL: Env.schema.string(),
  REDIS_URL: Env.schema.string.optional(),
  AFFIX_COUNTER_NAMESPACE: Env.schema.string.optional(),
  DATA_DIR: Env.schema.string.optional(),
  /** Where uploads live: local (DATA_DIR/uploads) or s3 (docs/storage.md). */
  STORAGE_DRIVER: Env.schema.enum.optional(['local', 's3'] as const),
  S3_ENDPOINT: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_BUCKET: Env.schema.string.optional(),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.secret.optional(),
  S3_FORCE_PATH_STYLE: Env.schema.boolean.optional(),
  AFFIX_MIGRATE_ON_START: Env.schema.boolean.optional(),
  AFFIX_SEED_DEMO: Env.schema.boolean.optional(),
  /**
   * Where the job worker runs: `true` in this process (the default of a bare server),
   * `process` in a child process at a lower CPU priority (what `npm start` runs), `false`
   * not here (another process runs `npm run worker`).
   */
  AFFIX_WORKER: (name: string, value?: string) => {
    const mode = value?.trim().toLowerCase()
    if (mode === undefined || mode === '') return undefined
    if (mode === 'true' || mode === 'false' || mode === 'process') return mode
    throw new Error(`${name} must be true, false or process, not "${value}"`)
  },
  /** The niceness of the child worker process (AFFIX_WORKER=process): 0–19, default 10. */
  AFFIX_WORKER_NICE: Env.schema.number.optional(),
  AFFIX_WORKER_CONCURRENCY: Env.schema.number.optional(),
  AFFIX_TOKEN_TTL: Env.schema.string.optional(),
})
