import { test } from '@japa/runner'
import { closePeriod, referralChain, type CloseInput, type PeriodRow } from '../../src/engine/index.js'
import { affiliate } from './engine_fixtures.js'

let sequence = 0
const row = (
  type: PeriodRow['type'],
  affiliateId: number,
  amount: string | null,
  values: Partial<PeriodRow> = {}
): PeriodRow => ({
  key: `${type}:${++sequence}`,
  type,
  affiliateId,
  brandId: 1,
  currency: 'EUR',
  amount,
  status: 'pending',
  corrects: null,
  ...values,
})
const close = (values: Partial<CloseInput>) =>
  closePeriod({
    period: '2026-01',
    periodEnd: '2026-01-31',
    rows: [],
    affiliates: [affiliate(100, { negativeCarryover: true }), affiliate(200)],
    carryIn: [],
    referral: null,
    ngr: [],
    ...values,
  })
const summary = (rows: Array<{ key: string; amount: string | null }>) =>
  Object.fromEntries(rows.map((entry) => [entry.key, entry.amount]))

test.group('commission engine: close, negative carryover (§9)', () => {
  test('§9 carryover flag on, net < 0: a carryover row of −R brings RevShare to 0 and carry_out = net', ({
    assert,
  }) => {
    const out = close({
      rows: [
        row('revshare', 100, '-80.00'),
        row('revshare', 100, '30.00'),
        row('correction', 100, '-10.00', {
          corrects: { key: 'revshare:9:100:2025-12', type: 'revshare', period: '2025-12' },
        }),
        row('cpa', 100, '50.00'), // CPA is never netted
      ],
      carryIn: [{ affiliateId: 100, brandId: 1, currency: 'EUR', amount: '-20.00' }],
    })
    // R = −80 + 30 − 10 = −60; net = −60 − 20 = −80 < 0 → row +60, carry_out −80.
    assert.deepEqual(summary(out.rows), { 'carryover:100:1:EUR:2026-01': '60.00' })
    assert.deepEqual(out.carryOut, [{ affiliateId: 100, brandId: 1, currency: 'EUR', amount: '-80.00' }])
    assert.deepEqual(out.rows[0].explanation.carry, { r: '-60.00', carryIn: '-20.00', carryOut: '-80.00', flag: true })
  })

  test('§9 carryover flag on, net ≥ 0: a carryover row of carry_in, carry_out 0', ({ assert }) => {
    const out = close({
      rows: [row('revshare', 100, '100.00')],
      carryIn: [{ affiliateId: 100, brandId: 1, currency: 'EUR', amount: '-30.00' }],
    })
    assert.deepEqual(summary(out.rows), { 'carryover:100:1:EUR:2026-01': '-30.00' })
    assert.deepEqual(out.carryOut, [])
  })

  test('§9 carryover flag off: R < 0 is floored at 0 by a carryover row of −R; carry_out 0', ({ assert }) => {
    const negative = close({ rows: [row('revshare', 200, '-40.00')] })
    assert.deepEqual(summary(negative.rows), { 'carryover:200:1:EUR:2026-01': '40.00' })
    assert.deepEqual(negative.carryOut, [])
    assert.deepEqual(close({ rows: [row('revshare', 200, '25.00')] }).rows, [])
  })

  test('§12 carryover is kept per affiliate × brand × currency; denied and unpriced rows are left out', ({
    assert,
  }) => {
    const out = close({
      rows: [
        row('revshare', 100, '-10.00'),
        row('revshare', 100, '30.00', { brandId: 2 }),
        row('revshare', 100, '-5.00', { currency: 'USD' }),
        row('revshare', 100, '-100.00', { status: 'denied' }),
        row('revshare', 100, null, { status: 'pending_fx' }),
      ],
    })
    assert.deepEqual(summary(out.rows), {
      'carryover:100:1:EUR:2026-01': '10.00',
      'carryover:100:1:USD:2026-01': '5.00',
    })
    assert.deepEqual(out.carryOut, [
      { affiliateId: 100, brandId: 1, currency: 'EUR', amount: '-10.00' },
      { affiliateId: 100, brandId: 1, currency: 'USD', amount: '-5.00' },
    ])
  })

  test('§9 a carry_in with no RevShare this period carries on unchanged', ({ assert }) => {
    const out = close({ carryIn: [{ affiliateId: 100, brandId: 1, currency: 'EUR', amount: '-12.34' }] })
    assert.deepEqual(out.rows, [])
    assert.deepEqual(out.carryOut, [{ affiliateId: 100, brandId: 1, currency: 'EUR', amount: '-12.34' }])
  })
})

test.group('commission engine: referrals levels 1–3 (§10)', () => {
  const chain = [
    affiliate(300, { referredBy: 200 }),
    affiliate(200, { referredBy: 100 }),
    affiliate(100, { referredBy: 50 }),
    affiliate(50, { referredBy: 7 }),
    affiliate(7),
  ]

  test('§10 method payout: level % of A’s period rows after carryover, not denied, own referral rows excluded, corrections included', ({
    assert,
  }) => {
    const out = close({
      affiliates: chain,
      referral: { method: 'payout', percentages: ['10', '5', '2'] },
      rows: [
        row('cpa', 300, '100.00'),
        row('revshare', 300, '-60.00'),
        row('correction', 300, '20.00', { corrects: { key: 'cpa:1', type: 'cpa', period: '2025-12' } }),
        row('cpa', 300, '50.00', { status: 'denied' }),
        row('referral', 300, '30.00'),
        row('cpa', 300, '5.00', { status: 'hold' }),
      ],
    })
    // Flag off for 300: carryover +60. Basis 100 − 60 + 60 (carryover) + 20 + 5 = 125.
    assert.deepEqual(summary(out.rows), {
      'carryover:300:1:EUR:2026-01': '60.00',
      'referral:200:300:1:EUR:2026-01': '12.50',
      'referral:100:300:2:EUR:2026-01': '6.25',
      'referral:50:300:3:EUR:2026-01': '2.50',
    })
    const level2 = out.rows.find((entry) => entry.key === 'referral:100:300:2:EUR:2026-01')!
    assert.include(level2, { affiliateId: 100, type: 'referral' })
    assert.include(level2.explanation, { level: 2, referredAffiliateId: 300, method: 'payout', percent: '5' })
  })

  test('§10 a referrer’s own percentages override the organisation’s, level by level', ({ assert }) => {
    const out = close({
      affiliates: chain,
      referral: { method: 'payout', percentages: ['10', '5', '2'], overrides: { 100: [null, '7.5', null] } },
      rows: [row('cpa', 300, '100.00')],
    })
    assert.deepEqual(summary(out.rows), {
      'referral:200:300:1:EUR:2026-01': '10.00',
      'referral:100:300:2:EUR:2026-01': '7.50',
      'referral:50:300:3:EUR:2026-01': '2.00',
    })
  })

  test('§10 method ngr: A’s period NGR per campaign currency, floored at 0; customers waiting for a rate left out', ({
    assert,
  }) => {
    const out = close({
      affiliates: chain,
      referral: { method: 'ngr', percentages: ['10', '0', '0'] },
      ngr: [
        { customerId: 1, affiliateId: 300, currency: 'EUR', period: '2026-01', ngr: '200.00' },
        { customerId: 2, affiliateId: 300, currency: 'EUR', period: '2026-01', ngr: null },
        { customerId: 3, affiliateId: 300, currency: 'USD', period: '2026-01', ngr: '-50.00' },
        { customerId: 4, affiliateId: 300, currency: 'EUR', period: '2026-02', ngr: '999.00' },
      ],
    })
    assert.deepEqual(summary(out.rows), { 'referral:200:300:1:EUR:2026-01': '20.00' })
  })

  test('§10 the chain has at most three levels and stops at a loop; no setting, no referral rows', ({ assert }) => {
    const map = new Map(chain.map((entry) => [entry.id, entry]))
    assert.deepEqual(referralChain(map, 300), [200, 100, 50])
    const loop = new Map(
      [affiliate(1, { referredBy: 2 }), affiliate(2, { referredBy: 1 })].map((entry) => [entry.id, entry])
    )
    assert.deepEqual(referralChain(loop, 1), [2])
    assert.deepEqual(close({ affiliates: chain, rows: [row('cpa', 300, '100.00')] }).rows, [])
  })
})
