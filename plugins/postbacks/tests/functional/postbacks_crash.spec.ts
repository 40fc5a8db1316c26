import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { receiver } from './helpers.js'

/*
 * Crash test: a real server process is SIGKILLed while its worker is sending postbacks to a
 * receiver that holds the requests open. After a restart every event reaches the receiver
 * (the claims' leases expire and the sweep wakes the dispatcher), each under its one
 * event_id: nothing is lost.
 */
const CORE = fileURLToPath(new URL('../../../../core/', import.meta.url))
const PG_BASE = (process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '')
const DB = `${process.env.TEST_DB_NAME ?? `affix_test_japa${process.env.AFFIX_TEST_DB_SUFFIX ?? ''}`}_crash_postbacks`
const EVENTS = 20

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/start.ts'], {
    cwd: CORE,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: `${PG_BASE}/${DB}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // One process, SIGKILLed whole: the job worker in it (npm start's default child
      // worker would stop gracefully when its server dies).
      AFFIX_WORKER: 'true',
      AFFIX_MIGRATE_ON_START: 'true',
      AFFIX_SEED_DEMO: 'true',
      AFFIX_COUNTER_NAMESPACE: `crash-postbacks-${Date.now()}`,
      AFFIX_OUTBOUND_ALLOW: '127.0.0.1',
      AFFIX_POSTBACK_LEASE_SECONDS: '2',
      AFFIX_POSTBACK_TIMEOUT_MS: '30000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr!.resume()
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited early')
    const healthy = await fetch(`http://127.0.0.1:${port}/health`).then(
      (response) => response.ok,
      () => false
    )
    if (healthy) return child
    if (Date.now() > deadline) throw new Error('server did not start')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

test.group('Postbacks: crash', () => {
  test('SIGKILL of the worker mid-delivery loses no postback', async ({ assert }) => {
    const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${DB}`)
    await admin.end()
    // Before the kill the receiver holds every request open; afterwards it answers at once.
    let hanging = true
    const held = await receiver(() => (hanging ? { status: 200, delay: 60_000 } : { status: 200 }))
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    let child = await start(port)
    const sql = new pg.Client({ connectionString: `${PG_BASE}/${DB}` })
    try {
      await sql.connect()
      const login = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.affix.dev', password: 'Demo#1234' }),
      })
      const token = ((await login.json()) as any).data.token as string
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const {
        rows: [campaign],
      } = await sql.query(`SELECT id FROM campaigns WHERE status = 'active' ORDER BY id LIMIT 1`)
      const {
        rows: [affiliate],
      } = await sql.query(`SELECT id FROM users WHERE role = 'affiliate' AND status = 'active' ORDER BY id LIMIT 1`)
      const created = await fetch(`${url}/api/v1/postbacks/postback`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'Crash',
          affiliateId: affiliate.id,
          events: ['registration'],
          url: `${held.base}/pb?eid={event_id}`,
        }),
      })
      assert.equal(created.status, 201)
      const postbackId = ((await created.json()) as any).data.id
      const registered = await fetch(`${url}/api/v1/customers/customers/batch`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          rows: Array.from({ length: EVENTS }, (_, index) => ({
            cuid: `crash-pb-${index}`,
            // Yesterday in UTC: a day that has begun in the demo organisation's zone too (today in
            // UTC is still tomorrow there in the first hours of the UTC day, and is refused).
            date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
            curr: 'USD',
            campaign_id: campaign.id,
            pub_id: affiliate.id,
          })),
        }),
      })
      assert.equal(registered.status, 200)
      const deadline = Date.now() + 60_000
      while (held.requests.length < EVENTS) {
        if (Date.now() > deadline) throw new Error(`only ${held.requests.length} requests in flight`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      // Every delivery is on the wire, none answered: the worker dies now.
      await kill(child)
      const inFlight = new Set(held.requests.map((request) => request.url.searchParams.get('eid')))
      assert.equal(inFlight.size, EVENTS)
      hanging = false
      const before = held.requests.length
      child = await start(port)
      const recovered = Date.now() + 150_000
      for (;;) {
        const {
          rows: [row],
        } = await sql.query(
          `SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered, count(*)::int AS total
             FROM postback_deliveries WHERE postback_id = $1`,
          [postbackId]
        )
        if (row.delivered === EVENTS) break
        if (Date.now() > recovered) throw new Error(`${row.delivered} of ${row.total} delivered after the restart`)
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      const after = held.requests.slice(before).map((request) => request.url.searchParams.get('eid'))
      // Each event came again after the restart, under the event_id it had before.
      assert.sameMembers([...new Set(after)], [...inFlight])
      const {
        rows: [attempts],
      } = await sql.query(
        `SELECT count(*) FILTER (WHERE outcome = 'success')::int AS successes FROM postback_attempts WHERE postback_id = $1`,
        [postbackId]
      )
      assert.equal(attempts.successes, EVENTS)
    } finally {
      await sql.end().catch(() => {})
      await kill(child)
      await held.close().catch(() => {})
    }
  }).timeout(300_000)
})
