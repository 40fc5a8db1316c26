import { test } from '@japa/runner'
import { computeRows, diffLedger } from '../../src/engine/index.js'
import { refusal } from '../../src/ledger/status.js'
import { MemoryLedger } from './engine_ledger.js'
import { act, affiliate, amounts, campaign, customer, input, plan } from './engine_fixtures.js'

/*
 * Worked examples of clauses that had only functional tests: §1 periods in the
 * organisation's zone, §3 a replayed row, §12 a denial after the close.
 */

test.group('commission engine: clauses with their worked examples', () => {
  test('§1 the same instant falls in the period of the organisation’s zone: 31 Jan 20:00 UTC is February in Tokyo', ({
    assert,
  }) => {
    const registration = customer(1, { registeredAt: '2026-01-31T20:00:00Z' })
    const plans = { campaigns: [campaign({ plan: plan({ goal: 'leads', cpaPayout: '10', cpaRegP: '2' }) })] }
    const utc = computeRows(input({ ...plans, customers: [registration] })).rows
    const tokyo = computeRows(
      input({
        ...plans,
        organization: {
          timeZone: 'Asia/Tokyo',
          period: { kind: 'monthly', weekStart: 1 },
          periods: { firstPeriod: '2026-01', lastClosed: null },
        },
        customers: [registration],
      })
    ).rows
    assert.deepEqual(
      utc.map((row) => [row.key, row.date, row.period]),
      [
        ['cpa:1', '2026-01-31', '2026-01'],
        ['registration:1', '2026-01-31', '2026-01'],
      ]
    )
    assert.deepEqual(
      tokyo.map((row) => [row.key, row.date, row.period]),
      [
        ['cpa:1', '2026-02-01', '2026-02'],
        ['registration:1', '2026-02-01', '2026-02'],
      ]
    )
    // Weekly from Monday in Tokyo: Sunday 1 February belongs to the week of Monday 26 January.
    const weekly = computeRows(
      input({
        ...plans,
        organization: {
          timeZone: 'Asia/Tokyo',
          period: { kind: 'weekly', weekStart: 1 },
          periods: { firstPeriod: '2026-01-26', lastClosed: null },
        },
        customers: [registration],
      })
    ).rows
    assert.deepEqual([...new Set(weekly.map((row) => row.period))], ['2026-01-26'])
  })

  test('§3 a row replayed with the same values changes nothing: the same inputs give no operation', ({ assert }) => {
    const state = input({
      campaigns: [campaign({ plan: plan({ model: 'hybrid', goal: 'ftd', cpaPayout: '40', cpsNgrP: '25' }) })],
      customers: [
        customer(1, {
          ftdActivityId: 'a',
          activity: [act('a', '2026-01-05', { deposits: '100', depositCount: 1, bets: '300', wins: '100' })],
        }),
      ],
    })
    const ledger = new MemoryLedger(state)
    const first = ledger.sync()
    assert.deepEqual(
      first.map((operation) => operation.op),
      ['insert', 'insert']
    )
    assert.deepEqual(amounts(ledger.rows()), { 'cpa:1': '40.00', 'revshare:1:100:2026-01': '50.00' })
    // The duplicate arrives: the customers plugin keeps one copy, the engine sees the same inputs.
    assert.deepEqual(ledger.sync(), [])
    assert.deepEqual(
      diffLedger({
        desired: computeRows(ledger.input()).rows,
        recorded: ledger.recorded,
        lastClosed: null,
        earliestOpen: ledger.earliestOpen(),
        fraudCustomers: [],
      }),
      []
    )
  })

  test('§12 denying a row of a closed period moves it between status totals; its amount and the carryover stay', ({
    assert,
  }) => {
    // RevShare 50 %, negative carryover on: January R = 50 − 150 = −100 → carryover +100, carry_out −100.
    const state = () =>
      input({
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '50' }) })],
        affiliates: [affiliate(100, { negativeCarryover: true })],
        customers: [
          customer(1, { activity: [act('a', '2026-01-10', { bets: '200', wins: '100' })] }),
          customer(2, { activity: [act('b', '2026-01-11', { bets: '100', wins: '400' })] }),
        ],
      })
    const denied = new MemoryLedger(state())
    const untouched = new MemoryLedger(state())
    for (const ledger of [denied, untouched]) {
      ledger.sync()
      ledger.close('2026-01')
    }
    assert.deepEqual(denied.summary('2026-01'), {
      'carryover:100:1:EUR:2026-01': ['100.00', 'pending'],
      'revshare:1:100:2026-01': ['50.00', 'pending'],
      'revshare:2:100:2026-01': ['-150.00', 'pending'],
    })

    // A person denies customer 1's RevShare after the close (allowed: denial needs no open period).
    const row = denied.recorded.find((entry) => entry.key === 'revshare:1:100:2026-01')!
    assert.isNull(refusal('deny', row, '2026-01'))
    row.status = 'denied'
    row.denyReason = 'manual'
    const byStatus = (ledger: MemoryLedger) => {
      const totals: Record<string, number> = {}
      for (const entry of ledger.rows('2026-01'))
        totals[entry.status] = (totals[entry.status] ?? 0) + Math.round(Number(entry.amount) * 100)
      return Object.fromEntries(Object.entries(totals).map(([status, cents]) => [status, (cents / 100).toFixed(2)]))
    }
    // 50.00 moved from pending to denied; the rows keep their amounts.
    assert.deepEqual(byStatus(untouched), { pending: '0.00' })
    assert.deepEqual(byStatus(denied), { pending: '-50.00', denied: '50.00' })
    // A recomputation keeps the person's denial and changes nothing in the closed period.
    assert.deepEqual(denied.sync(), [])
    assert.deepEqual(denied.summary('2026-01')['revshare:1:100:2026-01'], ['50.00', 'denied'])
    assert.deepEqual(denied.summary('2026-01')['carryover:100:1:EUR:2026-01'], ['100.00', 'pending'])
    // The carry_out, and so February's carry_in and close, are those of the ledger without the denial.
    assert.deepEqual(denied.carry, untouched.carry)
    for (const ledger of [denied, untouched]) ledger.close('2026-02')
    assert.deepEqual(denied.carry, untouched.carry)
    assert.deepEqual(
      denied.carry.map((balance) => balance.amount),
      ['-100.00']
    )
    // Approving a denied row stays refused; paying needs an approval first.
    assert.equal(refusal('approve', row, '2026-01'), 'denied')
    assert.equal(refusal('pay', { status: 'pending', period: '2026-01' }, '2026-01'), 'not_approved')
  })
})
