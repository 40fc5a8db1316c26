import { test } from '@japa/runner'
import { diffLedger, recordAll, computeRows } from '../../src/engine/index.js'
import { act, campaign, customer, input, plan, rates } from './engine_fixtures.js'
import { MemoryLedger } from './engine_ledger.js'

const hybrid = (values = {}) =>
  plan({ model: 'hybrid', goal: 'leads', cpaPayout: '10', cpaDP: '1', cpsNgrP: '10', ...values })

test.group('commission engine: the ledger diff (§1, §3, §5, §9, §12)', () => {
  test('§1 closed periods never change: a late event dated in one is a correction in the earliest open period', ({
    assert,
  }) => {
    const ledger = new MemoryLedger(
      input({
        campaigns: [campaign({ plan: hybrid({ cpsNgrP: null }) })],
        customers: [
          customer(1, {
            registeredAt: '2026-01-05T10:00:00Z',
            activity: [act('a', '2026-01-10', { deposits: '10', depositCount: 1 })],
          }),
        ],
      })
    )
    ledger.sync()
    ledger.close('2026-01')
    const january = JSON.stringify(ledger.rows('2026-01'))
    ledger.state.customers[0].activity.push(act('b', '2026-01-20', { deposits: '20', depositCount: 2 }))
    ledger.sync()
    assert.equal(JSON.stringify(ledger.rows('2026-01')), january)
    assert.deepEqual(ledger.summary('2026-02'), { 'correction:2026-02:deposit_cpa:1:b': ['2.00', 'pending'] })
    assert.deepEqual(ledger.rows('2026-02')[0].corrects, {
      key: 'deposit_cpa:1:b',
      type: 'deposit_cpa',
      period: '2026-01',
    })
    assert.deepEqual(ledger.pending(), []) // applied once, nothing left: idempotent
  })

  test('§3 a corrected row replaces the values while its period is open; once closed, one correction row per key carries the difference', ({
    assert,
  }) => {
    const ledger = new MemoryLedger(
      input({
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '10' }) })],
        customers: [customer(1, { activity: [act('a', '2026-01-10', { bets: '100' })] })],
      })
    )
    ledger.sync()
    ledger.state.customers[0].activity[0] = act('a', '2026-01-10', { bets: '150' })
    const operations = ledger.sync()
    assert.deepEqual(
      operations.map((operation) => [operation.op, 'key' in operation ? operation.key : operation.row.key]),
      [['update', 'revshare:1:100:2026-01']]
    )
    assert.deepEqual(ledger.summary(), { 'revshare:1:100:2026-01': ['15.00', 'pending'] })
    ledger.close('2026-01')
    ledger.state.customers[0].activity[0] = act('a', '2026-01-10', { bets: '120' })
    ledger.sync()
    ledger.state.customers[0].activity[0] = act('a', '2026-01-10', { bets: '110' })
    ledger.sync()
    // 11.00 wanted − 15.00 accounted = −4.00, one row updated in place while February is open.
    assert.deepEqual(ledger.summary(), {
      'correction:2026-02:revshare:1:100:2026-01': ['-4.00', 'pending'],
      'revshare:1:100:2026-01': ['15.00', 'pending'],
    })
  })

  test('§5 a rate arriving for a closed period is priced by a correction in the earliest open period; the pending_fx row stays and points at it', ({
    assert,
  }) => {
    const table: Record<string, string> = {}
    const ledger = new MemoryLedger(
      input({
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '10' }) })],
        rates: rates(table),
        customers: [customer(1, { activity: [act('a', '2026-01-10', { currency: 'BRL', bets: '500' })] })],
      })
    )
    ledger.sync()
    ledger.close('2026-01')
    assert.deepEqual(ledger.summary('2026-01'), { 'revshare:1:100:2026-01': [null, 'pending_fx'] })
    table['BRLEUR:2026-01-10'] = '0.2'
    ledger.sync()
    assert.deepEqual(ledger.summary(), {
      'correction:2026-02:revshare:1:100:2026-01': ['10.00', 'pending'],
      'revshare:1:100:2026-01': [null, 'pending_fx'],
    })
    assert.equal(ledger.rows('2026-01')[0].pricedBy, 'correction:2026-02:revshare:1:100:2026-01')
    assert.deepEqual(ledger.pending(), [])
  })

  test('§9 close makes RevShare final: provisional rows move in place before it, corrections after it', ({
    assert,
  }) => {
    const ledger = new MemoryLedger(
      input({
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '10' }) })],
        customers: [customer(1, { activity: [act('a', '2026-01-10', { bets: '100' })] })],
      })
    )
    ledger.sync()
    ledger.close('2026-01')
    ledger.state.customers[0].activity.push(
      act('b', '2026-02-03', { bets: '40' }),
      act('c', '2026-01-31', { bets: '30' })
    )
    ledger.sync()
    assert.deepEqual(ledger.summary(), {
      'correction:2026-02:revshare:1:100:2026-01': ['3.00', 'pending'],
      'revshare:1:100:2026-01': ['10.00', 'pending'],
      'revshare:1:100:2026-02': ['4.00', 'pending'],
    })
  })

  test('§9 fraud: open rows denied; closed CPA-origin rows clawed back in the earliest open period; closed RevShare untouched; later corrections denied', ({
    assert,
  }) => {
    const ledger = new MemoryLedger(
      input({
        campaigns: [campaign({ plan: hybrid() })],
        customers: [
          customer(1, {
            registeredAt: '2026-01-05T10:00:00Z',
            activity: [act('a', '2026-01-10', { deposits: '10', depositCount: 1, bets: '100' })],
          }),
        ],
      })
    )
    ledger.sync()
    ledger.close('2026-01')
    ledger.state.customers[0].activity.push(act('b', '2026-02-03', { bets: '50' }))
    ledger.sync()
    const january = JSON.stringify(ledger.rows('2026-01'))
    ledger.state.customers[0].fraud = { markedAt: '2026-02-15T00:00:00Z', earnedBefore: ['cpa:1', 'deposit_cpa:1:a'] }
    ledger.sync()
    assert.equal(JSON.stringify(ledger.rows('2026-01')), january)
    assert.deepEqual(ledger.summary('2026-02'), {
      'clawback:cpa:1': ['-10.00', 'pending'],
      'clawback:deposit_cpa:1:a': ['-1.00', 'pending'],
      'revshare:1:100:2026-02': ['5.00', 'denied'],
    })
    // A late correction of January's deposit row: posted, denied, never clawed back.
    ledger.state.customers[0].activity[0] = act('a', '2026-01-10', { deposits: '20', depositCount: 2, bets: '100' })
    ledger.sync()
    assert.deepEqual(ledger.summary('2026-02')['correction:2026-02:deposit_cpa:1:a'], ['1.00', 'denied'])
    assert.deepEqual(ledger.summary('2026-02')['correction:2026-02:revshare:1:100:2026-01'], undefined) // NGR unchanged
    assert.deepEqual(ledger.pending(), [])
  })

  test('§12 fraud also denies the customer’s correction rows in open periods; they are not clawed back', ({
    assert,
  }) => {
    const ledger = new MemoryLedger(
      input({
        campaigns: [campaign({ plan: hybrid({ cpsNgrP: null }) })],
        customers: [
          customer(1, {
            registeredAt: '2026-01-05T10:00:00Z',
            activity: [act('a', '2026-01-10', { deposits: '10', depositCount: 1 })],
          }),
        ],
      })
    )
    ledger.sync()
    ledger.close('2026-01')
    ledger.state.customers[0].activity[0] = act('a', '2026-01-10', { deposits: '10', depositCount: 3 })
    ledger.sync()
    assert.deepEqual(ledger.summary('2026-02'), { 'correction:2026-02:deposit_cpa:1:a': ['2.00', 'pending'] })
    ledger.state.customers[0].fraud = { markedAt: '2026-02-15T00:00:00Z', earnedBefore: ['cpa:1', 'deposit_cpa:1:a'] }
    ledger.sync()
    assert.deepEqual(ledger.summary('2026-02'), {
      'clawback:cpa:1': ['-10.00', 'pending'],
      'clawback:deposit_cpa:1:a': ['-1.00', 'pending'],
      'correction:2026-02:deposit_cpa:1:a': ['2.00', 'denied'],
    })
  })

  test('§12 a rate arriving after the fraud mark prices nothing for that customer', ({ assert }) => {
    const table: Record<string, string> = {}
    const ledger = new MemoryLedger(
      input({
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '10' }) })],
        rates: rates(table),
        customers: [
          customer(1, { activity: [act('a', '2026-01-10', { currency: 'BRL', bets: '500' })] }),
          customer(2, { activity: [act('b', '2026-02-10', { currency: 'BRL', bets: '500' })] }),
        ],
      })
    )
    ledger.sync()
    ledger.close('2026-01')
    for (const entry of ledger.state.customers) entry.fraud = { markedAt: '2026-02-15T00:00:00Z', earnedBefore: [] }
    ledger.sync()
    table['BRLEUR:2026-01-10'] = '0.2'
    table['BRLEUR:2026-02-10'] = '0.2'
    ledger.sync()
    assert.deepEqual(ledger.summary(), {
      'revshare:1:100:2026-01': [null, 'pending_fx'],
      'revshare:2:100:2026-02': [null, 'denied'],
    })
  })

  test('§12 a clawback uses the row’s final amount (whole-mode tiers), and a fraud mark after the close leaves the true-up alone', ({
    assert,
  }) => {
    const ledger = new MemoryLedger(
      input({
        campaigns: [
          campaign({
            plan: plan({
              goal: 'leads',
              cpaPayout: '10',
              rangeRules: { mode: 'whole', ranges: [{ from: 2, payout: '25' }] },
            }),
          }),
        ],
        customers: [
          customer(1, { registeredAt: '2026-01-03T00:00:00Z' }),
          customer(2, { registeredAt: '2026-01-04T00:00:00Z' }),
        ],
      })
    )
    ledger.sync()
    ledger.close('2026-01')
    // Paid 10 + 25, true-up 15: each event's final amount is 25.
    assert.deepEqual(ledger.summary('2026-01'), {
      'cpa:1': ['10.00', 'pending'],
      'cpa:2': ['25.00', 'pending'],
      'tier_trueup:100:10:2026-01': ['15.00', 'pending'],
    })
    ledger.state.customers[0].fraud = { markedAt: '2026-02-10T00:00:00Z', earnedBefore: ['cpa:1'] }
    ledger.sync()
    assert.deepEqual(ledger.summary('2026-02'), { 'clawback:cpa:1': ['-25.00', 'pending'] })
  })

  test('§12 the whole-mode true-up leaves out events denied before the close', ({ assert }) => {
    const ledger = new MemoryLedger(
      input({
        campaigns: [
          campaign({
            plan: plan({
              goal: 'leads',
              cpaPayout: '10',
              rangeRules: { mode: 'whole', ranges: [{ from: 2, payout: '25' }] },
            }),
          }),
        ],
        customers: [
          customer(1, {
            registeredAt: '2026-01-03T00:00:00Z',
            fraud: { markedAt: '2026-01-20T00:00:00Z', earnedBefore: ['cpa:1'] },
          }),
          customer(2, { registeredAt: '2026-01-04T00:00:00Z' }),
        ],
      })
    )
    ledger.sync()
    ledger.close('2026-01')
    // Both count (the fraud came after pricing), only customer 2's row pays: true-up 25 − 25 = 0 for it, none for 1.
    assert.deepEqual(ledger.summary('2026-01'), { 'cpa:1': ['10.00', 'denied'], 'cpa:2': ['25.00', 'pending'] })
  })

  test('§9 a person’s decision outlives recomputation: a held row keeps its status while its amount follows the data', ({
    assert,
  }) => {
    const base = input({
      campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '10' }) })],
      customers: [customer(1, { activity: [act('a', '2026-01-10', { bets: '100' })] })],
    })
    const recorded = recordAll(computeRows(base).rows).map((row) => ({ ...row, status: 'hold' as const }))
    base.customers[0].activity[0] = act('a', '2026-01-10', { bets: '300' })
    const operations = diffLedger({
      desired: computeRows(base).rows,
      recorded,
      lastClosed: null,
      earliestOpen: { key: '2026-01', start: '2026-01-01' },
      fraudCustomers: [],
    })
    assert.lengthOf(operations, 1)
    assert.include((operations[0] as { row: { amount: string; status: string } }).row, {
      amount: '30.00',
      status: 'hold',
    })
  })

  test('§12 rows the diff does not own (carryover, referral) are never touched', ({ assert }) => {
    const ledger = new MemoryLedger(
      input({
        affiliates: [{ id: 100, primaryGroupId: null, negativeCarryover: false, referredBy: null }],
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '10' }) })],
        customers: [customer(1, { activity: [act('a', '2026-01-10', { bets: '-100' })] })],
      })
    )
    ledger.sync()
    ledger.close('2026-01')
    assert.deepEqual(ledger.summary('2026-01'), {
      'carryover:100:1:EUR:2026-01': ['10.00', 'pending'],
      'revshare:1:100:2026-01': ['-10.00', 'pending'],
    })
    ledger.state.customers = []
    ledger.sync()
    // The customer's RevShare is reversed by a correction; the carryover row of the closed period stays.
    assert.deepEqual(ledger.summary(), {
      'carryover:100:1:EUR:2026-01': ['10.00', 'pending'],
      'correction:2026-02:revshare:1:100:2026-01': ['10.00', 'pending'],
      'revshare:1:100:2026-01': ['-10.00', 'pending'],
    })
  })
})
