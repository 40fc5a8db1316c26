/*
 * `npm run bench:clicks [-- --duration 30 --connections 64 --generator autocannon|wrk]`: the click redirect under load
 * (docs/tracking.md). Starts a real server on its own database (affix_bench_clicks;
 * LOG_LEVEL=warn, REDIS_URL set), seeds 1,000 campaigns with click caps (a combined daily
 * cap and a per-affiliate hourly cap, both far above the load), 10,000 affiliates and fraud
 * rules (beside the demo data's, a device rule among them), drives GET /c/... with
 * autocannon over varied campaigns/affiliates, then checks that every click answered with a
 * Location is stored (zero loss). Then the same load against a baseline: a bare node:http
 * server doing one pg INSERT per request and a 302. Then 200 concurrent clicks at one
 * campaign with a lifetime cap of 100 (exactly 100 must reach the default URL).
 * Profile the server with BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof'.
 */
import { spawn, execFileSync } from 'node:child_process'
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:net'
import autocannon from 'autocannon'
import pg from 'pg'
import { startTestServer } from './test_server.mjs'

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : Number(process.argv[index + 1])
}
const DURATION = arg('duration', 30)
// --generator wrk: Debian's wrk (C, far lighter than autocannon on a 2-core box) if installed.
const GENERATOR = process.argv.includes('--generator')
  ? process.argv[process.argv.indexOf('--generator') + 1]
  : 'autocannon'
const CONNECTIONS = arg('connections', 64)
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
]

const server = await startTestServer({
  database: 'affix_bench_clicks',
  env: {
    LOG_LEVEL: 'warn',
    REDIS_URL,
    NODE_ENV: 'production',
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  },
})
const databaseUrl = `${(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '')}/affix_bench_clicks`
const sql = new pg.Client({ connectionString: databaseUrl })
await sql.connect()
let baseline
try {
  // ---- Seed (direct SQL: the bench measures clicks, not the admin API) ----
  const seedStarted = Date.now()
  const {
    rows: [org],
  } = await sql.query('SELECT min(id) AS id FROM organizations')
  const {
    rows: [brand],
  } = await sql.query('SELECT id FROM brands WHERE organization_id = $1 ORDER BY id LIMIT 1', [org.id])
  const { rows: affiliates } = await sql.query(
    `INSERT INTO users (organization_id, email, password, role, status, name)
     SELECT $1, 'bench-' || g || '@affiliates.example', '!', 'affiliate', 'active', 'Bench ' || g FROM generate_series(1, 10000) g RETURNING id`,
    [org.id]
  )
  const { rows: campaigns } = await sql.query(
    `INSERT INTO campaigns (organization_id, brand_id, title, status, visibility, default_url, fallback_url, currency)
     SELECT $1, $2, 'Bench ' || g, 'active', 'public', 'https://brand.example/land?c={click_id}&a={pub_id}&s={sub1}&src={source}', 'https://fallback.example/?c={click_id}', 'USD'
       FROM generate_series(1, 1000) g RETURNING id`,
    [org.id, brand.id]
  )
  // Fraud rules on: a mark rule on a blacklist and a block rule on an IP range the load never uses.
  await sql.query(
    `INSERT INTO fraud_rules (organization_id, name, action, type, status, ips) VALUES
       ($1, 'Bench blacklist', 'mark', 'blacklist', 'active', '["192.0.2.10", "192.0.2.11"]'),
       ($1, 'Bench block', 'block', 'blacklist', 'active', '["198.51.100.0/24"]')`,
    [org.id]
  )
  // Caps on: every click takes a combined daily and a per-affiliate hourly counter (one Redis round trip).
  await sql.query(
    `INSERT INTO campaign_caps (organization_id, campaign_id, variable, type, visibility, action, daily, hourly)
     SELECT $1, id, 'clicks', t.type, 'public', 'reject_activity', t.daily, t.hourly
       FROM unnest($2::int[]) AS id,
            (VALUES ('combined', 100000000, NULL), ('each_affiliate', NULL, 1000000)) AS t(type, daily, hourly)`,
    [org.id, campaigns.map((row) => row.id)]
  )
  // The demo data's own rules (a device rule among them) apply too: count what the click path evaluates.
  const activeRules = Number(
    (
      await sql.query("SELECT count(*) AS n FROM fraud_rules WHERE organization_id = $1 AND status = 'active'", [
        org.id,
      ])
    ).rows[0].n
  )
  console.log(
    `seeded 1,000 campaigns with 2,000 click caps, 10,000 affiliates, 2 fraud rules (${activeRules} active with the demo's) in ${Date.now() - seedStarted} ms`
  )

  const paths = Array.from({ length: 20_000 }, (_, i) => {
    const campaign = campaigns[(i * 7919) % campaigns.length].id
    const affiliate = affiliates[(i * 104729) % affiliates.length].id
    return `/c/${campaign}?pub_id=${affiliate}&sub1=s${i}&source=bench&p1=${i % 97}`
  })

  const pathsFile = join(mkdtempSync(join(tmpdir(), 'affix-bench-paths-')), 'paths.txt')
  writeFileSync(pathsFile, paths.join('\n') + '\n')
  const loadWithAutocannon = async (url, label) => {
    let next = 0
    const clickIds = []
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          setupRequest(request) {
            request.path = paths[next++ % paths.length]
            request.headers = { 'user-agent': UAS[next % UAS.length], 'accept-language': 'en-GB,en;q=0.8' }
            return request
          },
          onResponse(status, _body, _context, headers) {
            if (status !== 302) return
            // autocannon hands headers as a flat [name, value, …] list (or an object in some versions).
            let location
            if (Array.isArray(headers)) {
              for (let i = 0; i < headers.length; i += 2)
                if (String(headers[i]).toLowerCase() === 'location') location = headers[i + 1]
            } else if (headers) location = headers.location ?? headers.Location
            const match = location && /[?&]c=([0-9a-f-]{36})/.exec(location)
            if (match) clickIds.push(match[1])
          },
        },
      ],
    })
    const codes = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])
    )
    const answered = (codes['302'] ?? 0) + (codes['404'] ?? 0) + (codes['410'] ?? 0)
    console.log(
      `${label}: ${Math.round(result.requests.average)} req/s (total ${result.requests.total} in ${result.duration.toFixed?.(1) ?? result.duration} s), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; statuses ${JSON.stringify(codes)}; errors ${result.errors}, timeouts ${result.timeouts}`
    )
    return { result, codes, answered, clickIds }
  }

  const load = GENERATOR === 'wrk' ? (url, label) => loadWithWrk(url, label, pathsFile) : loadWithAutocannon

  // warm the caches (campaigns, affiliates) and the JIT, like a node that has been up a while
  await autocannon({
    url: server.url,
    connections: 16,
    amount: 20_000,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[Math.floor(Math.random() * paths.length)] }) }],
  })
  const warmRows = Number((await sql.query('SELECT count(*) AS n FROM tracking_clicks')).rows[0].n)

  const ours = await load(server.url, 'affix /c/ (lossless batch writer)')
  await new Promise((resolve) => setTimeout(resolve, 500))
  const stored = Number((await sql.query('SELECT count(*) AS n FROM tracking_clicks')).rows[0].n) - warmRows
  let missing = 0
  for (let i = 0; i < ours.clickIds.length; i += 50_000) {
    const chunk = ours.clickIds.slice(i, i + 50_000)
    const { rows } = await sql.query('SELECT count(*) AS n FROM tracking_clicks WHERE click_id = ANY($1::uuid[])', [
      chunk,
    ])
    missing += chunk.length - Number(rows[0].n)
  }
  console.log(
    `loss check: ${ours.answered} clicks answered (302/404/410), ${stored} rows stored, ${ours.clickIds.length} click ids from Location headers, ${missing} of them missing from the database; 503s ${ours.codes['503'] ?? 0}`
  )
  if (missing !== 0 || stored < ours.answered) throw new Error('LOSS: answered clicks missing from the database')

  // ---- Baseline: bare node:http + pg, one INSERT per request ----
  baseline = await startBaseline(databaseUrl)
  const base = await load(baseline.url, 'baseline node:http + pg INSERT per request')
  console.log(
    `ratio: affix ${Math.round(ours.result.requests.average)} req/s = ${(ours.result.requests.average / base.result.requests.average).toFixed(2)}× the baseline (${Math.round(base.result.requests.average)} req/s); p99 ${ours.result.latency.p99} ms vs ${base.result.latency.p99} ms`
  )

  // ---- Exactly-N under concurrency ----
  const {
    rows: [capped],
  } = await sql.query(
    `INSERT INTO campaigns (organization_id, brand_id, title, status, visibility, default_url, fallback_url, currency)
     VALUES ($1, $2, 'Bench capped', 'active', 'public', 'https://brand.example/capped?c={click_id}', 'https://fallback.example/?c={click_id}', 'USD') RETURNING id`,
    [org.id, brand.id]
  )
  await sql.query(
    `INSERT INTO campaign_caps (organization_id, campaign_id, variable, type, visibility, lifetime, action) VALUES ($1, $2, 'clicks', 'combined', 'public', 100, 'reject_activity')`,
    [org.id, capped.id]
  )
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      fetch(`${server.url}/c/${capped.id}?pub_id=${affiliates[i].id}`, { redirect: 'manual' }).then(
        (response) => response.headers.get('location') ?? ''
      )
    )
  )
  const toDefault = answers.filter((location) => location.startsWith('https://brand.example/capped')).length
  const toFallback = answers.filter((location) => location.startsWith('https://fallback.example/')).length
  const capStored = Number(
    (
      await sql.query("SELECT count(*) AS n FROM tracking_clicks WHERE campaign_id = $1 AND reason = 'cap_reached'", [
        capped.id,
      ])
    ).rows[0].n
  )
  console.log(
    `cap scenario: 200 concurrent clicks, lifetime cap 100 → ${toDefault} to the default URL, ${toFallback} to the fallback (${capStored} stored as cap_reached)`
  )
  if (toDefault !== 100 || toFallback !== 100 || capStored !== 100)
    throw new Error('cap scenario failed: expected exactly 100 and 100')
} finally {
  await sql.end()
  await baseline?.stop()
  await server.stop()
}

/*
 * The same load with wrk: a Lua script walks the same paths and counts 302s per thread; the
 * loss check then compares rows stored with redirects answered (wrk cannot hand the click ids
 * back, so clickIds stays empty).
 */
function loadWithWrk(url, label, pathsFile) {
  const script = join(mkdtempSync(join(tmpdir(), 'affix-wrk-')), 'clicks.lua')
  writeFileSync(
    script,
    `local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  paths = {}
  for line in io.lines(${JSON.stringify(pathsFile)}) do paths[#paths + 1] = line end
  next_path = math.random(#paths)
  redirects = 0
  other = 0
end
function request()
  next_path = next_path % #paths + 1
  return wrk.format('GET', paths[next_path], { ['User-Agent'] = ${JSON.stringify(UAS[0])}, ['Accept-Language'] = 'en-GB,en;q=0.8' })
end
function response(status, headers, body)
  if status == 302 then redirects = redirects + 1 else other = other + 1 end
end
function done(summary, latency, requests)
  local redirected, others = 0, 0
  for _, thread in ipairs(threads) do redirected = redirected + thread:get('redirects'); others = others + thread:get('other') end
  io.write(string.format('RESULT %d %d %d %d %.3f %.3f %.3f\\n', summary.requests, summary.duration, redirected, others, latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
`
  )
  const output = execFileSync(
    'wrk',
    ['-t', '2', '-c', String(CONNECTIONS), '-d', `${DURATION}s`, '--timeout', '10s', '-s', script, url],
    { encoding: 'utf8' }
  )
  const match = /RESULT (\d+) (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(output)
  if (!match) throw new Error(`wrk gave no result:\n${output}`)
  const [, total, durationUs, redirected, others, p50, p99, max] = match.map(Number)
  const average = total / (durationUs / 1e6)
  console.log(
    `${label} [wrk]: ${Math.round(average)} req/s (total ${total} in ${(durationUs / 1e6).toFixed(1)} s), latency p50 ${p50} ms, p99 ${p99} ms, max ${max} ms; 302s ${redirected}, other statuses ${others}`
  )
  return {
    result: { requests: { average }, latency: { p50, p99 } },
    codes: { 302: redirected },
    answered: redirected,
    clickIds: [],
  }
}

async function startBaseline(connectionString) {
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
  const dir = mkdtempSync(join(tmpdir(), 'affix-baseline-'))
  const file = join(dir, 'baseline.mjs')
  writeFileSync(
    file,
    `import http from 'node:http'
import { randomUUID } from 'node:crypto'
import pg from ${JSON.stringify(import.meta.resolve('pg'))}
const pool = new pg.Pool({ connectionString: ${JSON.stringify(connectionString)}, max: 10 })
http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x')
  const id = randomUUID()
  try {
    await pool.query('INSERT INTO tracking_clicks (click_id, created_at, organization_id, campaign_id, affiliate_id, outcome, ip, user_agent, language, source, params, destination) VALUES ($1, now(), NULL, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
      [id, Number(url.pathname.split('/')[2]) || null, Number(url.searchParams.get('pub_id')) || null, 'redirect', req.socket.remoteAddress, req.headers['user-agent'] ?? null, req.headers['accept-language'] ?? null, url.searchParams.get('source'), JSON.stringify({ sub1: url.searchParams.get('sub1'), p1: url.searchParams.get('p1') }), 'https://brand.example/land?c=' + id])
    res.writeHead(302, { location: 'https://brand.example/land?c=' + id, 'content-length': '0' })
    res.end()
  } catch (error) {
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
