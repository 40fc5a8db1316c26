import { test } from '@japa/runner'
import { checkPayout, Failures, type PayoutInput } from '../../src/rules/checks.js'

/*
 * COMMISSIONS §8: range rules are `{from, payout}` with strictly ascending `from`, at most 10;
 * a Rev Share tier pays a percentage and is always whole. Worked examples of what saving refuses.
 */
const failuresOf = (input: PayoutInput) => {
  const failures = new Failures()
  checkPayout(input, failures)
  return failures.list.map(({ field, key }) => `${field}:${key}`)
}
const cpa = (ranges: Array<{ from: number; payout: number }>, mode?: 'marginal' | 'whole'): PayoutInput => ({
  model: 'cpa',
  goal: 'ftd',
  cpaPayout: 50,
  rangeRules: { enabled: true, mode, ranges },
})

test.group('payout plans: range rules (COMMISSIONS §8)', () => {
  test('§8 strictly ascending from: 0, 10, 25 is kept; a repeated or lower from is refused at its index', ({
    assert,
  }) => {
    assert.deepEqual(
      failuresOf(
        cpa([
          { from: 0, payout: 60 },
          { from: 10, payout: 75 },
          { from: 25, payout: 90 },
        ])
      ),
      []
    )
    assert.deepEqual(
      failuresOf(
        cpa([
          { from: 0, payout: 60 },
          { from: 10, payout: 75 },
          { from: 10, payout: 80 },
          { from: 5, payout: 90 },
        ])
      ),
      ['rangeRules.ranges.2.from:range_increasing', 'rangeRules.ranges.3.from:range_increasing']
    )
  })

  test('§8 at most 10 ranges: 10 are kept, 11 are refused', ({ assert }) => {
    const ranges = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ from: index * 5, payout: 60 + index }))
    assert.deepEqual(failuresOf(cpa(ranges(10))), [])
    assert.deepEqual(failuresOf(cpa(ranges(11))), ['rangeRules.ranges:range_max'])
  })

  test('§8 a Rev Share tier pays a percentage (≤ 100) and is always whole: marginal on cps is refused', ({
    assert,
  }) => {
    const cps = (mode: 'marginal' | 'whole', payout: number): PayoutInput => ({
      model: 'cps',
      cpsNgrP: 25,
      rangeRules: { enabled: true, mode, ranges: [{ from: 3, payout }] },
    })
    assert.deepEqual(failuresOf(cps('whole', 35)), [])
    assert.deepEqual(failuresOf(cps('whole', 120)), ['rangeRules.ranges.0.payout:payoutPercent'])
    assert.deepEqual(failuresOf(cps('marginal', 35)), ['rangeRules.mode:range_mode_cps'])
    // On CPA both modes are kept.
    assert.deepEqual(failuresOf(cpa([{ from: 3, payout: 70 }], 'whole')), [])
    assert.deepEqual(failuresOf(cpa([{ from: 3, payout: 70 }], 'marginal')), [])
  })
})
