/*
 * `npm run bench:postbacks [-- --events 100000 --rate 1000 --timeout 900 --seed 7 --one-process]`: outgoing
 * postbacks under load (docs/postbacks.md).
 *
 * Starts a real server on its own database (affix_bench_postbacks; NODE_ENV=production,
 * LOG_LEVEL=warn, AFFIX_OUTBOUND_ALLOW=127.0.0.1; the job worker as `npm start` runs it, a
 * child process at nice 10, or with `--one-process` inside the server) and a local receiver. A global postback on
 * `registration`; players registered through the batch API, attributed to the demo campaigns
 * and affiliates; each event is known by the event_id it must carry. Three runs of `--events`:
 *   1. burst, healthy receiver: 10,000 players a call, as fast as the API takes them. Measures
 *      the delivery capacity (delivered/s from the first ingest call to the last delivery);
 *      its latency is mostly backlog (the ingest outruns the delivery).
 *   2. paced, healthy receiver: the same number of players at `--rate` events/s (default:
 *      half the delivered/s of run 1, so below the capacity of this machine at this time;
 *      printed), a call every 250 ms. Measures ingest→delivery latency (p50/p99, from the
 *      moment the call that created the event was sent).
 *   3. paced, a receiver that fails a random 50% of all requests (HTTP 500, seeded PRNG), with
 *      retries 1 s apart then 2 s (retryBaseSeconds 1, retryMaxSeconds 2, 20 attempts): every
 *      event must end up delivered exactly once. An event unlucky 20 times in a row (about one
 *      in a million) gives up; it is then resent from the dead letters like an operator would,
 *      and counted.
 * Before each run the bench waits until the previous one's work is done (no job due, no
 * delivery waiting: the ledger recomputes every player), so a run does not pay for the last.
 * Each run prints delivered/s, p50/p99 and lost/duplicated (`--trace`: every 5 s, the queued
 * jobs per task and the deliveries waiting). Exits non-zero when an event is lost or delivered
 * twice.
 */
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import os from 'node:os'
import pg from 'pg'
import { startBenchServer, DEMO_ADMIN } from './test_server.mjs'

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : Number(process.argv[index + 1])
}
const EVENTS = arg('events', 100_000)
// --rate N: events/s of the paced runs; by default half the delivery capacity the burst run measured.
let RATE = arg('rate', 0)
const TIMEOUT_S = arg('timeout', 900)
const SEED = arg('seed', 7)
const WORKER_CONCURRENCY = arg('worker-concurrency', 0)
// --trace: every 5 s, where the events are (queued jobs per task, deliveries waiting).
const TRACE = process.argv.includes('--trace')
// --runs burst,paced,failing (the default: all three, in that order).
const RUNS = (process.argv[process.argv.indexOf('--runs') + 1] ?? '').split(',')
const runs = process.argv.includes('--runs') ? new Set(RUNS) : new Set(['burst', 'paced', 'failing'])
const BURST_BATCH = 10_000
const TICK_MS = 250
const fmt = (n) => Math.round(n).toLocaleString('en-US')
const today = () => new Date().toISOString().slice(0, 10)

/** The event_id the plugin derives (src/delivery/macros.ts, eventIdFor). */
function eventIdFor(organizationId, kind, targetId, eventKey) {
  const hex = createHash('sha256').update(`${organizationId}:${kind}:${targetId}:${eventKey}`).digest('hex')
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/** mulberry32: a seeded PRNG, so a run's failures can be replayed. */
function prng(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = prng(SEED)

// The receiver. `failing`: each request is refused (HTTP 500) with probability 1/2.
let failing = false
let requests = 0
let refusals = 0
const delivered = new Map()
const receiver = createServer((request, response) => {
  requests++
  const eventId = new URL(request.url, 'http://127.0.0.1').searchParams.get('eid')
  if (failing && random() < 0.5) {
    refusals++
    response.writeHead(500)
    return response.end('fail')
  }
  const seen = delivered.get(eventId)
  if (seen) seen.count++
  else delivered.set(eventId, { count: 1, at: performance.now() })
  response.end('OK')
})
receiver.keepAliveTimeout = 10_000
await new Promise((done) => receiver.listen(0, '127.0.0.1', done))
const receiverUrl = `http://127.0.0.1:${receiver.address().port}`

const server = await startBenchServer({
  database: 'affix_bench_postbacks',
  // --one-process: the job worker inside the server rather than as npm start runs it (a niced child).
  oneProcess: process.argv.includes('--one-process'),
  env: {
    AFFIX_OUTBOUND_ALLOW: '127.0.0.1',
    // --worker-concurrency N: the job worker's slots (AFFIX_WORKER_CONCURRENCY; the default is 4).
    ...(WORKER_CONCURRENCY ? { AFFIX_WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) } : {}),
  },
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
  const call = async (method, path, body) => {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    })
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
  const sameBrand = campaigns.filter((campaign) => campaign.brand_id === campaigns[0].brand_id)
  await call('PUT', '/plugins/postbacks/settings', {
    affiliatesManagePostbacks: true,
    autoDisableAfter: 100_000,
    maxAttempts: 20,
    retryBaseSeconds: 1,
    retryMaxSeconds: 2,
  })
  const load = () => {
    const [one, five] = os.loadavg()
    return `load average ${one.toFixed(1)} / ${five.toFixed(1)} (${os.cpus().length} cores)`
  }
  console.log(
    `postbacks bench: ${fmt(EVENTS)} events a run, paced runs at ${RATE ? `${fmt(RATE)} events/s` : 'half the burst capacity'}, job worker concurrency ` +
      `${WORKER_CONCURRENCY || '4 (default)'}; ${load()}`
  )

  const trace = () => {
    if (!TRACE) return () => {}
    const timer = setInterval(async () => {
      const { rows: jobs } = await sql.query(
        `SELECT t.identifier, count(*)::int AS n, count(j.locked_at)::int AS running
           FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
          WHERE j.run_at <= now() GROUP BY 1 ORDER BY 1`
      )
      const { rows: waiting } = await sql.query(
        "SELECT count(*)::int AS n FROM postback_deliveries WHERE status IN ('pending', 'retrying')"
      )
      console.log(
        `  [trace] delivered ${fmt(delivered.size)}; deliveries waiting ${fmt(waiting[0].n)}; jobs ` +
          jobs.map((job) => `${job.identifier} ${job.n}${job.running ? ` (${job.running} running)` : ''}`).join(', ')
      )
    }, 5000)
    return () => clearInterval(timer)
  }

  /** Waits until no job is due and no delivery waits (the previous run's ledger work included). */
  const quiet = async () => {
    const started = performance.now()
    for (;;) {
      const { rows } = await sql.query(
        `SELECT (SELECT count(*)::int FROM graphile_worker._private_jobs WHERE run_at <= now()) +
                (SELECT count(*)::int FROM postback_deliveries WHERE status IN ('pending', 'retrying')) AS busy`
      )
      if (rows[0].busy === 0 || performance.now() - started > 600_000) break
      await new Promise((done) => setTimeout(done, 1000))
    }
    return (performance.now() - started) / 1000
  }

  const run = async (label, prefix, { paced }) => {
    const waited = await quiet()
    if (waited > 2) console.log(`  (waited ${waited.toFixed(0)} s for the previous run's work to finish)`)
    if (paced && !RATE) RATE = 500
    const stopTrace = trace()
    delivered.clear()
    requests = 0
    refusals = 0
    const postback = await call('POST', '/postbacks/postback', {
      name: `Bench ${label}`,
      events: ['registration'],
      url: `${receiverUrl}/pb?eid={event_id}&cid={customer_id}`,
    })
    const expected = new Map()
    const calls = []
    const batch = paced ? Math.max(1, Math.round((RATE * TICK_MS) / 1000)) : BURST_BATCH
    const started = performance.now()
    for (let offset = 0, tick = 0; offset < EVENTS; offset += batch, tick++) {
      // Paced: call k leaves at start + k × 250 ms (at once when behind).
      if (paced) {
        const wait = started + tick * TICK_MS - performance.now()
        if (wait > 0) await new Promise((done) => setTimeout(done, wait))
      }
      const sentAt = performance.now()
      const rows = Array.from({ length: Math.min(batch, EVENTS - offset) }, (_, index) => {
        const i = offset + index
        return {
          cuid: `${prefix}-${i}`,
          date: today(),
          curr: 'USD',
          campaign_id: sameBrand[i % sameBrand.length].id,
          pub_id: affiliates[i % affiliates.length].id,
        }
      })
      const data = await call('POST', '/customers/customers/batch', { rows })
      calls.push(performance.now() - sentAt)
      // Only attributed players fire postbacks (a demo affiliate may be refused a campaign).
      for (const result of data.results.filter((row) => row.attribution?.affiliateId))
        expected.set(eventIdFor(org.id, 'postback', postback.id, `registration:${result.id}`), sentAt)
    }
    const ingested = performance.now()
    const missing = () => [...expected.keys()].filter((eventId) => !delivered.has(eventId)).length
    const countOf = async (statuses) => {
      const { rows } = await sql.query(
        'SELECT count(*)::int AS n FROM postback_deliveries WHERE postback_id = $1 AND status = ANY($2)',
        [postback.id, statuses]
      )
      return rows[0].n
    }
    // Events that gave up after every attempt are resent from the dead letters as soon as
    // nothing else is waiting, as an operator would.
    let resent = 0
    const deadline = Date.now() + TIMEOUT_S * 1000
    while (missing() && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 500))
      if (!missing() || (await countOf(['pending', 'retrying']))) continue
      const dead = await countOf(['dead'])
      if (!dead) continue
      resent += dead
      await call('POST', '/postbacks/postback-log/resend-failed', {
        from: new Date(Date.now() - 86_400_000).toISOString(),
        to: new Date().toISOString(),
        targetId: postback.id,
      })
    }
    // A moment more: a duplicate would arrive late.
    await new Promise((done) => setTimeout(done, 3000))
    stopTrace()
    const latencies = []
    let lost = 0
    let last = 0
    for (const [eventId, sentAt] of expected) {
      const seen = delivered.get(eventId)
      if (!seen) lost++
      else {
        latencies.push(seen.at - sentAt)
        last = Math.max(last, seen.at)
      }
    }
    const duplicated = [...delivered.values()].filter((seen) => seen.count > 1).length
    const strangers = [...delivered.keys()].filter((eventId) => !expected.has(eventId)).length
    latencies.sort((a, b) => a - b)
    const seconds = (last - started) / 1000
    const ingestSeconds = (ingested - started) / 1000
    console.log(
      `${label}: ${fmt(expected.size)} events ingested in ${ingestSeconds.toFixed(1)} s ` +
        `(${fmt(expected.size / ingestSeconds)}/s${paced ? `, paced at ${fmt(RATE)}/s` : ', burst'}); ` +
        `${fmt(latencies.length / seconds)} delivered/s over ${seconds.toFixed(1)} s; ` +
        `ingest→delivery p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms, ` +
        `max ${fmt(latencies.at(-1) ?? 0)} ms (of which the ingest call itself: p50 ` +
        `${fmt(
          percentile(
            calls.sort((a, b) => a - b),
            50
          )
        )} ms, p99 ${fmt(percentile(calls, 99))} ms); ` +
        `${fmt(requests)} requests received` +
        (failing ? `, ${fmt(refusals)} refused (${((100 * refusals) / Math.max(1, requests)).toFixed(1)}%)` : '') +
        (resent ? `; ${resent} gave up after 20 attempts and were resent from the dead letters` : '') +
        `; ${load()}`
    )
    check(lost === 0, `${label}: lost ${lost}`)
    check(duplicated === 0, `${label}: delivered twice ${duplicated}`)
    check(strangers === 0, `${label}: unexpected event ids ${strangers}`)
    await call('PATCH', `/postbacks/postback/${postback.id}`, { status: 'inactive' })
    return latencies.length / seconds
  }

  if (runs.has('burst')) {
    const capacity = await run('burst, healthy receiver', 'bench-burst', { paced: false })
    if (!RATE) {
      RATE = Math.max(100, Math.floor(capacity / 2 / 50) * 50)
      console.log(`paced runs at ${fmt(RATE)} events/s: half the ${fmt(capacity)} delivered/s measured above`)
    }
  }
  if (runs.has('paced')) await run('paced, healthy receiver', 'bench-ok', { paced: true })
  failing = true
  if (runs.has('failing')) await run('paced, receiver failing 50% of requests', 'bench-flaky', { paced: true })
} finally {
  await sql.end()
  await server.stop()
  receiver.close()
  receiver.closeAllConnections()
}
if (failed) process.exit(1)
