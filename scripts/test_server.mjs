/*
 * Starts a real Affix server for the SDK, CLI and browser suites: a fresh PostgreSQL
 * database of its own (so suites can run side by side), migrations, demo data, then the
 * HTTP server on a free port. Returns its URL and a stop function.
 *
 * PostgreSQL: TEST_PG_URL (default postgres://postgres@127.0.0.1:5432, the machine's
 * server); Redis: REDIS_URL when set (CI sets it), otherwise the in-memory stand-in.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const CORE_DIR = fileURLToPath(new URL('../core/', import.meta.url))
const PG_BASE = (process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '')

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

export async function recreateDatabase(name) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`)
  const client = new pg.Client({ connectionString: `${PG_BASE}/postgres` })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  return `${PG_BASE}/${name}`
}

export async function startTestServer({ database, env = {} } = {}) {
  if (!database) throw new Error('startTestServer needs a database name')
  const databaseUrl = await recreateDatabase(database)
  const port = await freePort()
  // Uploads (seeded media, import files) of this server only, removed on stop.
  const dataDir = mkdtempSync(join(tmpdir(), `affix-${database}-`))
  const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/start.ts'], {
    cwd: CORE_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_KEY: process.env.APP_KEY ?? 'test-app-key-0123456789abcdefghijkl',
      LOG_LEVEL: process.env.TEST_SERVER_LOG_LEVEL ?? 'warn',
      AFFIX_MIGRATE_ON_START: 'true',
      AFFIX_SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      // Rate-limit counters of this server only (Redis outlives test runs).
      AFFIX_COUNTER_NAMESPACE: `test-${database}-${port}-${Date.now()}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`test server exited early:\n${output}`)
    try {
      const response = await fetch(`${url}/health`)
      if (response.ok) break
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`test server did not become healthy in 60 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return rmSync(dataDir, { recursive: true, force: true })
      child.kill('SIGTERM')
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL')
          resolve()
        }, 5000)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
      })
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export const DEMO_ADMIN = { email: 'admin@demo.affix.dev', password: 'Demo#1234' }
