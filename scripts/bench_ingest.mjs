/*
 * `npm run bench:ingest [-- --customers 100000 --rows 1000000 --duration 30 --connections 64 --in-flight 4
 *   --worker-nice 10 | --one-process]`:
 * the customers plugin's three ways in under load (docs/customers.md).
 *
 * Starts a real server on its own database (affix_bench_ingest, dropped at the end; NODE_ENV=production,
 * LOG_LEVEL=warn, REDIS_URL), then:
 *   1. registers `--customers` players through the batch API (10,000 a call, attributed to
 *      the demo campaigns and affiliates);
 *   2. sends `--rows` activity rows through the batch API (10,000 a call, `--in-flight` calls at once, default 4)
 *      and another `--rows` through CSV imports (files of 100,000 rows, the upload limit):
 *      rows/s of each path;
 *   3. replays all of them by the same paths: rows/s, every row a duplicate, and the sums of
 *      the activity table (count, each amount, versions) identical before and after;
 *   4. waits until the job queue is idle (the commission ledger works off the rows behind the
 *      ingest), then drives the postback endpoint with autocannon for `--duration` s (deposit
 *      events with unique txn_ids): events/s, latency, and zero lost — once the inbox is
 *      drained, every event answered 2xx is stored exactly once; then the same load against
 *      a baseline (a bare node:http server doing one pg INSERT per request), which shows what
 *      the machine gives at that moment.
 * Exits non-zero when a check fails.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { dropDatabase, startBenchServer, DEMO_ADMIN } from './test_server.mjs'

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : Number(process.argv[index + 1])
}
const CUSTOMERS = arg('customers', 100_000)
const ROWS = arg('rows', 1_000_000)
const DURATION = arg('duration', 30)
const CONNECTIONS = arg('connections', 64)
/** Batch API calls sent at once: an operator's loader sends a few; 2 was the default up to 2026-11-28. */
const IN_FLIGHT = arg('in-flight', 4)
const BATCH = 10_000
const FILE_ROWS = 100_000
const AMOUNTS = [
  'deposits',
  'ftd_amount',
  'withdrawals',
  'bets',
  'wins',
  'bonuses',
  'chargebacks',
  'fees',
  'jackpot',
  'adjustments',
]
const HEADER = [
  'cuid',
  'date',
  'txn_id',
  'curr',
  'deposits',
  'deposit_count',
  'withdrawals',
  'bets',
  'wins',
  'bonuses',
  'fees',
  'adjustments',
  'bet_count',
]

const fmt = (n) => Math.round(n).toLocaleString('en-US')
/** The machine's 1-minute load average (shared machine: every figure is printed with it). */
const load = () => `load ${loadavg()[0].toFixed(1)}`
const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10)

/** Activity row `i` of a path (`prefix`): deterministic, so a replay sends exactly the same values. */
function activityRow(prefix, i) {
  const cuid = `bench-${i % CUSTOMERS}`
  const deposit = i % 4 === 0 ? ((i % 97) * 5 + 10).toFixed(2) : '0'
  const bets = ((i % 113) * 3.25).toFixed(2)
  return {
    cuid,
    date: day(1 + (Math.floor(i / CUSTOMERS) % 60)),
    txn_id: `${prefix}-${i}`,
    curr: 'USD',
    deposits: deposit,
    deposit_count: deposit === '0' ? 0 : 1,
    withdrawals: i % 17 === 0 ? '12.5' : '0',
    bets,
    wins: ((i % 113) * 2.75).toFixed(2),
    bonuses: i % 10 === 0 ? '5' : '0',
    fees: '0.35',
    adjustments: i % 50 === 0 ? '-1.25' : '0',
    bet_count: i % 113,
  }
}

/**
 * Where the job worker (commission ledger, postback ingest, imports) runs: by default as
 * `npm start` runs it, in a child process of the server at a lower CPU priority
 * (AFFIX_WORKER=process, niceness `--worker-nice`, default 10); `--one-process` runs it
 * inside the web process (AFFIX_WORKER=true, a bare server's default), for comparison.
 */
const server = await startBenchServer({
  database: 'affix_bench_ingest',
  oneProcess: process.argv.includes('--one-process'),
  workerNice: arg('worker-nice', 10),
})
const sql = new pg.Client({ connectionString: server.databaseUrl })
await sql.connect()
let failed = false
const check = (ok, message) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`)
  if (!ok) failed = true
}

try {
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  const token = (await login.json()).data.token
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const api = async (path, body) => {
    const response = await fetch(`${server.url}/api/v1/customers${path}`, { method: 'POST', headers, body })
    const json = await response.json()
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json.error)}`)
    return json.data
  }
  const {
    rows: [org],
  } = await sql.query('SELECT min(id) AS id FROM organizations')
  const { rows: campaigns } = await sql.query(
    "SELECT id, brand_id FROM campaigns WHERE organization_id = $1 AND status = 'active' AND visibility = 'public' ORDER BY id",
    [org.id]
  )
  const { rows: affiliates } = await sql.query(
    "SELECT id FROM users WHERE organization_id = $1 AND role = 'affiliate' AND status = 'active' ORDER BY id",
    [org.id]
  )
  const brandId = campaigns[0].brand_id
  const sameBrand = campaigns.filter((campaign) => campaign.brand_id === brandId)

  // ---- 1. customers through the batch API ----
  let started = Date.now()
  for (let start = 0; start < CUSTOMERS; start += BATCH) {
    const rows = []
    for (let i = start; i < Math.min(CUSTOMERS, start + BATCH); i++) {
      const attributed = i % 10 !== 0
      rows.push({
        cuid: `bench-${i}`,
        date: day(90),
        curr: 'USD',
        country: ['BR', 'PT', 'TR'][i % 3],
        brand_id: brandId,
        ...(attributed
          ? { campaign_id: sameBrand[i % sameBrand.length].id, pub_id: affiliates[i % affiliates.length].id }
          : {}),
      })
    }
    const result = await api('/customers/batch', JSON.stringify({ rows }))
    if (result.summary.created !== rows.length) throw new Error(`registrations: ${JSON.stringify(result.summary)}`)
  }
  let seconds = (Date.now() - started) / 1000
  console.log(
    `customers: ${fmt(CUSTOMERS)} registered through the batch API in ${seconds.toFixed(1)} s (${fmt(CUSTOMERS / seconds)} rows/s; ${load()})`
  )

  // ---- 2a. activity through the batch API, IN_FLIGHT calls at once ----
  const sendAll = async (prefix, expect) => {
    const counts = { created: 0, updated: 0, duplicate: 0, error: 0 }
    let next = 0
    const began = Date.now()
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < ROWS) {
          const start = next
          next += BATCH
          const rows = []
          for (let i = start; i < Math.min(ROWS, start + BATCH); i++) rows.push(activityRow(prefix, i))
          const { summary } = await api('/activity/batch', JSON.stringify({ rows }))
          for (const key of Object.keys(counts)) counts[key] += summary[key]
        }
      })
    )
    const elapsed = (Date.now() - began) / 1000
    check(counts[expect] === ROWS, `${JSON.stringify(counts)} (expected ${fmt(ROWS)} ${expect})`)
    return { elapsed, rate: ROWS / elapsed }
  }
  const apiRun = await sendAll('api', 'created')
  console.log(
    `batch API: ${fmt(ROWS)} activity rows in ${apiRun.elapsed.toFixed(1)} s → ${fmt(apiRun.rate)} rows/s (${IN_FLIGHT} calls in flight; ${load()})`
  )

  // ---- 2b. activity through CSV imports ----
  const files = []
  for (let start = 0; start < ROWS; start += FILE_ROWS) {
    const lines = [HEADER.join(',')]
    for (let i = start; i < Math.min(ROWS, start + FILE_ROWS); i++) {
      const row = activityRow('csv', i)
      lines.push(HEADER.map((column) => row[column] ?? '').join(','))
    }
    files.push(Buffer.from(lines.join('\n') + '\n'))
  }
  const importAll = async (expectImported) => {
    const began = Date.now()
    const ids = []
    for (const [index, file] of files.entries()) {
      const form = new FormData()
      form.append('file', new Blob([file], { type: 'text/csv' }), `activity-${index}.csv`)
      // A pooled connection the server has just closed fails before the upload reached it: send again.
      const send = () =>
        fetch(`${server.url}/api/v1/customers/activity/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        })
      const response = await send().catch(() => send())
      const json = await response.json()
      if (response.status !== 202) throw new Error(`import: ${response.status} ${JSON.stringify(json.error)}`)
      ids.push(json.data.id)
    }
    let imported = 0
    let failedRows = 0
    for (const id of ids) {
      for (;;) {
        const record = (await (await fetch(`${server.url}/api/v1/imports/${id}`, { headers })).json()).data
        if (['completed', 'failed', 'imported_partially', 'cancelled'].includes(record.status)) {
          imported += record.importedRows
          failedRows += record.failedRows
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
    const elapsed = (Date.now() - began) / 1000
    check(
      imported === expectImported,
      `CSV: ${fmt(imported)} imported, ${fmt(failedRows)} reported in failed-rows files`
    )
    return { elapsed, rate: ROWS / elapsed }
  }
  const csvRun = await importAll(ROWS)
  console.log(
    `CSV import: ${fmt(ROWS)} activity rows in ${files.length} files in ${csvRun.elapsed.toFixed(1)} s → ${fmt(csvRun.rate)} rows/s (${load()})`
  )

  // ---- 3. replay everything; nothing may change ----
  const sums = async () =>
    (
      await sql.query(
        `SELECT count(*)::text AS rows, sum(version)::text AS versions, max(updated_at)::text AS last_update,
                ${AMOUNTS.map((field) => `sum(${field})::text AS ${field}`).join(', ')},
                sum(deposit_count)::text AS deposit_count, sum(bet_count)::text AS bet_count,
                (SELECT count(*) FROM customer_conversions)::text AS conversions,
                (SELECT count(*) FROM customer_activity_revisions)::text AS revisions
           FROM customer_activity`
      )
    ).rows[0]
  const before = await sums()
  const apiReplay = await sendAll('api', 'duplicate')
  console.log(
    `replay by batch API: ${fmt(ROWS)} rows in ${apiReplay.elapsed.toFixed(1)} s → ${fmt(apiReplay.rate)} rows/s (all duplicates; ${load()})`
  )
  const csvReplay = await importAll(0)
  console.log(
    `replay by CSV: ${fmt(ROWS)} rows in ${csvReplay.elapsed.toFixed(1)} s → ${fmt(csvReplay.rate)} rows/s (all duplicates; ${load()})`
  )
  const after = await sums()
  console.log(`sums: ${JSON.stringify(after)}`)
  check(
    JSON.stringify(before) === JSON.stringify(after),
    'the replay changed nothing (same count, sums, versions, last update, conversions, revisions)'
  )
  check(
    Number(after.rows) === 2 * ROWS + Number(before.rows) - 2 * ROWS,
    `${fmt(Number(after.rows))} activity rows stored`
  )

  // ---- the listeners catch up: the commission ledger prices 2,000,000 rows behind the ingest ----
  // The postback is measured on a server that is not also working off that backlog (the
  // backlog is a figure of its own: the job queue's time to become idle after the replays).
  const pendingJobs = async () =>
    Number(
      (
        await sql.query(
          `SELECT (SELECT count(*) FROM graphile_worker._private_jobs WHERE run_at <= now() AND attempts < max_attempts)
                + CASE WHEN to_regclass('payouts_dirty_customers') IS NULL THEN 0
                       ELSE (SELECT count(*) FROM payouts_dirty_customers) END AS n`
        )
      ).rows[0].n
    )
  const settling = Date.now()
  while ((await pendingJobs()) > 0 && Date.now() - settling < 1_800_000)
    await new Promise((resolve) => setTimeout(resolve, 500))
  console.log(
    `listeners (commission ledger, outgoing postbacks): the job queue was idle ${((Date.now() - settling) / 1000).toFixed(1)} s after the replays (${fmt(await pendingJobs())} jobs left; ${load()})`
  )

  // ---- 4. the postback endpoint under load ----
  const rotated = await api('/postback/secret', '')
  const secret = rotated.secret
  let sequence = 0
  const answered = []
  const statuses = {}
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest(request, context) {
          const n = sequence++
          context.txn = `pb-${n}`
          request.path = `/pb/?secret=${secret}&event=deposit&cuid=bench-${(n * 7919) % CUSTOMERS}&txn_id=${context.txn}&amount=${(n % 500) + 10}.50&currency=USD`
          return request
        },
        onResponse(status, _body, context) {
          statuses[status] = (statuses[status] ?? 0) + 1
          if (status >= 200 && status < 300) answered.push(context.txn)
        },
      },
    ],
  })
  // Accepted events are in the inbox; the processor takes them through the ingest service.
  const drainStarted = Date.now()
  for (;;) {
    const { rows } = await sql.query('SELECT count(*)::int AS n FROM customer_postback_inbox')
    if (rows[0].n === 0) break
    if (Date.now() - drainStarted > 600_000) throw new Error(`postback inbox not drained: ${rows[0].n} left`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const drained = (Date.now() - drainStarted) / 1000
  const { rows: processedRows } = await sql.query(
    "SELECT count(*)::int AS n, min(received_at) AS first, max(received_at) AS last FROM customer_postback_log WHERE txn_id LIKE 'pb-%'"
  )
  let stored = 0
  for (let i = 0; i < answered.length; i += 50_000) {
    const { rows } = await sql.query(
      'SELECT count(*) AS n FROM customer_activity WHERE organization_id = $1 AND txn_id = ANY($2::text[])',
      [org.id, answered.slice(i, i + 50_000)]
    )
    stored += Number(rows[0].n)
  }
  const { rows: duplicates } = await sql.query(
    "SELECT count(*) AS n FROM (SELECT txn_id FROM customer_activity WHERE txn_id LIKE 'pb-%' GROUP BY txn_id HAVING count(*) > 1) d"
  )
  console.log(
    `postback: ${fmt(result.requests.average)} events/s (${fmt(result.requests.total)} in ${result.duration} s, ${CONNECTIONS} connections), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; statuses ${JSON.stringify(statuses)}; errors ${result.errors}, timeouts ${result.timeouts}; ${load()}`
  )
  console.log(
    `postback processing: ${fmt(processedRows[0].n)} events logged with their outcome; the inbox emptied ${drained.toFixed(1)} s after the load ended`
  )
  check(
    stored === answered.length && Number(duplicates[0].n) === 0,
    `postback: ${fmt(answered.length)} answered 2xx, ${fmt(stored)} stored, ${duplicates[0].n} stored twice — zero lost`
  )
  // ---- the machine's own figure: a bare node:http + pg INSERT per request, same load ----
  await sql.query(
    'CREATE TABLE IF NOT EXISTS bench_baseline (txn text PRIMARY KEY, amount numeric, at timestamptz DEFAULT now())'
  )
  const baseline = await startBaseline(server.databaseUrl)
  try {
    let n = 0
    const base = await autocannon({
      url: baseline.url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [{ setupRequest: (request) => ({ ...request, path: `/?txn=b-${n++}&amount=10.5` }) }],
    })
    console.log(
      `baseline (node:http + one pg INSERT per request): ${fmt(base.requests.average)} req/s, p50 ${base.latency.p50} ms, p99 ${base.latency.p99} ms — postback/baseline ${(result.requests.average / base.requests.average).toFixed(2)}× (${load()})`
    )
  } finally {
    await baseline.stop()
  }
  const averages = loadavg()
  console.log(
    `load average at the end (1, 5, 15 min): ${averages.map((value) => value.toFixed(1)).join(', ')} (2 cores)`
  )
  console.log(
    `aims: batch API ≥ 20,000 rows/s: ${apiRun.rate >= 20_000 ? 'met' : 'NOT met'} (${fmt(apiRun.rate)}); postback ≥ 3,000 events/s: ${result.requests.average >= 3000 ? 'met' : 'NOT met'}; p99 ≤ 50 ms: ${result.latency.p99 <= 50 ? 'met' : 'NOT met'}`
  )
} catch (error) {
  console.error(error)
  console.error(`server output (last 4,000 characters):\n${server.output().slice(-4000)}`)
  failed = true
} finally {
  await sql.end()
  await server.stop()
  await dropDatabase('affix_bench_ingest')
}
if (failed) process.exit(1)

async function startBaseline(connectionString) {
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
  const dir = mkdtempSync(join(tmpdir(), 'affix-ingest-baseline-'))
  const file = join(dir, 'baseline.mjs')
  writeFileSync(
    file,
    `import http from 'node:http'
import pg from ${JSON.stringify(import.meta.resolve('pg'))}
const pool = new pg.Pool({ connectionString: ${JSON.stringify(connectionString)}, max: 10 })
http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x')
  try {
    await pool.query('INSERT INTO bench_baseline (txn, amount) VALUES ($1, $2)', [url.searchParams.get('txn'), url.searchParams.get('amount')])
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"success":true}')
  } catch {
    res.writeHead(503)
    res.end()
  }
}).listen(${port}, '127.0.0.1', () => console.log('ready'))
`
  )
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise((resolve) => child.stdout.once('data', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
