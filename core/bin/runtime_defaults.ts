/*
 * Runtime defaults applied before AdonisJS boots, so that `npm start` works on a fresh
 * clone with nothing configured:
 * - no DATABASE_URL: start the embedded PostgreSQL server (bin/embedded_postgres.ts) with
 *   its data under DATA_DIR;
 * - no APP_KEY: generate one once and keep it under DATA_DIR.
 * The rest of the application sees an ordinary DATABASE_URL: the code path is the same.
 * `stopRuntime()` is the last step of an orderly shutdown, after the pools are closed.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded_postgres.js'

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

let embedded: EmbeddedPostgres | undefined

export async function applyRuntimeDefaults(options: { database?: boolean } = {}) {
  const dir = dataDir()
  mkdirSync(dir, { recursive: true })
  ensureAppKey(dir)
  if (options.database && !process.env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres(dir)
    process.env.DATABASE_URL = embedded.databaseUrl
    process.env.AFFIX_EMBEDDED_DB = 'true'
    return { firstRun: embedded.created }
  }
  // Commands that never touch the database (openapi:generate, list, ...) still need the
  // variable to be present; Lucid connects lazily, so this address is never dialled.
  process.env.DATABASE_URL ??= 'postgres://unused@127.0.0.1:1/unused'
  return { firstRun: false }
}

/** Stops what applyRuntimeDefaults started (the embedded PostgreSQL), if anything. */
export async function stopRuntime() {
  await embedded?.stop()
}
