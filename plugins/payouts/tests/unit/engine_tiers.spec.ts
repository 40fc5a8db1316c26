import { test } from '@japa/runner'
import { computeRows, type RangeRules } from '../../src/engine/index.js'
import { act, amounts, campaign, customer, input, plan } from './engine_fixtures.js'

const ranges = (mode: RangeRules['mode']): RangeRules => ({
  mode,
  ranges: [
    { from: 3, payout: '20' },
    { from: 5, payout: '30' },
  ],
})
/** Six leads of affiliate 100 on Jan 3rd … 8th (registration order differs from id order on purpose). */
const sixLeads = () => [6, 5, 4, 3, 2, 1].map((id) => customer(id, { registeredAt: `2026-01-0${id + 2}T10:00:00Z` }))

test.group('commission engine: range rules (§8)', () => {
  test('§8 marginal (the default for CPA): the k-th event pays the tier reached at k; below the first range, the plan’s value', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ goal: 'leads', cpaPayout: '10', rangeRules: ranges('marginal') }) })],
        customers: sixLeads(),
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => [row.key, row.amount, row.explanation.tier?.count]),
      [
        ['cpa:1', '10.00', 1],
        ['cpa:2', '10.00', 2],
        ['cpa:3', '20.00', 3],
        ['cpa:4', '20.00', 4],
        ['cpa:5', '30.00', 5],
        ['cpa:6', '30.00', 6],
      ]
    )
  })

  test('§8 the order of events is their date (then customer), never their arrival', ({ assert }) => {
    const forward = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ goal: 'leads', cpaPayout: '10', rangeRules: ranges('marginal') }) })],
        customers: sixLeads(),
      })
    )
    const backward = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ goal: 'leads', cpaPayout: '10', rangeRules: ranges('marginal') }) })],
        customers: sixLeads().reverse(),
      })
    )
    assert.deepEqual(backward.rows, forward.rows)
  })

  test('§8 whole mode: before close CPA rows pay the tier reached so far; the close trues them up with one correction per affiliate × campaign', ({
    assert,
  }) => {
    const open = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ goal: 'leads', cpaPayout: '10', rangeRules: ranges('whole') }) })],
        customers: sixLeads(),
      })
    ).rows
    assert.deepEqual(Object.values(amounts(open)), ['10.00', '10.00', '20.00', '20.00', '30.00', '30.00'])
    const closing = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ goal: 'leads', cpaPayout: '10', rangeRules: ranges('whole') }) })],
        customers: sixLeads(),
        finalThrough: '2026-01',
      })
    ).rows
    // Six events reach the 30 tier: Σ (30 − paid) = 20 + 20 + 10 + 10 + 0 + 0 = 60.
    assert.deepEqual(amounts(closing), {
      'cpa:1': '10.00',
      'cpa:2': '10.00',
      'cpa:3': '20.00',
      'cpa:4': '20.00',
      'cpa:5': '30.00',
      'cpa:6': '30.00',
      'tier_trueup:100:10:2026-01': '60.00',
    })
    const trueUp = closing.find((row) => row.type === 'correction')!
    assert.deepEqual(trueUp.explanation.corrects, { key: 'tier:100:10:2026-01', type: 'cpa', period: '2026-01' })
    assert.isTrue(closing.filter((row) => row.type === 'cpa').every((row) => row.finalAmount === '30.00'))
  })

  test('§8 counts are per affiliate, per campaign, per period of the event’s own date', ({ assert }) => {
    const rules: RangeRules = { mode: 'marginal', ranges: [{ from: 2, payout: '15' }] }
    const rows = computeRows(
      input({
        campaigns: [
          campaign({ plan: plan({ goal: 'leads', cpaPayout: '10', rangeRules: rules }) }),
          campaign({ id: 11, plan: plan({ goal: 'leads', cpaPayout: '10', rangeRules: rules }) }),
        ],
        customers: [
          customer(1, { registeredAt: '2026-01-03T00:00:00Z' }),
          customer(2, { registeredAt: '2026-01-04T00:00:00Z' }), // 2nd of (100, 10, Jan)
          customer(3, { registeredAt: '2026-01-05T00:00:00Z', affiliateId: 200 }), // 1st of (200, 10, Jan)
          customer(4, { registeredAt: '2026-01-06T00:00:00Z', campaignId: 11 }), // 1st of (100, 11, Jan)
          customer(5, { registeredAt: '2026-02-01T00:00:00Z' }), // 1st of (100, 10, Feb)
        ],
      })
    ).rows
    assert.deepEqual(amounts(rows), {
      'cpa:1': '10.00',
      'cpa:2': '15.00',
      'cpa:3': '10.00',
      'cpa:4': '10.00',
      'cpa:5': '10.00',
    })
  })

  test('§8 cps: the tier of the period’s FTD count replaces cpsNgrP for the whole period’s RevShare', ({ assert }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({
            plan: plan({
              model: 'cps',
              goal: null,
              cpsNgrP: '25',
              rangeRules: { mode: 'marginal', ranges: [{ from: 2, payout: '40' }] },
            }),
          }),
        ],
        customers: [
          customer(1, {
            ftdActivityId: 'f1',
            activity: [
              act('f1', '2026-01-03', { deposits: '10', depositCount: 1, bets: '100' }),
              act('x', '2026-02-03', { bets: '100' }),
            ],
          }),
          customer(2, {
            ftdActivityId: 'f2',
            activity: [act('f2', '2026-01-20', { deposits: '10', depositCount: 1, bets: '50' })],
          }),
        ],
      })
    ).rows
    // January has 2 FTDs → 40 % for both customers (even the one before the 2nd FTD); February none → 25 %.
    assert.deepEqual(amounts(rows), {
      'revshare:1:100:2026-01': '40.00',
      'revshare:1:100:2026-02': '25.00',
      'revshare:2:100:2026-01': '20.00',
    })
    assert.deepEqual(rows[0].explanation.tier, { mode: 'whole', count: 2, from: 2, payout: '40' })
    assert.deepEqual(rows[0].explanation.fields!.cpsNgrP, { value: '40', source: 'tier' })
  })

  test('§8 cumulative_deposit: the tier counts cumulative-deposit events and replaces cpaCdP', ({ assert }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({
            plan: plan({
              model: 'cumulative_deposit',
              goal: null,
              cpaCdP: '25',
              cumulativeDeposit: '100',
              numberOfDays: 30,
              rangeRules: { mode: 'marginal', ranges: [{ from: 2, payout: '35' }] },
            }),
          }),
        ],
        customers: [1, 2].map((id) =>
          customer(id, { activity: [act(`a${id}`, `2026-01-1${id}`, { deposits: '100', depositCount: 1 })] })
        ),
      })
    ).rows
    assert.deepEqual(amounts(rows), { 'cumulative_deposit:1': '25.00', 'cumulative_deposit:2': '35.00' })
  })

  test('§12 tier counts count events that earned (not denied, not outside coverage); a denial after pricing does not re-rank', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({
            plan: plan({
              goal: 'leads',
              cpaPayout: '10',
              coverageCountries: ['BR'],
              defaultPayout: '1',
              rangeRules: { mode: 'marginal', ranges: [{ from: 2, payout: '20' }] },
            }),
          }),
        ],
        customers: [
          customer(1, { registeredAt: '2026-01-03T00:00:00Z' }), // counted 1st → 10
          customer(2, { registeredAt: '2026-01-04T00:00:00Z', country: 'TR' }), // outside coverage: defaultPayout, not counted
          customer(3, { registeredAt: '2026-01-05T00:00:00Z', capDenials: [{ variable: 'leads' }] }), // denied by a cap: not counted
          customer(4, {
            registeredAt: '2026-01-06T00:00:00Z',
            fraud: { markedAt: '2026-01-20T00:00:00Z', earnedBefore: ['cpa:4'] },
          }), // priced, then denied: counted 2nd
          customer(5, {
            registeredAt: '2026-01-07T00:00:00Z',
            fraud: { markedAt: '2026-01-06T00:00:00Z', earnedBefore: [] },
          }), // created denied: not counted
          customer(6, { registeredAt: '2026-01-08T00:00:00Z' }), // counted 3rd → 20
        ],
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => [row.key, row.amount, row.status, row.counted ?? null]),
      [
        ['cpa:1', '10.00', 'pending', true],
        ['cpa:2', '1.00', 'pending', null],
        ['cpa:3', '20.00', 'denied', false], // keeps the amount it would have had (the next tier)
        ['cpa:4', '20.00', 'denied', true],
        ['cpa:5', '20.00', 'denied', false],
        ['cpa:6', '20.00', 'pending', true],
      ]
    )
  })
})
