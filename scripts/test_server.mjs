/*
 * Starts a real Affix server for the SDK, CLI and browser suites: a fresh PostgreSQL
 * database of its own (so suites can run side by side), migrations, demo data, then the
 * HTTP server on a free port. Returns its URL and a stop function.
 *
 * PostgreSQL: TEST_PG_URL (default postgres://postgres@127.0.0.1:5432, the machine's
 * server); Redis: REDIS_URL when set (CI sets it), otherwise the in-memory stand-in.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
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

/**
 * AFFIX_TEST_DB_SUFFIX keeps the databases of two checkouts testing on one server apart
 * (e.g. `_wt1`): every suite's database name gets it appended.
 */
export function testDatabaseName(name) {
  return `${name}${process.env.AFFIX_TEST_DB_SUFFIX ?? ''}`
}

async function onMaintenanceDatabase(baseName, work) {
  const name = testDatabaseName(baseName)
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`)
  const client = new pg.Client({ connectionString: `${PG_BASE}/postgres` })
  await client.connect()
  try {
    await work(client, name)
  } finally {
    await client.end()
  }
  return `${PG_BASE}/${name}`
}

export async function recreateDatabase(baseName) {
  return onMaintenanceDatabase(baseName, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.query(`CREATE DATABASE ${name}`)
  })
}

/** Drops a test database (a benchmark's, at its end: gigabytes of rows nobody reads again). */
export async function dropDatabase(baseName) {
  await onMaintenanceDatabase(baseName, (client, name) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
}

/** The text part of a mail nodemailer wrote (quoted-printable or base64 undone, UTF-8). */
function mailText(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n')
  if (/Content-Transfer-Encoding: base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(head)) return body
  const soft = body.replace(/=\r?\n/g, '')
  const bytes = []
  for (let index = 0; index < soft.length; index++) {
    const hex = soft[index] === '=' ? soft.slice(index + 1, index + 3) : ''
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      index += 2
    } else bytes.push(...Buffer.from(soft[index], 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/**
 * The mails a test server wrote to its outbox (it has no SMTP_URL), oldest first:
 * recipients and decoded text. Lets a suite follow an invitation or reset link as the
 * person would.
 */
export function outboxMails(dataDir) {
  const outbox = join(dataDir, 'outbox')
  if (!existsSync(outbox)) return []
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || a.localeCompare(b))
    .map((file) => {
      const raw = readFileSync(join(outbox, file), 'utf8')
      const to = /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? ''
      return { to, text: mailText(raw) }
    })
}

/** Starts a server process on its own database, recreated empty. */
export async function startTestServer({ database, env = {} } = {}) {
  if (!database) throw new Error('startTestServer needs a database name')
  const databaseUrl = await recreateDatabase(database)
  const port = await freePort()
  // Uploads (seeded media, import files) and mails of this server only, removed on stop
  // (unless the suite gave its own DATA_DIR, which it then removes itself).
  const ownDataDir = !env.DATA_DIR
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), `affix-${database}-`))
  const [program, ...args] = [process.execPath, '--import=@poppinss/ts-exec', 'bin/start.ts']
  const child = spawn(program, args, {
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
      // The job worker in the server's own process (npm start's default is a child
      // process): suites wait on one process; the smoke test and bench:ingest run the default.
      AFFIX_WORKER: 'true',
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
    databaseUrl,
    output: () => output,
    /** The path and code of the last `/invitation/…` or `/password/reset/…` link mailed to `email`. */
    lastMailedLink(email, kind = 'invitation') {
      const path = kind === 'invitation' ? '/invitation/' : '/password/reset/'
      const mails = outboxMails(dataDir).filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()))
      for (const mail of mails.reverse()) {
        const found = new RegExp(`https?://[^\\s/]+(${path.replace(/\//g, '\\/')}([A-Za-z0-9_-]+))`).exec(mail.text)
        if (found) return { path: found[1], code: found[2] }
      }
      throw new Error(`no ${kind} link mailed to ${email}`)
    },
    async stop() {
      if (child.exitCode !== null) return ownDataDir && rmSync(dataDir, { recursive: true, force: true })
      child.kill('SIGTERM')
      await new Promise((resolve) => {
        // The server's own shutdown gives up after 30 s (bin/server.ts); a job worker child
        // finishing its jobs can take a few seconds.
        const timer = setTimeout(() => {
          child.kill('SIGKILL')
          resolve()
        }, 30_000)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
      })
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A server for a benchmark (NODE_ENV=production, LOG_LEVEL=warn, REDIS_URL; the
 * BENCH_SERVER_NODE_OPTIONS variable becomes its NODE_OPTIONS, e.g. for a CPU profile), with
 * the job worker where `npm start` runs it — a child process at niceness `workerNice`
 * (default 10) — or, with `oneProcess`, inside the server. Resolves once the worker is up
 * and prints which deployment runs.
 */
export async function startBenchServer({ database, env = {}, oneProcess = false, workerNice = 10 }) {
  const server = await startTestServer({
    database,
    env: {
      LOG_LEVEL: 'warn',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      NODE_ENV: 'production',
      AFFIX_WORKER: oneProcess ? 'true' : 'process',
      AFFIX_WORKER_NICE: String(workerNice),
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      ...env,
    },
  })
  // The child worker boots after the server answers: what a bench measures needs it running.
  for (let waited = 0; !oneProcess; waited++) {
    const health = await (await fetch(`${server.url}/health`)).json()
    if (health.data.worker === 'process') break
    if (waited > 120) {
      await server.stop()
      throw new Error(`the job worker process did not start (${health.data.worker}):\n${server.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  console.log(
    oneProcess
      ? 'processes: one (web and job worker, AFFIX_WORKER=true)'
      : `processes: web + job worker child at nice ${workerNice} (AFFIX_WORKER=process, as npm start runs)`
  )
  return server
}

/**
 * Seeds the demo organisation into a running test server's database as of `now` (ISO 8601),
 * the way `npm run seed -- --now` does — for a server started with AFFIX_SEED_DEMO=false.
 * Seeded as of an earlier day, the demo leaves the periods after it open (e.g. last month,
 * to be closed by the suite).
 */
export async function seedDemoAt(server, now, env = {}) {
  const child = spawn(process.execPath, ['ace.js', 'demo:seed', '--now', now], {
    cwd: CORE_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: server.databaseUrl,
      APP_KEY: process.env.APP_KEY ?? 'test-app-key-0123456789abcdefghijkl',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`demo seed failed:\n${output}`)
}

export const DEMO_ADMIN = { email: 'admin@demo.affix.dev', password: 'Demo#1234' }
