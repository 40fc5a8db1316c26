/*
 * `npm run bench:postbacks [-- --events 100000 --timeout 900]`: outgoing postbacks under load
 * (docs/postbacks.md).
 *
 * Starts a real server on its own database (affix_bench_postbacks; NODE_ENV=production,
 * LOG_LEVEL=warn, AFFIX_OUTBOUND_ALLOW=127.0.0.1) and a local receiver, then twice:
 *   1. a healthy receiver: a global postback on `registration`, `--events` players
 *      registered through the batch API (10,000 a call, attributed to the demo campaigns and
 *      affiliates); prints delivered/s (first ingest call to last delivery), p50/p99 from the
 *      ingest call that created the event to its delivery, and lost/duplicated events (each
 *      event is known by the event_id it must carry);
 *   2. the same with a receiver that fails half of the requests (the first of each event,
 *      HTTP 500; the retry comes a second later): every event must end up delivered exactly
 *      once.
 * Exits non-zero when an event is lost or delivered twice.
 */
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import pg from 'pg'
import { startTestServer, DEMO_ADMIN } from './test_server.mjs'

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : Number(process.argv[index + 1])
}
const EVENTS = arg('events', 100_000)
const TIMEOUT_S = arg('timeout', 900)
const BATCH = 10_000
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const fmt = (n) => Math.round(n).toLocaleString('en-US')
const today = () => new Date().toISOString().slice(0, 10)

/** The event_id the plugin derives (src/delivery/macros.ts, eventIdFor). */
function eventIdFor(organizationId, kind, targetId, eventKey) {
  const hex = createHash('sha256').update(`${organizationId}:${kind}:${targetId}:${eventKey}`).digest('hex')
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

// The receiver. `failing`: the first request of every event is answered with a 500, so half
// of all requests fail and each event needs its retry (a random 50% would leave a few events
// failing ten times in a row, waiting hours of backoff).
let failing = false
let requests = 0
const delivered = new Map()
const refused = new Set()
const receiver = createServer((request, response) => {
  requests++
  const eventId = new URL(request.url, 'http://127.0.0.1').searchParams.get('eid')
  if (failing && !refused.has(eventId)) {
    refused.add(eventId)
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

const server = await startTestServer({
  database: 'affix_bench_postbacks',
  env: {
    LOG_LEVEL: 'warn',
    REDIS_URL,
    NODE_ENV: 'production',
    AFFIX_OUTBOUND_ALLOW: '127.0.0.1',
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
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
  })

  const run = async (label, prefix) => {
    delivered.clear()
    requests = 0
    const postback = await call('POST', '/postbacks/postback', {
      name: `Bench ${label}`,
      events: ['registration'],
      url: `${receiverUrl}/pb?eid={event_id}&cid={customer_id}`,
    })
    const expected = new Map()
    const started = performance.now()
    for (let offset = 0; offset < EVENTS; offset += BATCH) {
      const sentAt = performance.now()
      const rows = Array.from({ length: Math.min(BATCH, EVENTS - offset) }, (_, index) => {
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
      // Only attributed players fire postbacks (a demo affiliate may be refused a campaign).
      for (const result of data.results.filter((row) => row.attribution?.affiliateId))
        expected.set(eventIdFor(org.id, 'postback', postback.id, `registration:${result.id}`), sentAt)
    }
    const ingested = performance.now()
    const deadline = Date.now() + TIMEOUT_S * 1000
    while ([...expected.keys()].some((eventId) => !delivered.has(eventId)) && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 500))
    // A moment more: a duplicate would arrive late.
    await new Promise((done) => setTimeout(done, 3000))
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
    console.log(
      `${label}: ${fmt(expected.size)} events ingested in ${((ingested - started) / 1000).toFixed(1)} s; ` +
        `${fmt(latencies.length / seconds)} delivered/s over ${seconds.toFixed(1)} s; ` +
        `ingest→delivery p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms; ` +
        `${fmt(requests)} requests received`
    )
    check(lost === 0, `${label}: lost ${lost}`)
    check(duplicated === 0, `${label}: delivered twice ${duplicated}`)
    check(strangers === 0, `${label}: unexpected event ids ${strangers}`)
    await call('PATCH', `/postbacks/postback/${postback.id}`, { status: 'inactive' })
  }

  await run('healthy receiver', 'bench-ok')
  failing = true
  await run('receiver failing 50%', 'bench-flaky')
} finally {
  await sql.end()
  await server.stop()
  receiver.close()
  receiver.closeAllConnections()
}
if (failed) process.exit(1)
