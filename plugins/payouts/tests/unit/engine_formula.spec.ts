import { test } from '@japa/runner'
import {
  checkFormulas,
  CompiledFormulas,
  computeRows,
  dec,
  parseFormula,
  type FormulaValues,
} from '../../src/engine/index.js'
import { act, campaign, customer, input, plan, rates } from './engine_fixtures.js'

const values = (given: Partial<Record<keyof FormulaValues, string>>): FormulaValues => {
  const names = [
    'bets',
    'wins',
    'bonuses',
    'chargebacks',
    'fees',
    'jackpot',
    'deposits',
    'withdrawals',
    'adjustments',
  ] as const
  return Object.fromEntries(names.map((name) => [name, dec(given[name] ?? '0')])) as FormulaValues
}
const refused = (text: string, kind: 'ggr' | 'ngr' = 'ngr') => {
  const result = parseFormula(text, kind)
  return result.ok ? null : result.error
}

test.group('commission engine: GGR and NGR (§4)', () => {
  test('§4 default: GGR = bets − wins; NGR = GGR − bonuses − chargebacks − fees − jackpot', ({ assert }) => {
    const formulas = new CompiledFormulas({ version: 1, ggr: null, ngr: null })
    const result = formulas.evaluate(
      values({
        bets: '1000',
        wins: '700',
        bonuses: '50',
        chargebacks: '20',
        fees: '10.5',
        jackpot: '4.5',
        deposits: '999',
      })
    )
    assert.equal(result.ggr.toString(), '300')
    assert.equal(result.ngr.toString(), '215')
    assert.isNull(result.divisionByZero)
  })

  test('§4 a brand override replaces GGR and/or NGR: (ggr - bonuses) * 0.8 - fees', ({ assert }) => {
    const formulas = new CompiledFormulas({ version: 2, ggr: null, ngr: '(ggr - bonuses) * 0.8 - fees' })
    // GGR 300 (default), NGR (300 − 50) × 0.8 − 10 = 190.
    assert.equal(
      formulas.evaluate(values({ bets: '1000', wins: '700', bonuses: '50', fees: '10' })).ngr.toString(),
      '190'
    )
    const both = new CompiledFormulas({
      version: 3,
      ggr: 'bets - wins - jackpot',
      ngr: 'ggr − adjustments + -withdrawals / 2',
    })
    // GGR 1000 − 700 − 100 = 200; NGR 200 − (−30) + (−40 / 2) = 210; unary minus and U+2212 accepted.
    assert.equal(
      both
        .evaluate(values({ bets: '1000', wins: '700', jackpot: '100', adjustments: '-30', withdrawals: '40' }))
        .ngr.toString(),
      '210'
    )
    // Precedence: * and / before + and −, left to right.
    assert.equal(
      new CompiledFormulas({ version: 4, ggr: '2 + 3 * 4 - 10 / 5 / 2', ngr: 'ggr' })
        .evaluate(values({}))
        .ngr.toString(),
      '13'
    )
  })

  test('§4 checked when saved: unknown names, bad syntax and a constant zero divisor are refused with a position', ({
    assert,
  }) => {
    assert.deepEqual(refused('ggr - bonus'), { code: 'unknown_name', position: 6, data: { name: 'bonus' } })
    assert.deepEqual(refused('ggr - bonuses', 'ggr'), { code: 'ggr_in_ggr', position: 0, data: { name: 'ggr' } })
    assert.deepEqual(refused('bets - * wins', 'ggr'), { code: 'expected_operand', position: 7, data: {} })
    assert.deepEqual(refused('(bets - wins', 'ggr'), { code: 'missing_close_paren', position: 12, data: {} })
    assert.deepEqual(refused('bets - wins)', 'ggr'), { code: 'unexpected_close_paren', position: 11, data: {} })
    assert.deepEqual(refused('bets wins', 'ggr'), { code: 'expected_operator', position: 5, data: {} })
    assert.deepEqual(refused('bets - 1.2.3', 'ggr'), { code: 'bad_number', position: 7, data: { text: '1.2.3' } })
    assert.deepEqual(refused('bets % 2', 'ggr'), {
      code: 'unexpected_character',
      position: 5,
      data: { character: '%' },
    })
    assert.deepEqual(refused('   ', 'ggr'), { code: 'empty', position: 0, data: {} })
    assert.deepEqual(refused('bets / 0', 'ggr'), { code: 'division_by_zero', position: 5, data: {} })
    assert.deepEqual(refused('bets / (0.5 - 1/2)', 'ggr'), { code: 'division_by_zero', position: 5, data: {} })
    assert.deepEqual(refused('bets / -0.00', 'ggr'), { code: 'division_by_zero', position: 5, data: {} })
    assert.equal(refused('('.repeat(60) + 'bets' + ')'.repeat(60), 'ggr')?.code, 'too_deep')
    assert.equal(refused('bets + '.repeat(200) + '1', 'ggr')?.code, 'too_long')
    // A divisor that names a variable is fine on save (it may be 0 only at run time).
    assert.isNull(refused('ggr / (bets - wins)'))
    assert.deepEqual(checkFormulas({ ggr: 'bets - wins', ngr: 'ggr - foo' }), [
      { code: 'unknown_name', position: 6, data: { name: 'foo' }, formula: 'ngr' },
    ])
  })

  test('§4 never evaluated as code: JavaScript in a formula is an unknown name or character', ({ assert }) => {
    assert.equal(refused('constructor')?.code, 'unknown_name')
    assert.equal(refused('process.exit(1)')?.code, 'bad_number') // `.exit` reads as a malformed number after the name
    assert.equal(refused('bets; wins', 'ggr')?.code, 'unexpected_character')
    assert.equal(refused('`${bets}`', 'ggr')?.code, 'unexpected_character')
  })

  test('§4 evaluated per activity row, in the row currency, before conversion', ({ assert }) => {
    // NGR = ggr * 0.5 per row; the BRL row is converted after the formula: (200 × 0.5) × 0.2 = 20 EUR.
    const rows = computeRows(
      input({
        brands: [{ id: 1, formula: { version: 7, ggr: null, ngr: 'ggr * 0.5' } }],
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '10' }) })],
        rates: rates({ 'BRLEUR:2026-01-04': '0.2' }),
        customers: [
          customer(1, {
            activity: [
              act('a', '2026-01-03', { bets: '100' }),
              act('b', '2026-01-04', { currency: 'BRL', bets: '200' }),
            ],
          }),
        ],
      })
    ).rows
    // (100 × 0.5) + (200 × 0.5 × 0.2) = 70 → 10 % = 7.00
    assert.equal(rows[0].explanation.basis!.ngr, '70')
    assert.equal(rows[0].amount, '7.00')
    assert.equal(rows[0].explanation.formulaVersion, 7)
  })

  test('§4 versioned: open periods use the current version, closed periods keep theirs, every RevShare row names it', ({
    assert,
  }) => {
    const organization = {
      timeZone: 'UTC',
      period: { kind: 'monthly' as const, weekStart: 1 as const },
      periods: { firstPeriod: '2026-01', lastClosed: '2026-01' },
    }
    const rows = computeRows(
      input({
        organization,
        brands: [
          {
            id: 1,
            formula: { version: 2, ggr: null, ngr: 'ggr * 0.5' },
            formulaVersions: [{ version: 1, ggr: null, ngr: null }],
            closedPeriodFormulas: { '2026-01': 1 },
          },
        ],
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '10' }) })],
        customers: [
          customer(1, { activity: [act('a', '2026-01-10', { bets: '100' }), act('b', '2026-02-10', { bets: '100' })] }),
        ],
      })
    ).rows
    assert.deepEqual(
      rows.map((row) => [row.period, row.amount, row.explanation.formulaVersion]),
      [
        ['2026-01', '10.00', 1],
        ['2026-02', '5.00', 2],
      ]
    )
  })

  test('§12 a run-time division by zero makes that row’s NGR 0 and says so', ({ assert }) => {
    const formulas = new CompiledFormulas({ version: 1, ggr: 'bets / wins', ngr: 'ggr - bonuses / fees' })
    assert.deepEqual(formulas.evaluate(values({ bets: '10', wins: '0' })).divisionByZero, 'ggr')
    const ngrZero = formulas.evaluate(values({ bets: '10', wins: '5', bonuses: '3', fees: '0' }))
    assert.equal(ngrZero.divisionByZero, 'ngr')
    assert.equal(ngrZero.ngr.toString(), '0')
    const rows = computeRows(
      input({
        brands: [{ id: 1, formula: { version: 1, ggr: null, ngr: 'ggr / deposits' } }],
        campaigns: [campaign({ plan: plan({ model: 'cps', goal: null, cpsNgrP: '50' }) })],
        customers: [
          customer(1, {
            activity: [
              act('a', '2026-01-03', { bets: '100', deposits: '0' }),
              act('b', '2026-01-04', { bets: '100', deposits: '4' }),
            ],
          }),
        ],
      })
    ).rows
    // Row a: 100 / 0 → 0 (noted); row b: 100 / 4 = 25 → 50 % = 12.50.
    assert.equal(rows[0].amount, '12.50')
    assert.deepEqual(rows[0].explanation.notes, ['formula.division_by_zero:a:ngr'])
  })
})
