/*
 * `node plugins/payouts/scripts/bench_engine.mjs [--customers 100000] [--rows 1000000] [--affiliates 2000]`:
 * the pure commission engine on one month of synthetic data (no database). Prints how long
 * computeRows takes over the whole month (what a close recomputes), the activity rows per
 * second, the diff against an empty ledger and against itself, the close (carryover and
 * referrals), and the peak memory. A figure, not a test: the machine's load changes it.
 */
import '@poppinss/ts-exec'
import { performance } from 'node:perf_hooks'

const engine = await import('../src/engine/index.js')

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : Number(process.argv[index + 1])
}
const CUSTOMERS = arg('customers', 100_000)
const ROWS = arg('rows', 1_000_000)
const AFFILIATES = arg('affiliates', 2_000)

let peak = 0
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss))
const timer = setInterval(sample, 50)

// A deterministic pseudo-random sequence (same data every run).
let seed = 42
const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
const pick = (list) => list[Math.floor(random() * list.length)]
const cents = (max) => (Math.floor(random() * max * 100) / 100).toFixed(2)

const plans = [
  {
    version: 1,
    model: 'hybrid',
    goal: 'ftd',
    cpaPayout: '40',
    cpaFtdP: '55.5',
    cpaRegP: '1.25',
    cpaDP: '0.5',
    cpsNgrP: '25',
    cpsDP: '1',
    cpsFtdP: null,
    cpaCdP: null,
    cumulativeDeposit: null,
    numberOfDays: null,
    qftd: { minDeposit: '20', daysSinceRegistration: 7 },
    defaultPayout: '5',
    coverageCountries: ['BR', 'PT', 'TR'],
    rules: [{ variable: 'd', operator: 'gte', value: '2', numberOfDays: 30 }],
    rangeRules: {
      mode: 'whole',
      ranges: [
        { from: 5, payout: '60' },
        { from: 20, payout: '75' },
      ],
    },
  },
  {
    version: 1,
    model: 'cps',
    goal: null,
    cpsNgrP: '30',
    cpsDP: null,
    cpsFtdP: '5',
    cumulativeDeposit: null,
    numberOfDays: null,
    qftd: null,
    defaultPayout: null,
    coverageCountries: [],
    rules: [],
    rangeRules: { mode: 'whole', ranges: [{ from: 10, payout: '35' }] },
  },
  {
    version: 1,
    model: 'cpa',
    goal: 'c_deposit',
    cpaPayout: '30',
    cpaCdP: '45',
    cumulativeDeposit: '200',
    numberOfDays: 30,
    qftd: null,
    defaultPayout: null,
    coverageCountries: [],
    rules: [],
    rangeRules: { mode: 'marginal', ranges: [{ from: 3, payout: '50' }] },
  },
  {
    version: 1,
    model: 'cumulative_deposit',
    goal: null,
    cpaCdP: '25',
    cumulativeDeposit: '100',
    numberOfDays: 14,
    qftd: null,
    defaultPayout: null,
    coverageCountries: [],
    rules: [],
    rangeRules: null,
  },
]
const campaigns = Array.from({ length: 40 }, (_, index) => ({
  id: index + 1,
  brandId: (index % 4) + 1,
  currency: index % 5 === 0 ? 'USD' : 'EUR',
  plan: plans[index % plans.length],
  affiliatePayouts: { 7: { cpaPayout: '42', cpsNgrP: '27.5' } },
  groupPayouts: { 1: { cpaRegP: '1.5' } },
}))
const brands = [1, 2, 3, 4].map((id) => ({
  id,
  formula: { version: 1, ggr: null, ngr: id === 2 ? '(ggr - bonuses) * 0.8 - fees' : null },
}))
const affiliates = Array.from({ length: AFFILIATES }, (_, index) => ({
  id: index + 1,
  primaryGroupId: index % 3 === 0 ? 1 : null,
  negativeCarryover: index % 2 === 0,
  referredBy: index > 10 ? Math.floor(random() * index) + 1 : null,
}))

const build = performance.now()
const customers = []
for (let id = 1; id <= CUSTOMERS; id++) {
  const day = 1 + Math.floor(random() * 28)
  customers.push({
    id,
    brandId: 0,
    campaignId: pick(campaigns).id,
    affiliateId: 1 + Math.floor(random() * AFFILIATES),
    registeredAt: `2026-01-${String(day).padStart(2, '0')}T${String(Math.floor(random() * 24)).padStart(2, '0')}:15:00Z`,
    country: pick(['BR', 'BR', 'PT', 'TR', 'DE']),
    ftdActivityId: null,
    activity: [],
    _day: day,
  })
}
for (const customer of customers) customer.brandId = campaigns[customer.campaignId - 1].brandId
for (let index = 0; index < ROWS; index++) {
  const customer = customers[index % CUSTOMERS]
  const day = Math.min(31, customer._day + Math.floor(random() * 4))
  const depositing = random() < 0.4
  const row = {
    id: `t${index}`,
    date: `2026-01-${String(day).padStart(2, '0')}`,
    currency: random() < 0.1 ? 'BRL' : 'EUR',
    deposits: depositing ? cents(200) : '0',
    depositCount: depositing ? 1 : 0,
    bets: cents(500),
    wins: cents(450),
    bonuses: random() < 0.2 ? cents(20) : '0',
    fees: random() < 0.1 ? cents(5) : '0',
  }
  if (depositing && customer.ftdActivityId === null) customer.ftdActivityId = row.id
  customer.activity.push(row)
}
for (const customer of customers) delete customer._day
const rateTable = new Map()
for (let day = 1; day <= 31; day++) {
  const date = `2026-01-${String(day).padStart(2, '0')}`
  rateTable.set(`BRL|EUR|${date}`, '0.1875')
  rateTable.set(`EUR|USD|${date}`, '1.0825')
  if (day !== 17) rateTable.set(`BRL|USD|${date}`, '0.2031') // one day without a rate: pending_fx rows
}
const input = {
  organization: {
    timeZone: 'America/Sao_Paulo',
    period: { kind: 'monthly', weekStart: 1 },
    periods: { firstPeriod: '2026-01', lastClosed: null },
  },
  brands,
  campaigns,
  affiliates,
  customers,
  clicks: affiliates
    .slice(0, 500)
    .flatMap((affiliate) =>
      [1, 2, 3].map((day) => ({ affiliateId: affiliate.id, campaignId: 1, date: `2026-01-0${day}`, count: 10 }))
    ),
  rates: (from, to, date) => rateTable.get(`${from}|${to}|${date}`) ?? null,
}
console.log(
  `data: ${CUSTOMERS.toLocaleString('en')} customers, ${ROWS.toLocaleString('en')} activity rows, ${AFFILIATES.toLocaleString('en')} affiliates, ${campaigns.length} campaigns (built in ${((performance.now() - build) / 1000).toFixed(1)} s)`
)

/** Wall seconds, and CPU seconds of this process (steadier on a shared, loaded machine). */
const time = (label, run) => {
  sample()
  const started = performance.now()
  const cpu = process.cpuUsage()
  const result = run()
  const used = process.cpuUsage(cpu)
  const seconds = (performance.now() - started) / 1000
  sample()
  return { result, seconds, cpu: (used.user + used.system) / 1e6, label }
}
const both = (timing) => `${timing.seconds.toFixed(2)} s (CPU ${timing.cpu.toFixed(2)} s)`

// The month recomputed as final (what a close does), twice: the first run warms the JIT.
time('warm-up', () => engine.computeRows({ ...input, customers: customers.slice(0, 5000) }))
const full = time('computeRows (whole month, final)', () => engine.computeRows({ ...input, finalThrough: '2026-01' }))
const rows = full.result.rows
console.log(
  `computeRows: ${both(full)} for the month → ${Math.round(ROWS / full.seconds).toLocaleString('en')} activity rows/s (${Math.round(ROWS / full.cpu).toLocaleString('en')} per CPU second), ${rows.length.toLocaleString('en')} commission rows`
)
const byType = {}
for (const row of rows) byType[row.type] = (byType[row.type] ?? 0) + 1
console.log(`  rows by type: ${JSON.stringify(byType)}`)

const insert = time('diff vs empty', () =>
  engine.diffLedger({
    desired: rows,
    recorded: [],
    lastClosed: null,
    earliestOpen: { key: '2026-01', start: '2026-01-01' },
    fraudCustomers: [],
  })
)
const recorded = engine.applyOperations([], insert.result)
const again = time('diff vs itself', () =>
  engine.diffLedger({
    desired: rows,
    recorded,
    lastClosed: null,
    earliestOpen: { key: '2026-01', start: '2026-01-01' },
    fraudCustomers: [],
  })
)
console.log(
  `diffLedger: ${both(insert)} against an empty ledger (${insert.result.length.toLocaleString('en')} inserts), ${both(again)} against itself (${again.result.length} operations)`
)

const closing = time('closePeriod', () =>
  engine.closePeriod({
    period: '2026-01',
    periodEnd: '2026-01-31',
    rows: recorded,
    affiliates,
    carryIn: [],
    referral: { method: 'payout', percentages: ['5', '2', '1'] },
    ngr: full.result.ngr,
  })
)
console.log(
  `closePeriod: ${both(closing)} (${closing.result.rows.length.toLocaleString('en')} carryover and referral rows)`
)

// Incremental: one ingest batch of 10,000 activity rows touching ~10,000 customers.
const batch = customers.slice(0, 10_000)
const incremental = time('incremental', () => engine.computeRows({ ...input, customers: batch }))
const batchRows = batch.reduce((total, customer) => total + customer.activity.length, 0)
console.log(
  `incremental: ${both(incremental)} to recompute ${batch.length.toLocaleString('en')} customers (${batchRows.toLocaleString('en')} activity rows) → ${Math.round(batchRows / incremental.seconds).toLocaleString('en')} rows/s (${Math.round(batchRows / incremental.cpu).toLocaleString('en')} per CPU second)`
)
clearInterval(timer)
sample()
console.log(`peak memory (RSS): ${(peak / 1024 / 1024).toFixed(0)} MB`)
