/*
 * `npm run bench [-- <name>…]`: measured figures, never timed unit tests.
 *   products-import  rows/second of the product CSV import (50,000 rows, 2 brands)
 *   brands-list      latency of GET /api/v1/brands/brands (sequential and 8 concurrent)
 *   affiliates-import  rows/second of the background affiliate CSV import (50,000 rows, < 10 MB):
 *                    upload (202), then poll GET /api/v1/imports/:id until it finishes
 *   affiliates-update  rows/second of the background affiliate CSV update of those affiliates (it
 *                    imports them first): new name, contact and tags on every row, a new status
 *                    on every tenth
 * `--rows <n>` sizes the affiliate benches (default 50,000), for a quick before/after comparison.
 * Runs against a real server on its own database (affix_bench) on the machine's PostgreSQL.
 */
import { performance } from 'node:perf_hooks'
import { startTestServer, DEMO_ADMIN } from './test_server.mjs'

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : Number(process.argv[index + 1])
}
const affiliateRows = option('rows', 50_000)
if (!Number.isSafeInteger(affiliateRows) || affiliateRows < 1) throw new Error('--rows takes a positive whole number')
const wanted = process.argv.slice(2).filter((arg, index, args) => !arg.startsWith('-') && args[index - 1] !== '--rows')
const benches = wanted.length ? wanted : ['products-import', 'brands-list', 'affiliates-import']

const server = await startTestServer({ database: 'affix_bench', env: { LOG_LEVEL: 'error' } })
const login = await (
  await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
).json()
const auth = { authorization: `Bearer ${login.data.token}` }
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

async function productsImport() {
  const rows = 50_000
  const lines = ['name,brand,status']
  for (let i = 0; i < rows; i++) lines.push(`Bench product ${i},${i % 2 ? 'Royal Bet' : 'Lucky Spin Casino'},active`)
  const body = new FormData()
  body.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'bench.csv')
  const started = performance.now()
  const response = await fetch(`${server.url}/api/v1/brands/products/import`, { method: 'POST', headers: auth, body })
  const seconds = (performance.now() - started) / 1000
  const summary = (await response.json()).data
  if (summary?.importedRows !== rows) throw new Error(`import failed: ${JSON.stringify(summary).slice(0, 300)}`)
  console.log(
    `products-import: ${rows} rows in ${seconds.toFixed(2)} s = ${Math.round(rows / seconds)} rows/s (${(Buffer.byteLength(lines.join('\n')) / 1e6).toFixed(1)} MB)`
  )
}

/** Uploads a CSV to an import route and polls the import until it ends; answers its record and seconds. */
async function runImport(path, csv, fileName) {
  const body = new FormData()
  body.append('file', new Blob([csv], { type: 'text/csv' }), fileName)
  const started = performance.now()
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: auth, body })
  const queued = (await response.json()).data
  if (response.status !== 202)
    throw new Error(`upload refused (${response.status}): ${JSON.stringify(queued).slice(0, 300)}`)
  const accepted = (performance.now() - started) / 1000
  let record = queued
  let lastShown = -1
  while (!['completed', 'imported_partially', 'failed', 'cancelled'].includes(record.status)) {
    await new Promise((done) => setTimeout(done, 100))
    record = (await (await fetch(`${server.url}/api/v1/imports/${queued.id}`, { headers: auth })).json()).data
    const percent = Math.floor((100 * record.processedRows) / record.totalRows / 10) * 10
    if (record.status === 'processing' && percent !== lastShown) {
      lastShown = percent
      process.stdout.write(`  … ${record.processedRows}/${record.totalRows} rows processed\n`)
    }
  }
  return { record, accepted, seconds: (performance.now() - started) / 1000 }
}

async function affiliatesImport() {
  const rows = affiliateRows
  const run = Date.now().toString(36)
  const lines = [
    'email,name,status,contact,tags,country,currency,fee_percent,negative_carryover,payment_method,paypal_email',
  ]
  for (let i = 0; i < rows; i++) {
    lines.push(
      `bench-${run}-${i}@affiliates.example,Bench Affiliate ${i},active,+44 20 7946 ${String(i % 10000).padStart(4, '0')},bench|tier-${i % 5},GB,GBP,${i % 30}.5,${i % 2 ? 'yes' : 'no'},paypal,pay-${i}@affiliates.example`
    )
  }
  const csv = lines.join('\n')
  const megabytes = Buffer.byteLength(csv) / 1e6
  if (megabytes >= 10) throw new Error(`bench file is ${megabytes.toFixed(1)} MB (must stay under 10 MB)`)
  const { record, accepted, seconds } = await runImport(
    '/api/v1/affiliates/affiliates/import',
    csv,
    'affiliates-bench.csv'
  )
  if (record.status !== 'completed' || record.importedRows !== rows)
    throw new Error(`import ended ${record.status}: ${JSON.stringify(record).slice(0, 300)}`)
  console.log(
    `affiliates-import: ${record.importedRows}/${rows} affiliates imported in ${seconds.toFixed(2)} s = ${Math.round(rows / seconds)} rows/s (${megabytes.toFixed(1)} MB; upload checked and queued in ${accepted.toFixed(2)} s)`
  )
  return run
}

async function affiliatesUpdate() {
  const rows = affiliateRows
  const run = await affiliatesImport()
  const lines = ['email,name,status,contact,tags']
  for (let i = 0; i < rows; i++) {
    lines.push(
      `bench-${run}-${i}@affiliates.example,Bench Affiliate ${i} (updated),${i % 10 ? '' : 'disabled'},+44 20 7946 ${String((i + 1) % 10000).padStart(4, '0')},bench|updated`
    )
  }
  const { record, seconds } = await runImport(
    '/api/v1/affiliates/affiliates/import-update',
    lines.join('\n'),
    'affiliates-update-bench.csv'
  )
  if (record.status !== 'completed' || record.importedRows !== rows)
    throw new Error(`update ended ${record.status}: ${JSON.stringify(record).slice(0, 300)}`)
  console.log(
    `affiliates-update: ${record.importedRows}/${rows} affiliates updated in ${seconds.toFixed(2)} s = ${Math.round(rows / seconds)} rows/s`
  )
}

async function brandsList() {
  const url = `${server.url}/api/v1/brands/products?limit=25&sort=name`
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers: auth })).arrayBuffer()
  const sequential = []
  for (let i = 0; i < 300; i++) {
    const started = performance.now()
    await (await fetch(url, { headers: auth })).arrayBuffer()
    sequential.push(performance.now() - started)
  }
  sequential.sort((a, b) => a - b)
  const concurrency = 8
  const total = 800
  let done = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (done < total) {
        done++
        await (await fetch(url, { headers: auth })).arrayBuffer()
      }
    })
  )
  const rps = total / ((performance.now() - started) / 1000)
  console.log(
    `list (GET products, page of 25, sorted): sequential p50 ${percentile(sequential, 50).toFixed(1)} ms, p95 ${percentile(sequential, 95).toFixed(1)} ms, p99 ${percentile(sequential, 99).toFixed(1)} ms; ${concurrency} concurrent: ${Math.round(rps)} req/s`
  )
}

try {
  for (const name of benches) {
    if (name === 'products-import') await productsImport()
    else if (name === 'brands-list') await brandsList()
    else if (name === 'affiliates-import') await affiliatesImport()
    else if (name === 'affiliates-update') await affiliatesUpdate()
    else throw new Error(`unknown bench "${name}" (products-import, brands-list, affiliates-import, affiliates-update)`)
  }
} finally {
  await server.stop()
}
