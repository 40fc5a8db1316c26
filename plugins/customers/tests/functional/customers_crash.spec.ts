import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import type { TestContext } from '@japa/runner/core'

/*
 * Crash test, for the job worker inside the server and for the worker process `npm start`
 * runs beside it (both SIGKILLed at once): a real server is SIGKILLed (1) while the postback
 * and the batch API are under load, and (2) in the middle of a 100,000-row CSV import (the
 * upload limit). Every
 * event or row acknowledged before the kill is stored (a postback acknowledged but not yet
 * processed is in the inbox, and is processed after the restart without anyone sending
 * anything), nothing is stored twice, and after a restart the import runs again from scratch
 * to completion and replays add nothing.
 */
const CORE = fileURLToPath(new URL('../../../../core/', import.meta.url))
const PG_BASE = (process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '')
const DB = `${process.env.TEST_DB_NAME ?? `affix_test_japa${process.env.AFFIX_TEST_DB_SUFFIX ?? ''}`}_crash_customers`
const CUSTOMERS = 2000

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Where the job worker runs when the machine dies: inside the server, or as `npm start`
 * runs it, in a child process (AFFIX_WORKER=process) — SIGKILLed together with the server.
 */
type Deployment = 'one process' | 'worker process'

async function start(port: number, deployment: Deployment): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/start.ts'], {
    cwd: CORE,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: `${PG_BASE}/${DB}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AFFIX_WORKER: deployment === 'one process' ? 'true' : 'process',
      AFFIX_MIGRATE_ON_START: 'true',
      AFFIX_SEED_DEMO: 'true',
      AFFIX_COUNTER_NAMESPACE: `crash-customers-${Date.now()}`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    // A process group of its own: the kill takes the server and its worker process at once.
    detached: true,
  })
  child.stderr!.resume()
  const deadline = Date.now() + 120_000
  const ready = deployment === 'one process' ? 'in-process' : 'process'
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited early')
    const worker = await fetch(`http://127.0.0.1:${port}/health`).then(
      async (response) => (response.ok ? ((await response.json()) as any).data.worker : null),
      () => null
    )
    if (worker === ready) return child
    if (Date.now() > deadline) throw new Error(`server did not start (worker: ${worker})`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** SIGKILL to the server's process group: the server and, if it has one, its worker process. */
async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(-child.pid!, 'SIGKILL')
  await exited
}

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10)

async function crashScenario(assert: TestContext['assert'], deployment: Deployment) {
  const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${DB}`)
  await admin.end()
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let child = await start(port, deployment)
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
      rows: [brand],
    } = await sql.query('SELECT id FROM brands ORDER BY id LIMIT 1')
    const registered = await fetch(`${url}/api/v1/customers/customers/batch`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        rows: Array.from({ length: CUSTOMERS }, (_, i) => ({
          cuid: `crash-${i}`,
          date: day(30),
          curr: 'USD',
          brand_id: brand.id,
        })),
      }),
    })
    assert.equal(registered.status, 200)
    const secret = (
      (await (await fetch(`${url}/api/v1/customers/postback/secret`, { method: 'POST', headers })).json()) as any
    ).data.secret as string

    // ---- 1. kill under postback and batch load ----
    const acknowledged: string[] = []
    const postbacksAcknowledged: string[] = []
    const batches: Array<Array<Record<string, unknown>>> = []
    let running = true
    let failures = 0
    let sequence = 0
    const postbackWorker = async () => {
      while (running) {
        const txn = `pb-${sequence++}`
        try {
          const response = await fetch(
            `${url}/pb/?secret=${secret}&event=deposit&cuid=crash-${sequence % CUSTOMERS}&txn_id=${txn}&amount=10&date=${day(1)}`
          )
          if (response.status === 202) postbacksAcknowledged.push(txn)
        } catch {
          failures++
          if (child.exitCode !== null || child.signalCode) return
        }
      }
    }
    const batchWorker = async (worker: number) => {
      for (let call = 0; running; call++) {
        const rows = Array.from({ length: 2000 }, (_, i) => ({
          cuid: `crash-${i % CUSTOMERS}`,
          date: day(2),
          txn_id: `api-${worker}-${call}-${i}`,
          deposits: '5',
        }))
        batches.push(rows)
        try {
          const response = await fetch(`${url}/api/v1/customers/activity/batch`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ rows }),
          })
          if (response.status === 200) for (const row of rows) acknowledged.push(row.txn_id as string)
        } catch {
          failures++
          if (child.exitCode !== null || child.signalCode) return
        }
      }
    }
    const workers = [...Array.from({ length: 24 }, postbackWorker), batchWorker(0), batchWorker(1)]
    await new Promise((resolve) => setTimeout(resolve, 3000))
    await kill(child)
    running = false
    await Promise.all(workers)
    assert.isAbove(acknowledged.length, 100, 'the batch load ran')
    assert.isAbove(postbacksAcknowledged.length, 100, 'the postback load ran')
    assert.isAbove(failures, 0, 'the kill interrupted requests in flight')
    const inbox = async () => Number((await sql.query('SELECT count(*) AS n FROM customer_postback_inbox')).rows[0].n)
    const postbacksStored = async () =>
      Number(
        (
          await sql.query('SELECT count(DISTINCT txn_id) AS n FROM customer_activity WHERE txn_id = ANY($1::text[])', [
            postbacksAcknowledged,
          ])
        ).rows[0].n
      )
    // Each acknowledged postback is either ingested or still waiting in the inbox.
    const waiting = await sql.query('SELECT txn_id FROM customer_postback_inbox')
    const waitingTxns = new Set(waiting.rows.map((row) => row.txn_id as string))
    assert.equal(
      (await postbacksStored()) + postbacksAcknowledged.filter((txn) => waitingTxns.has(txn)).length,
      postbacksAcknowledged.length,
      'every acknowledged postback is ingested or in the inbox'
    )
    const stored = async (txns: string[]) =>
      Number(
        (
          await sql.query('SELECT count(DISTINCT txn_id) AS n FROM customer_activity WHERE txn_id = ANY($1::text[])', [
            txns,
          ])
        ).rows[0].n
      )
    assert.equal(await stored(acknowledged), acknowledged.length, 'every acknowledged row is stored')
    const twice = await sql.query(
      'SELECT count(*) AS n FROM (SELECT txn_id FROM customer_activity WHERE txn_id IS NOT NULL GROUP BY brand_id, txn_id HAVING count(*) > 1) d'
    )
    assert.equal(Number(twice.rows[0].n), 0)

    // ---- 2. kill during a 100,000-row import; the restart runs it again from scratch ----
    child = await start(port, deployment)
    const restartedAt = Date.now()
    const lines = ['cuid,date,txn_id,deposits,bets']
    for (let i = 0; i < 100_000; i++)
      lines.push(`crash-${i % CUSTOMERS},${day(3)},csv-${i},${i % 3 === 0 ? '7.5' : '0'},12.25`)
    const form = new FormData()
    form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'crash.csv')
    const queued = await fetch(`${url}/api/v1/customers/activity/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    assert.equal(queued.status, 202)
    const importId = ((await queued.json()) as any).data.id
    const deadline = Date.now() + 120_000
    for (;;) {
      const { rows } = await sql.query('SELECT status, processed_rows FROM imports WHERE id = $1', [importId])
      if (rows[0].status === 'processing' && rows[0].processed_rows >= 10_000) break
      if (rows[0].status !== 'queued' && rows[0].status !== 'processing')
        throw new Error(`import ${rows[0].status} too soon`)
      if (Date.now() > deadline) throw new Error('import did not start')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await kill(child)
    const csvRows = async () =>
      Number((await sql.query("SELECT count(*) AS n FROM customer_activity WHERE txn_id LIKE 'csv-%'")).rows[0].n)
    assert.equal(await csvRows(), 0, 'the killed import left nothing half-written')
    child = await start(port, deployment)
    const finishedBy = Date.now() + 240_000
    let record: any
    for (;;) {
      record = (await sql.query('SELECT status, imported_rows, attempts FROM imports WHERE id = $1', [importId]))
        .rows[0]
      if (['completed', 'failed', 'imported_partially'].includes(record.status)) break
      if (Date.now() > finishedBy) throw new Error(`import still ${record.status}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    assert.include(record, { status: 'completed', imported_rows: 100_000 })
    assert.equal(await csvRows(), 100_000)

    // The postbacks left in the inbox by the kill: processed after the restart (the minutely job at the latest).
    while ((await inbox()) > 0) {
      if (Date.now() - restartedAt > 150_000) throw new Error(`${await inbox()} postbacks still in the inbox`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    assert.equal(await postbacksStored(), postbacksAcknowledged.length, 'every acknowledged postback is stored')
    assert.equal(
      Number(
        (
          await sql.query(
            "SELECT count(*) AS n FROM customer_postback_log WHERE txn_id LIKE 'pb-%' AND outcome = 'created'"
          )
        ).rows[0].n
      ),
      Number((await sql.query("SELECT count(*) AS n FROM customer_activity WHERE txn_id LIKE 'pb-%'")).rows[0].n),
      'each stored postback is logged as created once'
    )

    // ---- 3. the operator replays what was not acknowledged (and what was): nothing is stored twice ----
    const before = Number((await sql.query('SELECT count(*) AS n FROM customer_activity')).rows[0].n)
    let added = 0
    for (const rows of batches) {
      const response = await fetch(`${url}/api/v1/customers/activity/batch`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ rows }),
      })
      added += ((await response.json()) as any).data.summary.created
    }
    const after = Number((await sql.query('SELECT count(*) AS n FROM customer_activity')).rows[0].n)
    assert.equal(after - before, added)
    const apiTxns = batches.flat().map((row) => row.txn_id as string)
    assert.equal(await stored(apiTxns), apiTxns.length)
    assert.equal(
      Number((await sql.query("SELECT count(*) AS n FROM customer_activity WHERE txn_id LIKE 'api-%'")).rows[0].n),
      apiTxns.length
    )
  } finally {
    await kill(child)
    await sql.end().catch(() => {})
  }
}

test.group('Customers: crash', () => {
  for (const deployment of ['one process', 'worker process'] as const)
    test(`SIGKILL under postback and batch load, and during a 100,000-row import, loses no acknowledged row and stores none twice (${deployment})`, async ({
      assert,
    }) => crashScenario(assert, deployment)).timeout(600_000)
})
