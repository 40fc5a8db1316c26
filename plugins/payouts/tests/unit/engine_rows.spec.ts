import { test } from '@japa/runner'
import { computeRows, type DesiredRow } from '../../src/engine/index.js'
import { act, amounts, campaign, customer, input, plan, rates } from './engine_fixtures.js'

const byKey = (rows: DesiredRow[], key: string) => {
  const row = rows.find((candidate) => candidate.key === key)
  if (!row) throw new Error(`no row ${key} in ${rows.map((r) => r.key).join(', ')}`)
  return row
}

test.group('commission engine: players, activity, currency (§2, §3, §5)', () => {
  test('§2 an organic player is stored and earns nothing', ({ assert }) => {
    const out = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ model: 'hybrid', goal: 'leads', cpaPayout: '5', cpsNgrP: '30' }) })],
        customers: [
          customer(1, { campaignId: null, affiliateId: null, activity: [act('a', '2026-01-03', { bets: '100' })] }),
        ],
      })
    )
    assert.deepEqual(out.rows, [])
    assert.deepEqual(out.ngr, [])
  })

  test('§2 reassignment: activity dated on or after the effective date earns for the new affiliate under its own plan', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({
            plan: plan({ model: 'hybrid', goal: 'leads', cpaPayout: '5', cpaDP: '1', cpsNgrP: '20' }),
            affiliatePayouts: { 200: { cpsNgrP: '40', cpaDP: '3' } },
          }),
        ],
        customers: [
          customer(1, {
            reassignments: [{ affiliateId: 200, effectiveDate: '2026-01-15' }],
            activity: [
              act('a', '2026-01-10', { bets: '100', deposits: '10', depositCount: 1 }),
              act('b', '2026-01-15', { bets: '50', deposits: '5', depositCount: 1 }),
            ],
          }),
        ],
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => [row.key, row.affiliateId, row.amount]),
      [
        ['cpa:1', 100, '5.00'], // registration-day event stays with the first affiliate
        ['deposit_cpa:1:a', 100, '1.00'],
        ['deposit_cpa:1:b', 200, '3.00'], // 200's own cpaDP
        ['revshare:1:100:2026-01', 100, '20.00'], // 20 % × 100
        ['revshare:1:200:2026-01', 200, '20.00'], // 40 % × 50
      ]
    )
  })

  test('§3 the FTD is the row the customers plugin fixed: an earlier-dated deposit arriving late does not move it', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsFtdP: '10' }) })],
        customers: [
          customer(1, {
            ftdActivityId: 'f',
            activity: [
              act('late', '2026-01-03', { deposits: '50', depositCount: 1 }),
              act('f', '2026-01-05', { deposits: '100', depositCount: 1, ftdAmount: '80' }),
            ],
          }),
        ],
      })
    ).rows
    // cpsFtdP 10 % × the FTD amount 80 (ftd_amount of row f), not the earlier 50.
    assert.equal(byKey(rows, 'revshare:1:100:2026-01').amount, '8.00')
    assert.equal(byKey(rows, 'revshare:1:100:2026-01').explanation.basis!.ftdAmount, '80')
  })

  test('§3 the FTD amount is ftd_amount, else the row’s deposits, and follows corrections of that row; absent amounts are 0', ({
    assert,
  }) => {
    const run = (deposits: string) =>
      computeRows(
        input({
          campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsFtdP: '10' }) })],
          customers: [
            customer(1, { ftdActivityId: 'f', activity: [act('f', '2026-01-05', { deposits, depositCount: 1 })] }),
          ],
        })
      ).rows
    assert.equal(run('100')[0].amount, '10.00')
    assert.equal(run('120')[0].amount, '12.00') // the same row corrected: the FTD amount follows
  })

  test('§5 activity is converted at the rate of that exact date and direction; every row records the rates it used', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '50' }) })],
        rates: rates({
          'BRLEUR:2026-01-04': '0.2',
          'EURBRL:2026-01-04': '5.1',
          'USDEUR:2026-01-06': '0.9',
          'USDEUR:2026-01-07': '0.5',
        }),
        customers: [
          customer(1, {
            activity: [
              act('a', '2026-01-04', { currency: 'BRL', bets: '100' }),
              act('b', '2026-01-06', { currency: 'USD', bets: '10' }),
              act('c', '2026-01-08', { bets: '1' }),
            ],
          }),
        ],
      })
    ).rows
    // 100 × 0.2 + 10 × 0.9 + 1 = 30 → 50 % = 15.00
    assert.equal(rows[0].amount, '15.00')
    assert.deepEqual(rows[0].explanation.fx, [
      { from: 'BRL', to: 'EUR', date: '2026-01-04', rate: '0.2' },
      { from: 'USD', to: 'EUR', date: '2026-01-06', rate: '0.9' },
    ])
  })

  test('§5 without a rate the commission waits as pending_fx, without an amount, and is priced once the rate is there', ({
    assert,
  }) => {
    const make = (table: Record<string, string>) =>
      computeRows(
        input({
          campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '50' }) })],
          rates: rates(table),
          customers: [
            customer(1, {
              activity: [
                act('a', '2026-01-04', { currency: 'BRL', bets: '100' }),
                act('b', '2026-01-05', { bets: '10' }),
              ],
            }),
          ],
        })
      )
    const waiting = make({})
    assert.include(waiting.rows[0], { key: 'revshare:1:100:2026-01', amount: null, status: 'pending_fx' })
    assert.deepEqual(waiting.rows[0].explanation.fx, [{ from: 'BRL', to: 'EUR', date: '2026-01-04', rate: null }])
    assert.deepEqual(waiting.ngr, [{ customerId: 1, affiliateId: 100, currency: 'EUR', period: '2026-01', ngr: null }])
    const priced = make({ 'BRLEUR:2026-01-04': '0.25' })
    assert.include(priced.rows[0], { amount: '17.50', status: 'pending' }) // (25 + 10) × 50 %
  })
})

test.group('commission engine: plans and coverage (§6)', () => {
  test('§6 outside the coverage countries only the goal CPA is earned, at defaultPayout (nothing when empty)', ({
    assert,
  }) => {
    const covered = plan({
      model: 'hybrid',
      goal: 'ftd',
      cpaPayout: '50',
      cpaRegP: '2',
      cpaDP: '1',
      cpsNgrP: '25',
      coverageCountries: ['BR'],
      defaultPayout: '7.5',
    })
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: covered }), campaign({ id: 11, plan: { ...covered, defaultPayout: null } })],
        customers: [
          customer(1, {
            country: 'TR',
            ftdActivityId: 'f',
            activity: [act('f', '2026-01-05', { deposits: '100', depositCount: 1, bets: '100' })],
          }),
          customer(2, {
            country: 'TR',
            campaignId: 11,
            ftdActivityId: 'g',
            activity: [act('g', '2026-01-05', { deposits: '100', depositCount: 1, bets: '100' })],
          }),
          customer(3, {
            country: 'BR',
            ftdActivityId: 'h',
            activity: [act('h', '2026-01-05', { deposits: '100', depositCount: 1, bets: '100' })],
          }),
        ],
      })
    ).rows
    assert.deepEqual(amounts(rows), {
      'cpa:1': '7.50',
      'cpa:3': '50.00',
      'deposit_cpa:3:h': '1.00',
      'registration:3': '2.00',
      'revshare:3:100:2026-01': '25.00',
    })
    assert.deepEqual(byKey(rows, 'cpa:1').explanation.notes, ['outside_coverage'])
    assert.equal(byKey(rows, 'cpa:1').counted, undefined) // outside coverage: not a tier event
  })

  test('§6 amounts carry up to 4 decimals (a click can pay less than a cent) and rows record the plan version', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ version: 9, model: 'cpc', goal: null, cpaPayout: '0.0040' }) })],
        clicks: [{ affiliateId: 100, campaignId: 10, date: '2026-01-03', count: 250 }],
      })
    ).rows
    assert.include(rows[0], { key: 'cpc:100:10:2026-01-03', amount: '1.00' })
    assert.equal(rows[0].explanation.planVersion, 9)
    assert.equal(rows[0].explanation.clicks, 250)
  })

  test('§6 overrides apply per affiliate: its payout on the campaign, else its primary group’s', ({ assert }) => {
    const rows = computeRows(
      input({
        affiliates: [
          { id: 100, primaryGroupId: 7, negativeCarryover: false, referredBy: null },
          { id: 200, primaryGroupId: 7, negativeCarryover: false, referredBy: null },
        ],
        campaigns: [
          campaign({
            plan: plan({ goal: 'leads', cpaPayout: '10', cpaRegP: '1' }),
            affiliatePayouts: { 200: { cpaPayout: '30', cpaRegP: null } },
            groupPayouts: { 7: { cpaPayout: '20', cpaRegP: '1.5' } },
          }),
        ],
        customers: [customer(1), customer(2, { affiliateId: 200 })],
      })
    ).rows
    assert.deepEqual(amounts(rows), {
      'cpa:1': '20.00',
      'cpa:2': '30.00',
      'registration:1': '1.50',
      'registration:2': '1.50',
    })
    assert.deepEqual(byKey(rows, 'cpa:2').explanation.fields, { cpaPayout: { value: '30', source: 'affiliate' } })
  })
})

test.group('commission engine: what earns (§7, §12)', () => {
  test('§7 registration: cpaRegP once, at registration', ({ assert }) => {
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ goal: 'ftd', cpaPayout: '50', cpaRegP: '2.5' }) })],
        customers: [
          customer(1, { registeredAt: '2026-01-09T08:00:00Z', activity: [act('a', '2026-01-10', { bets: '5' })] }),
        ],
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => [row.key, row.date, row.amount]),
      [['registration:1', '2026-01-09', '2.50']]
    )
  })

  test('§7 goal ftd: cpaFtdP (else cpaPayout) once the customer has its FTD, QFTD reached and every rule holding', ({
    assert,
  }) => {
    const goalPlan = plan({
      goal: 'ftd',
      cpaPayout: '40',
      cpaFtdP: '55',
      qftd: { minDeposit: '100', daysSinceRegistration: 3 },
      rules: [{ variable: 'd', operator: 'gte', value: '2', numberOfDays: 10 }],
    })
    const out = computeRows(
      input({
        campaigns: [campaign({ plan: goalPlan }), campaign({ id: 11, plan: { ...goalPlan, cpaFtdP: null } })],
        customers: [
          // Registered Jan 2nd: 60 + 40 deposited by Jan 5th (3 days, day 3 included), 2 deposits → qualifies Jan 5th.
          customer(1, {
            ftdActivityId: 'f',
            activity: [
              act('f', '2026-01-03', { deposits: '60', depositCount: 1 }),
              act('g', '2026-01-05', { deposits: '40', depositCount: 1 }),
            ],
          }),
          // The second deposit on Jan 6th is outside the QFTD window: never qualifies.
          customer(2, {
            ftdActivityId: 'f2',
            activity: [
              act('f2', '2026-01-03', { deposits: '60', depositCount: 1 }),
              act('g2', '2026-01-06', { deposits: '40', depositCount: 1 }),
            ],
          }),
          // No cpaFtdP on campaign 11: cpaPayout.
          customer(3, {
            campaignId: 11,
            ftdActivityId: 'f3',
            activity: [act('f3', '2026-01-02', { deposits: '100', depositCount: 2 })],
          }),
        ],
      })
    )
    assert.deepEqual(amounts(out.rows), { 'cpa:1': '55.00', 'cpa:3': '40.00' })
    const row = byKey(out.rows, 'cpa:1')
    assert.equal(row.date, '2026-01-05')
    assert.deepEqual(row.explanation.conditions, [
      { name: 'qftd', variable: 'deposits', operator: 'gte', threshold: '100', value: '100', numberOfDays: 3 },
      { name: 'rule:0', variable: 'd', operator: 'gte', threshold: '2', value: '2', numberOfDays: 10 },
    ])
    assert.deepEqual(out.qualifications, [
      { customerId: 1, kind: 'cpa', date: '2026-01-05' },
      { customerId: 3, kind: 'cpa', date: '2026-01-02' },
    ])
  })

  test('§7 goal leads pays cpaPayout at registration; goal d pays cpaPayout × deposit_count per row with deposits', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({ plan: plan({ goal: 'leads', cpaPayout: '4' }) }),
          campaign({
            id: 11,
            plan: plan({
              goal: 'd',
              cpaPayout: '2.5',
              rangeRules: { mode: 'marginal', ranges: [{ from: 1, payout: '99' }] },
            }),
          }),
        ],
        customers: [
          customer(1),
          customer(2, {
            campaignId: 11,
            activity: [
              act('a', '2026-01-03', { deposits: '30', depositCount: 3 }),
              act('b', '2026-01-04', { bets: '5' }),
              act('c', '2026-01-05', { deposits: '5', depositCount: 1 }),
            ],
          }),
        ],
      })
    ).rows
    // Goal d is not tiered: 2.5 × 3 and 2.5 × 1, never the range's 99.
    assert.deepEqual(amounts(rows), { 'cpa:1': '4.00', 'cpa:2:a': '7.50', 'cpa:2:c': '2.50' })
  })

  test('§7 goal c_deposit pays cpaCdP (else cpaPayout) when deposits within numberOfDays reach cumulativeDeposit', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({
            plan: plan({ goal: 'c_deposit', cpaPayout: '10', cpaCdP: '35', cumulativeDeposit: '200', numberOfDays: 7 }),
          }),
        ],
        customers: [
          customer(1, {
            activity: [act('a', '2026-01-03', { deposits: '150' }), act('b', '2026-01-09', { deposits: '50' })],
          }), // Jan 9 = day 7
          customer(2, {
            activity: [act('c', '2026-01-03', { deposits: '150' }), act('d', '2026-01-10', { deposits: '50' })],
          }), // day 8: too late
        ],
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => [row.key, row.date, row.amount]),
      [['cpa:1', '2026-01-09', '35.00']]
    )
  })

  test('§7 goal ngr pays cpaPayout when every rule holds (no FTD needed); with no rules, on the first activity', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({
            plan: plan({
              goal: 'ngr',
              cpaPayout: '12',
              rules: [{ variable: 'ngr', operator: 'gte', value: '100', numberOfDays: 30 }],
            }),
          }),
          campaign({ id: 11, plan: plan({ goal: 'ngr', cpaPayout: '8' }) }),
        ],
        customers: [
          customer(1, {
            activity: [act('a', '2026-01-03', { bets: '60' }), act('b', '2026-01-04', { bets: '50', wins: '10' })],
          }),
          customer(2, {
            campaignId: 11,
            activity: [act('c', '2026-01-07', { withdrawals: '5' }), act('d', '2026-01-08', { bets: '5' })],
          }),
        ],
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => [row.key, row.date, row.amount]),
      [
        ['cpa:1', '2026-01-04', '12.00'], // NGR 60, then 100 on Jan 4th
        ['cpa:2', '2026-01-07', '8.00'],
      ]
    )
  })

  test('§7 rules: ftd, c_deposit, d, ngr and leads with gt, gte, lt, lte, eq over activity within their days', ({
    assert,
  }) => {
    const rules = [
      { variable: 'ftd' as const, operator: 'gt' as const, value: '20', numberOfDays: null },
      { variable: 'c_deposit' as const, operator: 'lt' as const, value: '50', numberOfDays: 5 },
      { variable: 'd' as const, operator: 'eq' as const, value: '2', numberOfDays: 5 },
      { variable: 'ngr' as const, operator: 'lte' as const, value: '0', numberOfDays: 5 },
      { variable: 'leads' as const, operator: 'eq' as const, value: '1', numberOfDays: null },
    ]
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ goal: 'ftd', cpaPayout: '30', rules }) })],
        customers: [
          customer(1, {
            registeredAt: '2026-01-01T10:00:00Z',
            ftdActivityId: 'f',
            activity: [
              act('f', '2026-01-02', { deposits: '30', depositCount: 1 }),
              act('g', '2026-01-03', { deposits: '10', depositCount: 1 }),
              act('h', '2026-01-04', { deposits: '100', depositCount: 1 }), // would break c_deposit and d, but it qualified on Jan 3rd
            ],
          }),
        ],
      })
    ).rows
    assert.equal(byKey(rows, 'cpa:1').date, '2026-01-03')
    assert.deepEqual(
      byKey(rows, 'cpa:1').explanation.conditions!.map((condition) => condition.value),
      ['30', '40', '2', '0', '1']
    )
  })

  test('§7 qualification is on the first date all conditions hold, and once qualified never un-qualified', ({
    assert,
  }) => {
    const base = input({
      campaigns: [
        campaign({
          plan: plan({
            goal: 'c_deposit',
            cpaPayout: '10',
            cpaCdP: '35',
            cumulativeDeposit: '200',
            numberOfDays: null,
          }),
        }),
      ],
    })
    // The deposits were corrected down after the ledger recorded the qualification on Jan 5th.
    const rows = computeRows({
      ...base,
      customers: [
        customer(1, { qualified: { cpa: '2026-01-05' }, activity: [act('a', '2026-01-05', { deposits: '20' })] }),
      ],
    })
    assert.deepEqual(
      rows.rows.map((row) => [row.key, row.date, row.amount, row.explanation.notes]),
      [['cpa:1', '2026-01-05', '35.00', ['qualification_recorded']]]
    )
    assert.deepEqual(rows.qualifications, []) // nothing new to record
  })

  test('§7 deposit_cpa: cpaDP × deposit_count per activity row with deposits', ({ assert }) => {
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ goal: 'leads', cpaPayout: '1', cpaDP: '0.75' }) })],
        customers: [
          customer(1, {
            activity: [
              act('a', '2026-01-03', { deposits: '50', depositCount: 2 }),
              act('b', '2026-01-04', { bets: '10' }),
            ],
          }),
        ],
      })
    ).rows
    assert.deepEqual(amounts(rows, 'deposit_cpa'), { 'deposit_cpa:1:a': '1.50' })
  })

  test('§7 cumulative_deposit: cpaCdP once, when deposits within numberOfDays reach cumulativeDeposit', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({
            plan: plan({
              model: 'cumulative_deposit',
              goal: null,
              cpaCdP: '25',
              cumulativeDeposit: '100',
              numberOfDays: 2,
            }),
          }),
        ],
        customers: [
          customer(1, {
            activity: [
              act('a', '2026-01-02', { deposits: '60' }),
              act('b', '2026-01-04', { deposits: '60' }),
              act('c', '2026-01-05', { deposits: '60' }),
            ],
          }),
          customer(2, {
            activity: [act('d', '2026-01-02', { deposits: '60' }), act('e', '2026-01-05', { deposits: '60' })],
          }),
        ],
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => [row.key, row.type, row.date, row.amount]),
      [['cumulative_deposit:1', 'cumulative_deposit', '2026-01-04', '25.00']]
    )
  })

  test('§7 cpc: cpaPayout × clicks, one row per affiliate × campaign × day', ({ assert }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({
            plan: plan({ model: 'cpc', goal: null, cpaPayout: '0.15' }),
            affiliatePayouts: { 200: { cpaPayout: '0.2' } },
          }),
        ],
        clicks: [
          { affiliateId: 100, campaignId: 10, date: '2026-01-03', count: 10 },
          { affiliateId: 100, campaignId: 10, date: '2026-01-03', count: 3 },
          { affiliateId: 200, campaignId: 10, date: '2026-01-03', count: 7 },
          { affiliateId: 100, campaignId: 10, date: '2026-01-04', count: 1 },
        ],
      })
    ).rows
    assert.deepEqual(amounts(rows), {
      'cpc:100:10:2026-01-03': '1.95',
      'cpc:100:10:2026-01-04': '0.15',
      'cpc:200:10:2026-01-03': '1.40',
    })
  })

  test('§7 revshare: cpsNgrP % × NGR + cpsDP % × deposits + cpsFtdP % × FTD amount, per customer × period, may be negative', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '30', cpsDP: '2', cpsFtdP: '5' }) })],
        customers: [
          customer(1, {
            ftdActivityId: 'f',
            activity: [
              act('f', '2026-01-03', { deposits: '100', depositCount: 1, bets: '400', wins: '150', bonuses: '20' }),
              act('g', '2026-02-03', { bets: '100', wins: '300' }),
            ],
          }),
        ],
      })
    ).rows
    // January: 30 % × 230 + 2 % × 100 + 5 % × 100 = 69 + 2 + 5 = 76.00; February: 30 % × −200 = −60.00.
    assert.deepEqual(amounts(rows), { 'revshare:1:100:2026-01': '76.00', 'revshare:1:100:2026-02': '-60.00' })
    assert.equal(
      byKey(rows, 'revshare:1:100:2026-01').explanation.computation,
      '30 % × 230 + 2 % × 100 + 5 % × 100 = 76 → 76.00'
    )
  })

  test('§7 hybrid earns its CPA fields and its CPS fields', ({ assert }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({
            plan: plan({ model: 'hybrid', goal: 'ftd', cpaPayout: '50', cpaRegP: '1', cpaDP: '0.5', cpsNgrP: '20' }),
          }),
        ],
        customers: [
          customer(1, {
            ftdActivityId: 'f',
            activity: [act('f', '2026-01-03', { deposits: '100', depositCount: 1, bets: '100', wins: '50' })],
          }),
        ],
      })
    ).rows
    assert.deepEqual(amounts(rows), {
      'cpa:1': '50.00',
      'deposit_cpa:1:f': '0.50',
      'registration:1': '1.00',
      'revshare:1:100:2026-01': '10.00',
    })
  })

  test('§12 who earns the goal cpa row: models cpa and hybrid only', ({ assert }) => {
    const activity = [act('f', '2026-01-03', { deposits: '100', depositCount: 1, bets: '100' })]
    const rows = computeRows(
      input({
        campaigns: [
          campaign({
            plan: plan({
              model: 'cumulative_deposit',
              goal: 'ftd',
              cpaCdP: '25',
              cumulativeDeposit: '50',
              numberOfDays: 10,
            }),
          }),
          campaign({ id: 11, plan: plan({ model: 'cps', goal: 'ftd', cpsNgrP: '10' }) }),
          campaign({ id: 12, plan: plan({ model: 'cpc', goal: 'ftd', cpaPayout: '1' }) }),
        ],
        customers: [
          customer(1, { ftdActivityId: 'f', activity }),
          customer(2, { campaignId: 11, ftdActivityId: 'f', activity }),
          customer(3, { campaignId: 12, ftdActivityId: 'f', activity }),
        ],
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => row.type),
      ['cumulative_deposit', 'revshare']
    )
  })

  test('§12 outside coverage goal d pays defaultPayout × deposit_count; CPC pays whatever the click’s country', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({ plan: plan({ goal: 'd', cpaPayout: '3', defaultPayout: '0.5', coverageCountries: ['PT'] }) }),
          campaign({ id: 11, plan: plan({ model: 'cpc', goal: null, cpaPayout: '0.1', coverageCountries: ['PT'] }) }),
        ],
        customers: [
          customer(1, { country: 'BR', activity: [act('a', '2026-01-03', { deposits: '10', depositCount: 3 })] }),
        ],
        clicks: [{ affiliateId: 100, campaignId: 11, date: '2026-01-03', count: 10 }],
      })
    ).rows
    assert.deepEqual(amounts(rows), { 'cpa:1:a': '1.50', 'cpc:100:11:2026-01-03': '1.00' })
  })

  test('§12 conditions by goal: QFTD applies to goal ftd only; rules to goals ftd and ngr', ({ assert }) => {
    const strict = {
      qftd: { minDeposit: '1000', daysSinceRegistration: 1 },
      rules: [{ variable: 'd' as const, operator: 'gte' as const, value: '50', numberOfDays: null }],
    }
    const rows = computeRows(
      input({
        campaigns: [
          campaign({ plan: plan({ goal: 'leads', cpaPayout: '4', ...strict }) }),
          campaign({
            id: 11,
            plan: plan({ goal: 'c_deposit', cpaPayout: '9', cumulativeDeposit: '10', numberOfDays: null, ...strict }),
          }),
          campaign({ id: 12, plan: plan({ goal: 'ngr', cpaPayout: '7', qftd: strict.qftd }) }),
          campaign({ id: 13, plan: plan({ goal: 'ftd', cpaPayout: '6', ...strict }) }),
        ],
        customers: [10, 11, 12, 13].map((campaignId) =>
          customer(campaignId, {
            campaignId,
            ftdActivityId: 'f',
            activity: [act('f', '2026-01-05', { deposits: '10', depositCount: 1, bets: '1' })],
          })
        ),
      })
    ).rows
    // leads, c_deposit and ngr ignore QFTD (and leads, c_deposit the rules); ftd needs both: no row for 13.
    assert.deepEqual(amounts(rows), { 'cpa:10': '4.00', 'cpa:11': '9.00', 'cpa:12': '7.00' })
  })

  test('§12 an ngr rule is evaluated with the formula version current when it is checked', ({ assert }) => {
    const rows = computeRows(
      input({
        organization: {
          timeZone: 'UTC',
          period: { kind: 'monthly', weekStart: 1 },
          periods: { firstPeriod: '2026-01', lastClosed: '2026-01' },
        },
        brands: [
          {
            id: 1,
            formula: { version: 2, ggr: null, ngr: 'ggr * 2' },
            formulaVersions: [{ version: 1, ggr: null, ngr: null }],
            closedPeriodFormulas: { '2026-01': 1 },
          },
        ],
        campaigns: [
          campaign({
            plan: plan({
              goal: 'ngr',
              cpaPayout: '15',
              rules: [{ variable: 'ngr', operator: 'gte', value: '150', numberOfDays: null }],
            }),
          }),
        ],
        customers: [customer(1, { activity: [act('a', '2026-01-10', { bets: '100' })] })],
      })
    ).rows
    // Version 1 (January's) gives NGR 100 < 150; the current version 2 gives 200.
    assert.deepEqual(
      rows.map((row) => [row.key, row.explanation.conditions?.[0].value]),
      [['cpa:1', '200']]
    )
  })

  test('§12 referral ngr basis: every attributed non-fraud customer, any plan, covered or not; waiting customers count as unknown', ({
    assert,
  }) => {
    const out = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ goal: 'leads', cpaPayout: '1', coverageCountries: ['PT'] }) })],
        customers: [
          customer(1, { country: 'BR', activity: [act('a', '2026-01-03', { bets: '100', wins: '40' })] }),
          customer(2, {
            fraud: { markedAt: '2026-01-09T00:00:00Z', earnedBefore: [] },
            activity: [act('b', '2026-01-03', { bets: '100' })],
          }),
          customer(3, { activity: [act('c', '2026-01-03', { currency: 'USD', bets: '100' })] }),
        ],
      })
    )
    assert.deepEqual(out.ngr, [
      { customerId: 1, affiliateId: 100, currency: 'EUR', period: '2026-01', ngr: '60.00' },
      { customerId: 3, affiliateId: 100, currency: 'EUR', period: '2026-01', ngr: null },
    ])
  })

  test('§9 conversion caps: the capped event’s row is created denied (cap reached); an ftd cap denies the goal-ftd cpa row, never RevShare', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({
            plan: plan({ model: 'hybrid', goal: 'ftd', cpaPayout: '50', cpaRegP: '2', cpaDP: '1', cpsNgrP: '10' }),
          }),
        ],
        customers: [
          customer(1, {
            ftdActivityId: 'f',
            capDenials: [{ variable: 'ftd' }, { variable: 'leads' }, { variable: 'deposits', activityId: 'g' }],
            activity: [
              act('f', '2026-01-03', { deposits: '100', depositCount: 1, bets: '100' }),
              act('g', '2026-01-04', { deposits: '10', depositCount: 1 }),
            ],
          }),
        ],
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => [row.key, row.amount, row.status, row.denyReason]),
      [
        ['cpa:1', '50.00', 'denied', 'cap_reached'],
        ['deposit_cpa:1:f', '1.00', 'pending', null],
        ['deposit_cpa:1:g', '1.00', 'denied', 'cap_reached'],
        ['registration:1', '2.00', 'denied', 'cap_reached'],
        ['revshare:1:100:2026-01', '10.00', 'pending', null],
      ]
    )
  })

  test('§9 fraud: the customer’s rows are denied (reason fraud), its later activity’s rows created denied', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        campaigns: [
          campaign({ plan: plan({ model: 'hybrid', goal: 'leads', cpaPayout: '5', cpaDP: '1', cpsNgrP: '10' }) }),
        ],
        customers: [
          customer(1, {
            fraud: { markedAt: '2026-01-05T00:00:00Z', earnedBefore: ['cpa:1'] },
            activity: [
              act('a', '2026-01-03', { deposits: '10', depositCount: 1, bets: '50' }),
              act('late', '2026-01-08', { deposits: '10', depositCount: 1 }),
            ],
          }),
        ],
      })
    ).rows
    assert.isTrue(rows.every((row) => row.status === 'denied' && row.denyReason === 'fraud'))
    assert.deepEqual(amounts(rows), {
      'cpa:1': '5.00',
      'deposit_cpa:1:a': '1.00',
      'deposit_cpa:1:late': '1.00',
      'revshare:1:100:2026-01': '5.00',
    })
  })

  test('§11 every row explains itself: type, customer, activity rows, basis, currency and rates, plan and formula versions, conditions', ({
    assert,
  }) => {
    const rows = computeRows(
      input({
        brands: [{ id: 1, formula: { version: 3, ggr: null, ngr: null } }],
        campaigns: [
          campaign({
            plan: plan({
              version: 5,
              model: 'hybrid',
              goal: 'ftd',
              cpaPayout: '50',
              cpsNgrP: '20',
              qftd: { minDeposit: '10', daysSinceRegistration: null },
            }),
          }),
        ],
        rates: rates({ 'USDEUR:2026-01-03': '0.5' }),
        customers: [
          customer(1, {
            ftdActivityId: 'f',
            activity: [act('f', '2026-01-03', { currency: 'USD', deposits: '40', depositCount: 1, bets: '100' })],
          }),
        ],
      })
    ).rows
    assert.deepEqual(byKey(rows, 'revshare:1:100:2026-01').explanation, {
      type: 'revshare',
      customerId: 1,
      currency: 'EUR',
      planVersion: 5,
      covered: true,
      activityIds: ['f'],
      basis: { ngr: '50', deposits: '20', ftdAmount: '20' },
      fx: [{ from: 'USD', to: 'EUR', date: '2026-01-03', rate: '0.5' }],
      formulaVersion: 3,
      fields: { cpsNgrP: { value: '20', source: 'campaign' } },
      computation: '20 % × 50 + 0 % × 20 + 0 % × 20 = 10 → 10.00',
    })
    assert.deepEqual(byKey(rows, 'cpa:1').explanation, {
      type: 'cpa',
      customerId: 1,
      currency: 'EUR',
      planVersion: 5,
      covered: true,
      goal: 'ftd',
      activityIds: ['f'],
      qualifiedOn: '2026-01-03',
      conditions: [
        { name: 'qftd', variable: 'deposits', operator: 'gte', threshold: '10', value: '20', numberOfDays: null },
      ],
      fields: { cpaPayout: { value: '50', source: 'campaign' } },
      computation: '50',
    })
  })
})

test.group('commission engine: periods and rates in the computation (§1, §5, §7)', () => {
  test('§1 weekly periods: RevShare per customer × week, from the organisation’s week-start day', ({ assert }) => {
    const rows = computeRows(
      input({
        organization: {
          timeZone: 'UTC',
          period: { kind: 'weekly', weekStart: 1 },
          periods: { firstPeriod: '2025-12-29', lastClosed: null },
        },
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '10' }) })],
        customers: [
          customer(1, {
            activity: [
              act('a', '2026-01-04', { bets: '10' }),
              act('b', '2026-01-05', { bets: '20' }),
              act('c', '2026-01-11', { bets: '30' }),
            ],
          }),
        ],
      })
    ).rows
    // Sunday Jan 4th closes the week of Dec 29th; Jan 5th–11th is the next week.
    assert.deepEqual(
      rows.map((row) => [row.key, row.period, row.date, row.amount]),
      [
        ['revshare:1:100:2025-12-29', '2025-12-29', '2026-01-04', '1.00'],
        ['revshare:1:100:2026-01-05', '2026-01-05', '2026-01-11', '5.00'],
      ]
    )
  })

  test('§1 a time-zone change re-dates only open periods: a recorded registration date is kept', ({ assert }) => {
    const make = (registeredOn?: string) =>
      computeRows(
        input({
          organization: {
            timeZone: 'Asia/Tokyo',
            period: { kind: 'monthly', weekStart: 1 },
            periods: { firstPeriod: '2026-01', lastClosed: '2026-01' },
          },
          campaigns: [campaign({ plan: plan({ goal: 'leads', cpaPayout: '5' }) })],
          customers: [customer(1, { registeredAt: '2026-01-31T20:00:00Z', registeredOn })],
        })
      ).rows[0]
    assert.equal(make().date, '2026-02-01') // 05:00 on Feb 1st in Tokyo
    assert.equal(make('2026-01-31').date, '2026-01-31') // its closed January date, as recorded
  })

  test('§5 a qualification that needs a missing rate waits (reported), and qualifies once the rate is there', ({
    assert,
  }) => {
    const make = (table: Record<string, string>) =>
      computeRows(
        input({
          campaigns: [
            campaign({
              plan: plan({ goal: 'ftd', cpaPayout: '30', qftd: { minDeposit: '50', daysSinceRegistration: null } }),
            }),
          ],
          rates: rates(table),
          customers: [
            customer(1, {
              ftdActivityId: 'f',
              activity: [act('f', '2026-01-03', { currency: 'BRL', deposits: '300', depositCount: 1 })],
            }),
          ],
        })
      )
    const waiting = make({})
    assert.deepEqual(waiting.rows, [])
    assert.deepEqual(waiting.waitingForRates, [
      { customerId: 1, missing: [{ from: 'BRL', to: 'EUR', date: '2026-01-03', rate: null }] },
    ])
    const priced = make({ 'BRLEUR:2026-01-03': '0.2' }) // 300 BRL = 60 EUR ≥ 50
    assert.deepEqual(
      priced.rows.map((row) => [row.key, row.amount]),
      [['cpa:1', '30.00']]
    )
  })

  test('§7 RevShare is provisional until its period is final (closed, or being closed)', ({ assert }) => {
    const make = (finalThrough: string | null) =>
      computeRows(
        input({
          campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '10' }) })],
          customers: [
            customer(1, { activity: [act('a', '2026-01-04', { bets: '10' }), act('b', '2026-02-04', { bets: '10' })] }),
          ],
          finalThrough,
        })
      ).rows.map((row) => [row.period, row.provisional ?? false])
    assert.deepEqual(make(null), [
      ['2026-01', true],
      ['2026-02', true],
    ])
    assert.deepEqual(make('2026-01'), [
      ['2026-01', false],
      ['2026-02', true],
    ])
  })
})
