/*
 * `npm run bench:commissions [-- --affiliates 2000 --customers 100000 --rows 1000000 --in-flight 4 --one-process]`: the
 * commission ledger under a month of real load (docs/commissions.md "Performance").
 *
 * Starts a real server on its own database (affix_bench_commissions, dropped at the end;
 * NODE_ENV=production, LOG_LEVEL=warn, REDIS_URL; the job worker as `npm start` runs it, a
 * child process at nice 10, or with `--one-process` inside the server), seeds the demo
 * organisation as of the first day of last month (so every earlier month is closed and last
 * month is the earliest open one), turns the scheduled close off, and adds affiliates up to
 * `--affiliates` (set up directly in the tables, as the API tests do: only the money path is
 * measured). Then, through the HTTP API only:
 *   1. registers `--customers` players on the first day of last month (batch API, 10,000 a
 *      call), attributed to the demo's active public campaigns (CPA, CPC, RevShare, hybrid,
 *      cumulative deposit) and spread over the affiliates; waits for the ledger;
 *   2. sends `--rows` activity rows dated in last month (batch API, `--in-flight` calls at once, default 4) while
 *      the ledger computes the rows as they arrive: ingest rows/s, and the ledger's rows/s —
 *      activity rows accounted for from the first call until the CPA work is done (nothing
 *      marked for now, no listener job left; every CPA row must be there then), and until
 *      the ledger is idle (provisional RevShare refreshed too) — with how long each lagged
 *      behind the last call;
 *   3. previews, then closes last month: seconds, rows written by the close.
 * Peak memory is the server's and its worker's (the sum of their RSS high-water marks). Exits non-zero when
 * a check fails. Not part of `npm test`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import pg from 'pg'
import { DEMO_ADMIN, dropDatabase, seedDemoAt, startBenchServer } from './test_server.mjs'

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : Number(process.argv[index + 1])
}
const AFFILIATES = arg('affiliates', 2_000)
const CUSTOMERS = arg('customers', 100_000)
const ROWS = arg('rows', 1_000_000)
/** Batch API calls sent at once (as bench:ingest; 2 was the default up to 2026-11-28). */
const IN_FLIGHT = arg('in-flight', 4)
const BATCH = 10_000
const DATABASE = 'affix_bench_commissions'
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const CPA_TYPES = ['registration', 'cpa', 'deposit_cpa', 'cumulative_deposit']

const fmt = (n) => Math.round(n).toLocaleString('en-US')
const seconds = (since) => (performance.now() - since) / 1000
const mb = (kb) => `${fmt(kb / 1024)} MB`

// Last month, in UTC (the demo organisation's time zone).
const today = new Date()
const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1))
const MONTH = monthStart.toISOString().slice(0, 7)
const DAYS = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)).getUTCDate()
const dayOfMonth = (n) => `${MONTH}-${String(n).padStart(2, '0')}`

const server = await startBenchServer({
  database: DATABASE,
  oneProcess: process.argv.includes('--one-process'),
  env: { AFFIX_SEED_DEMO: 'false' },
})
const sql = new pg.Client({ connectionString: server.databaseUrl })
await sql.connect()
let failed = false
const check = (ok, message) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`)
  if (!ok) failed = true
}

/** The server and its worker process (found by their database URL): RSS now and high-water marks, summed, in kB. */
function serverMemory() {
  const total = { rss: 0, peak: 0 }
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8')
      if (!environ.includes(`DATABASE_URL=${server.databaseUrl}\0`)) continue
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (!cmdline.includes('bin/start.ts') && !cmdline.includes('bin/worker.ts')) continue
      const status = readFileSync(`/proc/${pid}/status`, 'utf8')
      const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
      total.rss += field('VmRSS')
      total.peak += field('VmHWM')
    } catch {}
  }
  return total
}

try {
  let started = performance.now()
  await seedDemoAt(server, `${MONTH}-01T12:00:00Z`, { NODE_ENV: 'production', REDIS_URL })
  console.log(`demo organisation seeded as of ${MONTH}-01 in ${seconds(started).toFixed(1)} s`)

  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  const token = (await login.json()).data.token
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const api = async (method, path, body) => {
    const response = await fetch(`${server.url}/api/v1${path}`, { method, headers, body })
    const json = await response.json()
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json.error)}`)
    return json.data
  }
  // Closed by this run only: the hourly scheduled close would close last month on its own.
  await api('PUT', '/plugins/payouts/settings', JSON.stringify({ period: 'monthly', closeDelayDays: 0 }))
  const periods = await api('GET', '/payouts/periods')
  if (periods.earliestOpen !== MONTH)
    throw new Error(`${MONTH} should be the earliest open period: ${periods.earliestOpen}`)

  const {
    rows: [org],
  } = await sql.query("SELECT organization_id AS id FROM users WHERE email = 'admin@demo.affix.dev'")
  const { rows: demoAffiliates } = await sql.query(
    "SELECT count(*)::int AS n FROM users WHERE organization_id = $1 AND role = 'affiliate' AND status = 'active'",
    [org.id]
  )
  await sql.query(
    `INSERT INTO users (organization_id, email, password, name, role, status, email_verified_at)
     SELECT organization_id, 'bench-' || g || '@bench.affix.dev', password, 'Bench affiliate ' || g, 'affiliate', 'active', now()
     FROM users, generate_series(1, $2::int) g WHERE email = 'affiliate@demo.affix.dev' AND organization_id = $1`,
    [org.id, Math.max(0, AFFILIATES - demoAffiliates[0].n)]
  )
  const { rows: affiliates } = await sql.query(
    "SELECT id FROM users WHERE organization_id = $1 AND role = 'affiliate' AND status = 'active' ORDER BY id",
    [org.id]
  )
  const { rows: campaigns } = await sql.query(
    `SELECT c.id, c.brand_id, c.currency FROM campaigns c
     WHERE c.organization_id = $1 AND c.status = 'active' AND c.visibility = 'public'
       AND EXISTS (SELECT 1 FROM campaign_payout_versions v WHERE v.campaign_id = c.id) ORDER BY c.id`,
    [org.id]
  )
  console.log(
    `${fmt(affiliates.length)} affiliates, ${campaigns.length} campaigns with a payout plan (${campaigns.map((c) => c.id).join(', ')}), month ${MONTH}`
  )

  /**
   * Counters of the ledger: work that may move CPA rows (customers marked for now, listener
   * jobs not run yet: the listener decides what is urgent), all work (deferred customers,
   * whose new activity moves only provisional RevShare, included), rows by kind.
   */
  const ledger = async () => {
    // One pass over each table (this runs every second during the ingest: it must not load the machine it measures).
    const { rows } = await sql.query(
      `WITH dirty AS (SELECT count(*) FILTER (WHERE NOT deferred)::int AS marked, count(*)::int AS waiting
                        FROM payouts_dirty_customers WHERE organization_id = $1),
            jobs AS (SELECT count(*) FILTER (WHERE t.identifier LIKE 'payouts:on:%')::int AS listeners,
                            count(*) FILTER (WHERE t.identifier NOT LIKE 'payouts:on:%')::int AS others
                       FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
                      -- Any organisation's (only the demo one has work here): reading each job's payload
                      -- (10,000 ids a listener) to filter was most of this query's cost.
                      WHERE t.identifier LIKE 'payouts:%' AND t.identifier NOT IN ('payouts:clicks', 'payouts:scheduledClose')),
            ledger AS (SELECT count(*) FILTER (WHERE type = ANY($3))::int AS cpa, count(*)::int AS total
                         FROM payouts_rows WHERE organization_id = $1 AND period = $2)
       SELECT dirty.marked, jobs.listeners, dirty.marked + jobs.listeners AS urgent,
              dirty.waiting + jobs.listeners + jobs.others AS pending, ledger.cpa, ledger.total
         FROM dirty, jobs, ledger`,
      [org.id, MONTH, CPA_TYPES]
    )
    return rows[0]
  }
  const idle = async (timeoutSeconds = 3600, field = 'pending') => {
    const deadline = performance.now() + timeoutSeconds * 1000
    for (;;) {
      const state = await ledger()
      if (state[field] === 0) return state
      if (performance.now() > deadline) throw new Error(`the ledger did not settle: ${JSON.stringify(state)}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  await idle()
  const before = await ledger()

  // ---- 1. customers ----
  started = performance.now()
  for (let start = 0; start < CUSTOMERS; start += BATCH) {
    const rows = []
    for (let i = start; i < Math.min(CUSTOMERS, start + BATCH); i++) {
      const campaign = campaigns[i % campaigns.length]
      rows.push({
        cuid: `bench-${i}`,
        date: `${dayOfMonth(1)}T${String(i % 24).padStart(2, '0')}:00:00Z`,
        curr: campaign.currency,
        country: ['BR', 'PT', 'TR', 'MX'][i % 4],
        brand_id: campaign.brand_id,
        campaign_id: campaign.id,
        pub_id: affiliates[Math.floor(i / campaigns.length) % affiliates.length].id,
      })
    }
    const result = await api('POST', '/customers/customers/batch', JSON.stringify({ rows }))
    if (result.summary.created !== rows.length) throw new Error(`registrations: ${JSON.stringify(result.summary)}`)
  }
  const registered = seconds(started)
  const afterRegistration = await idle()
  const registrationLedger = seconds(started)
  console.log(
    `customers: ${fmt(CUSTOMERS)} registered in ${registered.toFixed(1)} s (${fmt(CUSTOMERS / registered)}/s); ledger idle after ${registrationLedger.toFixed(1)} s with ${fmt(afterRegistration.cpa - before.cpa)} new CPA rows`
  )

  // ---- 2. activity, with the ledger computing as it arrives ----
  const currencyOf = (i) => campaigns[(i % CUSTOMERS) % campaigns.length].currency
  const activityRow = (i) => {
    const deposit = i % 4 === 0 ? ((i % 97) * 5 + 10).toFixed(2) : '0'
    return {
      cuid: `bench-${i % CUSTOMERS}`,
      date: dayOfMonth(1 + (Math.floor(i / CUSTOMERS) % DAYS)),
      txn_id: `bench-${i}`,
      curr: currencyOf(i),
      deposits: deposit,
      deposit_count: deposit === '0' ? 0 : 1,
      withdrawals: i % 17 === 0 ? '12.5' : '0',
      bets: ((i % 113) * 3.25).toFixed(2),
      wins: ((i % 113) * 2.75 + (i % 7) * 9).toFixed(2),
      bonuses: i % 10 === 0 ? '5' : '0',
      fees: '0.35',
      adjustments: i % 50 === 0 ? '-1.25' : '0',
      bet_count: i % 113,
    }
  }
  const samples = []
  let ingesting = true
  const sampler = (async () => {
    while (ingesting) {
      samples.push({ at: seconds(started), ...(await ledger()), memory: serverMemory().rss })
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  })()
  started = performance.now()
  let next = 0
  const counts = { created: 0, updated: 0, duplicate: 0, error: 0 }
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < ROWS) {
        const start = next
        next += BATCH
        const rows = []
        for (let i = start; i < Math.min(ROWS, start + BATCH); i++) rows.push(activityRow(i))
        const { summary } = await api('POST', '/customers/activity/batch', JSON.stringify({ rows }))
        for (const key of Object.keys(counts)) counts[key] += summary[key]
      }
    })
  )
  const ingest = seconds(started)
  check(counts.created === ROWS, `activity stored: ${JSON.stringify(counts)}`)
  const afterCpa = await idle(3600, 'urgent')
  const cpaTime = seconds(started)
  const afterActivity = await idle()
  const ledgerTime = seconds(started)
  ingesting = false
  await sampler
  // What the ledger had waiting, every ~5 s: customers marked for now / listener jobs / everything.
  console.log(
    `timeline (s: marked now/listener jobs/all waiting): ${samples
      .filter((_, index) => index % 5 === 0)
      .map((sample) => `${sample.at.toFixed(0)}: ${sample.marked}/${sample.listeners}/${sample.pending}`)
      .join(', ')}`
  )
  const ingestRate = ROWS / ingest
  const cpaRate = ROWS / cpaTime
  const ledgerRate = ROWS / ledgerTime
  const cpaRows = afterActivity.cpa - afterRegistration.cpa
  const midway = samples.filter((sample) => sample.at <= ingest)
  const backlog = midway.length ? Math.max(...midway.map((sample) => sample.urgent)) : 0
  const deferredBacklog = midway.length ? Math.max(...midway.map((sample) => sample.pending)) : 0
  console.log(
    `ingest: ${fmt(ROWS)} activity rows through the batch API in ${ingest.toFixed(1)} s → ${fmt(ingestRate)} rows/s (${IN_FLIGHT} calls in flight)`
  )
  console.log(
    `ledger, CPA rows: caught up ${(cpaTime - ingest).toFixed(1)} s after the last call → ${fmt(cpaRate)} activity rows/s accounted for (${fmt(afterCpa.cpa - afterRegistration.cpa)} new CPA rows then, ${fmt(cpaRows)} in the end: ${afterCpa.cpa === afterActivity.cpa ? 'none came later' : 'SOME CAME LATER'}; at most ${fmt(backlog)} customers or listener jobs waiting during the ingest)`
  )
  console.log(
    `ledger, provisional RevShare too: idle ${(ledgerTime - ingest).toFixed(1)} s after the last call → ${fmt(ledgerRate)} activity rows/s (${fmt(afterActivity.total)} rows in ${MONTH}; at most ${fmt(deferredBacklog)} customers waiting in all; provisional delay ${process.env.AFFIX_PAYOUTS_PROVISIONAL_DELAY_MS ?? 10_000} ms)`
  )
  check(afterCpa.cpa === afterActivity.cpa, 'every CPA row was there when the CPA work was done')

  // ---- 3. the close ----
  started = performance.now()
  const preview = await api('GET', `/payouts/periods/${MONTH}/preview`)
  const previewTime = seconds(started)
  started = performance.now()
  let closePeak = 0
  let closing = true
  const watcher = (async () => {
    while (closing) {
      closePeak = Math.max(closePeak, serverMemory().rss)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  })()
  const closed = await api('POST', `/payouts/periods/${MONTH}/close`)
  const closeTime = seconds(started)
  closing = false
  await watcher
  console.log(
    `close ${MONTH}: ${closeTime.toFixed(1)} s (preview ${previewTime.toFixed(1)} s) — ${fmt(closed.customersRecomputed)} customers recomputed, ${fmt(closed.rowsInserted)} rows added, ${fmt(closed.rowsUpdated)} updated, ${fmt(closed.carryoverRows)} carryover and ${fmt(closed.referralRows)} referral rows`
  )
  check(
    preview.rowsInserted === closed.rowsInserted && preview.carryoverRows === closed.carryoverRows,
    'the preview announced what the close did'
  )
  const statements = await api('GET', `/payouts/statements?period=${MONTH}`)
  const { rows: sums } = await sql.query(
    `SELECT affiliate_id, currency,
            COALESCE(sum(amount) FILTER (WHERE status <> 'denied' AND amount IS NOT NULL), 0)::numeric(20,2)::text AS total
     FROM payouts_rows WHERE organization_id = $1 AND period = $2 GROUP BY 1, 2`,
    [org.id, MONTH]
  )
  const expected = new Map(sums.map((row) => [`${row.affiliate_id}:${row.currency}`, row.total]))
  const mismatched = statements.filter((line) => expected.get(`${line.affiliateId}:${line.currency}`) !== line.total)
  check(
    statements.length === expected.size && mismatched.length === 0,
    `${fmt(statements.length)} statements equal the sum of their rows`
  )

  const memory = serverMemory()
  const load = loadavg()
  console.log(
    `peak memory (RSS high-water marks of the server and its worker process, summed): ${mb(memory.peak)}; during the close ${mb(closePeak)}`
  )
  console.log(
    `load average at the end: ${load.map((value) => value.toFixed(1)).join(', ')} (2 cores); job worker concurrency ${process.env.AFFIX_WORKER_CONCURRENCY ?? 4}`
  )
  console.log(
    `aims: CPA rows keep up at ≥ 20,000 rows/s: ${cpaRate >= 20_000 ? 'met' : 'NOT met'} (${fmt(cpaRate)}, ingest ${fmt(ingestRate)}, ${(cpaTime - ingest).toFixed(1)} s behind the last call); close ≤ 60 s: ${closeTime <= 60 ? 'met' : 'NOT met'} (${closeTime.toFixed(1)} s)`
  )
} catch (error) {
  console.error(error)
  console.error(`server output (last 4,000 characters):\n${server.output().slice(-4000)}`)
  failed = true
} finally {
  await sql.end()
  await server.stop()
  await dropDatabase(DATABASE)
}
if (failed) process.exit(1)
