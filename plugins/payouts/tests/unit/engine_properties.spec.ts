/*
 * Invariants of the commission engine over random inputs (fast-check): arrival order does not
 * matter, rows round half away from zero, totals are sums of rows, closed periods never change
 * and closed totals plus later corrections equal the recomputed truth.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import {
  computeRows,
  computeRowsYielding,
  dec,
  money,
  sumAmounts,
  type ActivityInput,
  type CustomerInput,
  type EngineInput,
  type PayoutPlan,
} from '../../src/engine/index.js'
import { affiliate, campaign, input, plan } from './engine_fixtures.js'
import { MemoryLedger } from './engine_ledger.js'

const RUNS = Number(process.env.ENGINE_PROPERTY_RUNS ?? 150)
/** Hundreds of generated ledgers per test: far above the suite's 10 s default on a loaded machine. */
const PROPERTY_TIMEOUT = 120_000

/** A decimal text with up to `scale` decimals from an integer count of the smallest unit. */
const decimalText = (units: bigint, scale: number) => {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits
  return negative ? `-${text}` : text
}
const amount = (max: number, signed = false) =>
  fc
    .tuple(fc.integer({ min: signed ? -max : 0, max }), fc.constantFrom(0, 2, 4, 6))
    .map(([units, scale]) => decimalText(BigInt(units), scale))

/** Half away from zero to cents, in integers, for any number of decimals (the reference the engine must match). */
function referenceRound(text: string): string {
  const [whole, rawFraction = ''] = text.replace('-', '').split('.')
  const fraction = rawFraction.padEnd(3, '0')
  const scaled = BigInt(whole + fraction)
  const unit = 10n ** BigInt(fraction.length - 2)
  const cents = (scaled + unit / 2n) / unit
  const negative = text.startsWith('-') && cents !== 0n
  return (negative ? '-' : '') + decimalText(cents, 2)
}

const dates = ['2026-01-03', '2026-01-09', '2026-01-17', '2026-01-31', '2026-02-01', '2026-02-14', '2026-02-28']

const activityArb = (customerId: number, index: number) =>
  fc
    .record({
      date: fc.constantFrom(...dates),
      currency: fc.constantFrom('EUR', 'EUR', 'BRL'),
      deposits: amount(500_000),
      depositCount: fc.integer({ min: 0, max: 3 }),
      bets: amount(900_000),
      wins: amount(900_000),
      bonuses: amount(50_000),
      adjustments: amount(10_000, true),
    })
    .map((values): ActivityInput => ({ id: `c${customerId}r${index}`, ...values }))

const customerArb = (id: number) =>
  fc
    .record({
      day: fc.constantFrom('01', '02', '03'),
      affiliateId: fc.constantFrom(100, 200),
      country: fc.constantFrom('BR', 'BR', 'TR'),
      rows: fc.integer({ min: 0, max: 5 }),
      ftdIndex: fc.integer({ min: 0, max: 4 }),
      reassign: fc.option(fc.constantFrom('2026-01-15', '2026-02-01'), { nil: undefined }),
    })
    .chain((shape) =>
      fc
        .tuple(...Array.from({ length: shape.rows }, (_, index) => activityArb(id, index)))
        .map((activity): CustomerInput => {
          const deposits = activity.filter((row) => dec(row.deposits).gt(0))
          return {
            id,
            brandId: 1,
            campaignId: 10,
            affiliateId: shape.affiliateId,
            registeredAt: `2026-01-${shape.day}T12:00:00Z`,
            country: shape.country,
            reassignments: shape.reassign
              ? [{ affiliateId: shape.affiliateId === 100 ? 200 : 100, effectiveDate: shape.reassign }]
              : [],
            ftdActivityId: deposits.length ? deposits[shape.ftdIndex % deposits.length].id : null,
            activity,
          }
        })
    )

const planArb: fc.Arbitrary<PayoutPlan> = fc
  .record({
    model: fc.constantFrom('cpa', 'hybrid', 'cps', 'cumulative_deposit') as fc.Arbitrary<PayoutPlan['model']>,
    goal: fc.constantFrom('ftd', 'leads', 'd', 'c_deposit', 'ngr') as fc.Arbitrary<NonNullable<PayoutPlan['goal']>>,
    tiers: fc.boolean(),
    mode: fc.constantFrom('marginal', 'whole') as fc.Arbitrary<'marginal' | 'whole'>,
    qftd: fc.boolean(),
    rule: fc.boolean(),
    coverage: fc.boolean(),
  })
  .map((shape) => {
    const cpaLike = shape.model === 'cpa' || shape.model === 'hybrid'
    const cps = shape.model === 'cps' || shape.model === 'hybrid'
    return plan({
      model: shape.model,
      goal: cpaLike ? shape.goal : null,
      cpaPayout: cpaLike ? '12.3456' : null,
      cpaFtdP: cpaLike ? '20.005' : null,
      cpaRegP: cpaLike ? '1.005' : null,
      cpaDP: cpaLike ? '0.3333' : null,
      cpaCdP: shape.model === 'cumulative_deposit' || shape.goal === 'c_deposit' ? '7.125' : null,
      cumulativeDeposit: shape.model === 'cumulative_deposit' || shape.goal === 'c_deposit' ? '100' : null,
      numberOfDays: shape.model === 'cumulative_deposit' || shape.goal === 'c_deposit' ? 20 : null,
      cpsNgrP: cps ? '25.5' : null,
      cpsDP: cps ? '1.25' : null,
      cpsFtdP: cps ? '3' : null,
      qftd: shape.qftd ? { minDeposit: '50', daysSinceRegistration: 10 } : null,
      rules: shape.rule ? [{ variable: 'd', operator: 'gte', value: '2', numberOfDays: null }] : [],
      defaultPayout: '2.5',
      coverageCountries: shape.coverage ? ['BR'] : [],
      rangeRules: shape.tiers
        ? {
            mode: shape.mode,
            ranges: [
              { from: 2, payout: shape.model === 'cps' ? '30' : '15.5' },
              { from: 4, payout: shape.model === 'cps' ? '35' : '20.0001' },
            ],
          }
        : null,
    })
  })

/** Some BRL→EUR rates exist, some are missing. */
const ratesArb = fc.subarray(dates).map((known) => {
  const table = new Map(known.map((date, index) => [date, ['0.2', '0.1875', '0.19'][index % 3]]))
  return (from: string, to: string, date: string) => (from === 'BRL' && to === 'EUR' ? (table.get(date) ?? null) : null)
})

const scenarioArb = fc
  .record({ plan: planArb, customers: fc.integer({ min: 1, max: 6 }), rates: ratesArb })
  .chain((shape) =>
    fc.tuple(...Array.from({ length: shape.customers }, (_, index) => customerArb(index + 1))).map((customers) =>
      input({
        campaigns: [campaign({ plan: shape.plan, affiliatePayouts: { 200: { cpaPayout: '9.99', cpsNgrP: '30' } } })],
        affiliates: [affiliate(100, { negativeCarryover: true, referredBy: 200 }), affiliate(200)],
        customers,
        rates: shape.rates,
      })
    )
  )

/** JSON with sorted keys and absent fields dropped: compares rows whatever their key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item
  )

const clone = (state: EngineInput): EngineInput => ({ ...state, customers: structuredClone(state.customers) })

test.group('commission engine: invariants (property tests)', () => {
  test('any order of arrival gives the same rows (same fixed FTD): batch, shuffled, and one row at a time through the ledger', () => {
    fc.assert(
      fc.property(scenarioArb, fc.infiniteStream(fc.nat()), (state, noise) => {
        const truth = computeRows(state)
        // Shuffled customers and activity in one batch.
        const random = noise[Symbol.iterator]()
        const shuffle = <T>(list: T[]) =>
          list
            .map((item) => [random.next().value, item] as const)
            .sort((a, b) => a[0] - b[0])
            .map(([, item]) => item)
        const shuffled = {
          ...state,
          customers: shuffle(state.customers.map((entry) => ({ ...entry, activity: shuffle(entry.activity) }))),
        }
        if (JSON.stringify(computeRows(shuffled)) !== JSON.stringify(truth)) throw new Error('shuffled batch differs')
        // One activity row at a time, in a random order, diffed into the ledger after each.
        const arriving = clone(state)
        const rows = shuffle(arriving.customers.flatMap((entry) => entry.activity.map((row) => ({ entry, row }))))
        for (const entry of arriving.customers) entry.activity = []
        const ledger = new MemoryLedger(arriving)
        ledger.sync()
        for (const { entry, row } of rows) {
          entry.activity.push(row)
          ledger.sync()
        }
        const recorded = ledger.recorded.map(({ pricedBy: _p, corrects: _c, ...row }) => row)
        const strip = (list: Array<Record<string, unknown>>) =>
          canonical(
            list.map((row) => ({
              ...row,
              counted: undefined,
              finalAmount: row.finalAmount ?? undefined,
              provisional: row.provisional || undefined,
            }))
          )
        const expected = strip(truth.rows as unknown as Array<Record<string, unknown>>)
        if (strip(recorded) !== expected)
          throw new Error(`incremental ledger differs:\n${strip(recorded)}\n${expected}`)
      }),
      { numRuns: RUNS }
    )
  }).timeout(PROPERTY_TIMEOUT)

  test('every row is rounded half away from zero to cents; RevShare recomputed from its basis matches to the cent', () => {
    fc.assert(
      // Half cents (x.xx5) are where rounding modes differ: a third of the cases.
      fc.property(
        fc.oneof(
          amount(10_000_000, true),
          fc
            .integer({ min: -1_000_000, max: 1_000_000 })
            .map((cents) => decimalText(BigInt(cents) * 10n + (cents < 0 ? -5n : 5n), 3))
        ),
        (text) => {
          if (money(dec(text)) !== referenceRound(text))
            throw new Error(`${text}: ${money(dec(text))} ≠ ${referenceRound(text)}`)
        }
      ),
      { numRuns: RUNS * 5 }
    )
    fc.assert(
      fc.property(scenarioArb, (state) => {
        for (const row of computeRows(state).rows) {
          if (row.amount !== null && !/^-?\d+\.\d{2}$/.test(row.amount))
            throw new Error(`not a 2-decimal amount: ${row.amount}`)
          if (row.type !== 'revshare' || row.amount === null) continue
          const basis = row.explanation.basis!
          const percent = (name: string) => dec(row.explanation.fields?.[name]?.value ?? '0')
          const exact = dec(basis.ngr)
            .times(percent('cpsNgrP'))
            .plus(dec(basis.deposits).times(percent('cpsDP')))
            .plus(dec(basis.ftdAmount).times(percent('cpsFtdP')))
            .div(100)
          const reference = referenceRound(exact.toFixed())
          if (reference !== row.amount) throw new Error(`${row.key}: ${row.amount} ≠ ${reference}`)
        }
      }),
      { numRuns: RUNS }
    )
  }).timeout(PROPERTY_TIMEOUT)

  test('totals equal the sum of rows: an affiliate’s statement is the cent sum of its rows', () => {
    fc.assert(
      fc.property(scenarioArb, (state) => {
        const ledger = new MemoryLedger(clone(state), { method: 'payout', percentages: ['10', '5', '2'] })
        ledger.sync()
        ledger.close('2026-01')
        const statements = new Map<string, string[]>()
        for (const row of ledger.recorded) {
          const key = `${row.affiliateId}|${row.period}|${row.currency}`
          statements.set(key, [
            ...(statements.get(key) ?? []),
            ...(row.amount === null || row.status === 'denied' ? [] : [row.amount]),
          ])
        }
        for (const [key, list] of statements) {
          const cents = list.reduce((total, text) => total + BigInt(text.replace('.', '')), 0n)
          if (sumAmounts(list) !== decimalText(cents, 2))
            throw new Error(`${key}: ${sumAmounts(list)} ≠ ${decimalText(cents, 2)}`)
        }
      }),
      { numRuns: RUNS }
    )
  }).timeout(PROPERTY_TIMEOUT)

  test('the diff never changes a closed period; its closed totals plus later corrections equal the recomputed truth', () => {
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('late' as const),
        customer: fc.nat(),
        date: fc.constantFrom(...dates),
        deposits: amount(100_000),
        bets: amount(100_000),
        count: fc.integer({ min: 0, max: 2 }),
      }),
      fc.record({
        kind: fc.constant('correct' as const),
        customer: fc.nat(),
        row: fc.nat(),
        bets: amount(900_000),
        deposits: amount(100_000),
      }),
      fc.record({ kind: fc.constant('rate' as const), date: fc.constantFrom(...dates) }),
      fc.record({ kind: fc.constant('fraud' as const), customer: fc.nat() }),
      fc.record({ kind: fc.constant('close' as const) })
    )
    fc.assert(
      fc.property(scenarioArb, fc.array(action, { maxLength: 8 }), (state, actions) => {
        const table = new Map<string, string>()
        const working = clone(state)
        const original = working.rates
        working.rates = (from, to, date) =>
          from === 'BRL' && to === 'EUR' && table.has(date) ? table.get(date)! : original(from, to, date)
        const ledger = new MemoryLedger(working, { method: 'payout', percentages: ['10', '5', '2'] })
        ledger.sync()
        ledger.close('2026-01')
        const frozen = new Map(
          ledger.rows('2026-01').map((row) => [row.key, JSON.stringify({ ...row, pricedBy: null })])
        )
        let sequence = 0
        for (const step of actions) {
          const customers = ledger.state.customers
          if (step.kind === 'late' && customers.length) {
            const entry = customers[step.customer % customers.length]
            entry.activity.push({
              id: `late${++sequence}`,
              date: step.date,
              currency: 'EUR',
              deposits: step.deposits,
              depositCount: step.count,
              bets: step.bets,
            })
          } else if (step.kind === 'correct' && customers.length) {
            const entry = customers[step.customer % customers.length]
            if (entry.activity.length) {
              const index = step.row % entry.activity.length
              entry.activity[index] = { ...entry.activity[index], bets: step.bets, deposits: step.deposits }
            }
          } else if (step.kind === 'rate') table.set(step.date, '0.25')
          else if (step.kind === 'fraud' && customers.length) {
            const entry = customers[step.customer % customers.length]
            const earned = ledger.recorded
              .filter((row) => row.customerId === entry.id && row.status !== 'denied')
              .map((row) => row.key)
            entry.fraud ??= {
              markedAt: `2026-02-${String(10 + sequence++).padStart(2, '0')}T00:00:00Z`,
              earnedBefore: earned,
            }
          } else if (step.kind === 'close' && ledger.lastClosed === '2026-01') {
            ledger.close('2026-02')
            for (const row of ledger.rows('2026-02')) frozen.set(row.key, JSON.stringify({ ...row, pricedBy: null }))
          }
          ledger.sync()
          if (ledger.pending().length) throw new Error('a second sync still had work: not idempotent')
          for (const row of ledger.recorded) {
            const before = frozen.get(row.key)
            if (before !== undefined && before !== JSON.stringify({ ...row, pricedBy: null }))
              throw new Error(`closed row changed: ${row.key}`)
          }
          for (const key of frozen.keys())
            if (!ledger.recorded.some((row) => row.key === key)) throw new Error(`closed row removed: ${key}`)
        }
        // Closed totals + corrections = truth, per key, for customers not marked fraud.
        const truth = computeRows(ledger.input()).rows
        const fraud = new Set(ledger.state.customers.filter((entry) => entry.fraud).map((entry) => entry.id))
        const keys = new Set([
          ...truth.map((row) => row.key),
          ...ledger.recorded
            .filter((row) => !row.key.includes(':', row.key.indexOf(':') + 1) || true)
            .map((row) => row.corrects?.key ?? row.key),
        ])
        for (const key of keys) {
          if (/^(carryover|referral|clawback):/.test(key)) continue
          const want = truth.find((row) => row.key === key)
          const home = ledger.recorded.find((row) => row.key === key)
          const customerId = want?.customerId ?? home?.customerId ?? null
          if (customerId !== null && fraud.has(customerId)) continue
          if (want && want.amount === null) continue
          const accounted = [
            home,
            ...ledger.recorded.filter((row) => row.key.startsWith('correction:') && row.corrects?.key === key),
          ]
            .filter((row) => row !== undefined)
            .reduce((total, row) => total.plus(row!.amount ?? 0), dec(0))
          if (money(accounted) !== (want?.amount ?? '0.00'))
            throw new Error(`${key}: accounted ${money(accounted)} ≠ truth ${want?.amount ?? '0.00'}`)
        }
      }),
      { numRuns: RUNS }
    )
  }).timeout(PROPERTY_TIMEOUT)

  test('the ledger job computes as the engine does: the yielding run gives the same rows and hands the event loop back', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (state) => {
        // A budget of 0 ms yields after every player: work queued behind the run gets its turn
        // before the run ends (a run that never yielded resolves before it).
        let queuedWorkRan = false
        setImmediate(() => (queuedWorkRan = true))
        const yielded = await computeRowsYielding(state, 0)
        if (JSON.stringify(yielded) !== JSON.stringify(computeRows(state))) throw new Error('yielding run differs')
        if (state.customers.length > 0 && !queuedWorkRan) throw new Error('never handed the event loop back')
      }),
      { numRuns: Math.min(RUNS, 50) }
    )
  }).timeout(PROPERTY_TIMEOUT)
})
