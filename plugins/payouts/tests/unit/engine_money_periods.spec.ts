import { test } from '@japa/runner'
import {
  Calendar,
  canClose,
  computeRows,
  daysBetween,
  dec,
  earliestOpenPeriod,
  localDateOf,
  money,
  scheduledCloseDate,
  sumAmounts,
  withinDays,
} from '../../src/engine/index.js'
import { act, amounts, campaign, customer, input, plan } from './engine_fixtures.js'

test.group('commission engine: money, time, rounding, periods (§1)', () => {
  test('§1 amounts are exact decimals: inputs keep 6 decimals, no float drift', ({ assert }) => {
    // 0.1 + 0.2 as floats is 0.30000000000000004; a 25 % RevShare of 0.000004 × 3 rows stays exact.
    assert.equal(money(dec('0.1').plus('0.2')), '0.30')
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '50' }) })],
        customers: [
          customer(1, {
            activity: [
              act('a', '2026-01-03', { bets: '10.000001' }),
              act('b', '2026-01-04', { bets: '10.000001' }),
              act('c', '2026-01-05', { bets: '0.009998' }),
            ],
          }),
        ],
      })
    ).rows
    // NGR 20.01 exactly → 50 % = 10.005 → 10.01 (a float sum would give 10.004999…).
    assert.equal(rows[0].explanation.basis!.ngr, '20.01')
    assert.deepEqual(amounts(rows), { 'revshare:1:100:2026-01': '10.01' })
  })

  test('§1 stored zeros in any scale are zero; anything that is not a plain decimal is refused', ({ assert }) => {
    for (const zero of ['0', '0.000000', '-0.00', '+0', '000.0', '0.']) {
      assert.isTrue(dec(zero).isZero(), zero)
      assert.equal(money(dec(zero)), '0.00')
    }
    assert.equal(money(dec('0.000001').times(10_000)), '0.01')
    for (const bad of ['.', '-', '0x0', '0e0', ' 0', '0,0']) assert.throws(() => dec(bad), /not a decimal amount/)
  })

  test('§1 a row is rounded to 2 decimals half away from zero (1.005 → 1.01, −1.005 → −1.01)', ({ assert }) => {
    assert.equal(money(dec('1.005')), '1.01')
    assert.equal(money(dec('-1.005')), '-1.01')
    assert.equal(money(dec('1.00499999')), '1.00')
    assert.equal(money(dec('-0.004')), '0.00')
    assert.equal(money(dec('2.675')), '2.68')
  })

  test('§1 totals add rounded rows, not the unrounded amounts', ({ assert }) => {
    // Three CPC days of 0.005 each round to 0.01 each: the total is 0.03, not round(0.015) = 0.02.
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ model: 'cpc', goal: null, cpaPayout: '0.0050' }) })],
        clicks: ['2026-01-03', '2026-01-04', '2026-01-05'].map((date) => ({
          affiliateId: 100,
          campaignId: 10,
          date,
          count: 1,
        })),
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => row.amount),
      ['0.01', '0.01', '0.01']
    )
    assert.equal(sumAmounts(rows.map((row) => row.amount)), '0.03')
  })

  test('§1 percentages apply to the exact basis, then the row is rounded', ({ assert }) => {
    // 12.5 % of 0.04 + 12.5 % of 0.04 (two rows, one customer, one period) = 12.5 % × 0.08 = 0.01,
    // where rounding each product first would give 0.00 + 0.00.
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '12.5' }) })],
        customers: [
          customer(1, {
            activity: [act('a', '2026-01-03', { bets: '0.04' }), act('b', '2026-01-04', { bets: '0.04' })],
          }),
        ],
      })
    ).rows
    assert.deepEqual(amounts(rows), { 'revshare:1:100:2026-01': '0.01' })
  })

  test('§1 a row rounding to 0.00 is not written; a denied row keeps the amount it would have had', ({ assert }) => {
    const rows = computeRows(
      input({
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '10' }) })],
        customers: [
          customer(1, { activity: [act('a', '2026-01-03', { bets: '0.04' })] }), // 0.004 → 0.00: no row
          customer(2, {
            fraud: { markedAt: '2026-01-20T00:00:00Z', earnedBefore: [] },
            activity: [act('b', '2026-01-03', { bets: '100' })],
          }),
        ],
      })
    ).rows
    assert.lengthOf(rows, 1)
    assert.include(rows[0], { key: 'revshare:2:100:2026-01', amount: '10.00', status: 'denied', denyReason: 'fraud' })
  })

  test('§1 an instant counts on its local date in the organisation zone', ({ assert }) => {
    assert.equal(localDateOf('2026-02-01T02:30:00Z', 'America/Sao_Paulo'), '2026-01-31')
    assert.equal(localDateOf('2026-01-31T23:30:00Z', 'Asia/Tokyo'), '2026-02-01')
    // A registration at 02:30 UTC on Feb 1st is a January registration in São Paulo.
    const organization = {
      timeZone: 'America/Sao_Paulo',
      period: { kind: 'monthly' as const, weekStart: 1 as const },
      periods: { firstPeriod: '2026-01', lastClosed: null },
    }
    const rows = computeRows(
      input({
        organization,
        campaigns: [campaign({ plan: plan({ goal: 'leads', cpaPayout: '5', cpaRegP: '1' }) })],
        customers: [customer(1, { registeredAt: '2026-02-01T02:30:00Z' })],
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => [row.key, row.date, row.period]),
      [
        ['cpa:1', '2026-01-31', '2026-01'],
        ['registration:1', '2026-01-31', '2026-01'],
      ]
    )
    assert.throws(() => localDateOf('2026-01-01T00:00:00Z', 'Mars/Olympus'), /unknown time zone/)
  })

  test('§1 monthly periods are calendar months named YYYY-MM', ({ assert }) => {
    const calendar = new Calendar({ kind: 'monthly', weekStart: 1 })
    assert.deepEqual(calendar.periodOf('2028-02-29'), { key: '2028-02', start: '2028-02-01', end: '2028-02-29' })
    assert.equal(calendar.next('2026-12'), '2027-01')
    assert.equal(calendar.previous('2026-01'), '2025-12')
  })

  test('§1 weekly periods start on the week-start day and are named by their first date', ({ assert }) => {
    // 2026-01-05 is a Monday; with weeks starting on Sunday (7) the week of Jan 7th starts on Jan 4th.
    const monday = new Calendar({ kind: 'weekly', weekStart: 1 })
    const sunday = new Calendar({ kind: 'weekly', weekStart: 7 })
    assert.deepEqual(monday.periodOf('2026-01-07'), { key: '2026-01-05', start: '2026-01-05', end: '2026-01-11' })
    assert.deepEqual(monday.periodOf('2026-01-05'), { key: '2026-01-05', start: '2026-01-05', end: '2026-01-11' })
    assert.deepEqual(monday.periodOf('2026-01-04'), { key: '2025-12-29', start: '2025-12-29', end: '2026-01-04' })
    assert.deepEqual(sunday.periodOf('2026-01-07'), { key: '2026-01-04', start: '2026-01-04', end: '2026-01-10' })
    assert.equal(monday.next('2025-12-29'), '2026-01-05')
    assert.throws(() => monday.period('2026-01-06'), /not a weekly period/)
  })

  test('§1 a period closes only after it has ended and when every earlier one is closed', ({ assert }) => {
    const calendar = new Calendar({ kind: 'monthly', weekStart: 1 })
    const state = { firstPeriod: '2026-01', lastClosed: null }
    assert.deepEqual(canClose(calendar, state, '2026-01', '2026-01-31'), { ok: false, reason: 'period_not_ended' })
    assert.deepEqual(canClose(calendar, state, '2026-01', '2026-02-01'), { ok: true })
    assert.deepEqual(canClose(calendar, state, '2026-02', '2026-03-05'), { ok: false, reason: 'earlier_period_open' })
    const after = { firstPeriod: '2026-01', lastClosed: '2026-01' }
    assert.deepEqual(canClose(calendar, after, '2026-01', '2026-03-05'), { ok: false, reason: 'period_already_closed' })
    assert.equal(earliestOpenPeriod(calendar, after), '2026-02')
    assert.deepEqual(canClose(calendar, state, '2025-12', '2026-03-05'), { ok: false, reason: 'no_period' })
  })

  test('§1 within N days of registration: date − registration ≤ N, day N included, 0 = that date, empty = no limit', ({
    assert,
  }) => {
    assert.equal(daysBetween('2026-01-30', '2026-02-02'), 3)
    assert.isTrue(withinDays('2026-01-30', '2026-02-02', 3))
    assert.isFalse(withinDays('2026-01-30', '2026-02-03', 3))
    assert.isTrue(withinDays('2026-01-30', '2026-01-30', 0))
    assert.isFalse(withinDays('2026-01-30', '2026-01-31', 0))
    assert.isTrue(withinDays('2026-01-30', '2036-01-31', null))
    assert.isFalse(withinDays('2026-01-30', '2026-01-29', null))
  })

  test('§12 first period and scheduled close: N days after the end, 0 = by hand only', ({ assert }) => {
    const calendar = new Calendar({ kind: 'monthly', weekStart: 1 })
    assert.equal(scheduledCloseDate(calendar, '2026-01', 5), '2026-02-05')
    assert.isNull(scheduledCloseDate(calendar, '2026-01', 0))
    // No period exists before the first one.
    assert.isNull(earliestOpenPeriod(calendar, { firstPeriod: null, lastClosed: null }))
    assert.equal(earliestOpenPeriod(calendar, { firstPeriod: '2026-03', lastClosed: null }), '2026-03')
  })
})
