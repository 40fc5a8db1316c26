import { test } from '@japa/runner'
import { fieldsKept, isCovered, planFieldErrors, resolvePlan, tierAt, type PayoutPlan } from '../../src/engine/plan.js'

const basePlan = (values: Partial<PayoutPlan> = {}): PayoutPlan => ({
  version: 4,
  model: 'hybrid',
  goal: 'ftd',
  cumulativeDeposit: null,
  numberOfDays: null,
  qftd: null,
  defaultPayout: null,
  coverageCountries: [],
  rules: [],
  rangeRules: null,
  ...values,
})

test.group('commission engine: which plan applies (§6)', () => {
  test('§6 a plan earns only the fields its model keeps', ({ assert }) => {
    assert.deepEqual(fieldsKept('cpa', 'ftd'), {
      fields: ['cpaPayout', 'cpaFtdP', 'cpaRegP', 'cpaDP'],
      cumulative: false,
    })
    assert.deepEqual(fieldsKept('cpa', 'c_deposit').fields, ['cpaPayout', 'cpaFtdP', 'cpaRegP', 'cpaDP', 'cpaCdP'])
    assert.isTrue(fieldsKept('hybrid', 'c_deposit').cumulative)
    assert.deepEqual(fieldsKept('hybrid', 'ftd').fields, [
      'cpaPayout',
      'cpaFtdP',
      'cpaRegP',
      'cpaDP',
      'cpsNgrP',
      'cpsDP',
      'cpsFtdP',
    ])
    assert.deepEqual(fieldsKept('cpc', null).fields, ['cpaPayout'])
    assert.deepEqual(fieldsKept('cps', null).fields, ['cpsNgrP', 'cpsDP', 'cpsFtdP'])
    assert.deepEqual(fieldsKept('cumulative_deposit', null), { fields: ['cpaCdP'], cumulative: true })
  })

  test('§6 a field the model does not keep is refused by name, never trimmed; 4 decimals at most', ({ assert }) => {
    assert.deepEqual(planFieldErrors('cps', null, { cpsNgrP: '25.1234', cpaPayout: '10', numberOfDays: 30 }), [
      { field: 'cpaPayout', code: 'field_not_kept', data: { field: 'cpaPayout', model: 'cps' } },
      { field: 'numberOfDays', code: 'field_not_kept', data: { field: 'numberOfDays', model: 'cps' } },
    ])
    assert.deepEqual(planFieldErrors('cpc', null, { cpaPayout: '0.00125' }), [
      { field: 'cpaPayout', code: 'too_many_decimals', data: { field: 'cpaPayout', max: 4 } },
    ])
    assert.deepEqual(planFieldErrors('cps', null, { cpsDP: '100.5' }, 'affiliatePayouts.0.'), [
      { field: 'affiliatePayouts.0.cpsDP', code: 'percent_range', data: { field: 'cpsDP', max: 100 } },
    ])
    // Goal c_deposit keeps cpaCdP, cumulativeDeposit and numberOfDays on cpa and hybrid.
    assert.deepEqual(
      planFieldErrors('cpa', 'c_deposit', { cpaCdP: '30', cumulativeDeposit: '100', numberOfDays: 7 }),
      []
    )
    assert.deepEqual(planFieldErrors('cpa', 'ftd', { cpaCdP: '30' })[0].code, 'field_not_kept')
    assert.deepEqual(planFieldErrors('cpc', null, { cpaPayout: '0.0040' }), [])
  })

  test('§6 field by field: the affiliate’s payout wins, else its primary group’s, else the campaign’s; null does not override', ({
    assert,
  }) => {
    const plan = basePlan({ cpaPayout: '50', cpaFtdP: '60', cpaRegP: '2', cpsNgrP: '25' })
    const resolved = resolvePlan(
      plan,
      100,
      { cpaPayout: '70', cpaFtdP: null },
      { cpaFtdP: '65', cpaPayout: '55', cpsNgrP: '30' }
    )
    assert.deepEqual(
      Object.fromEntries(
        Object.entries(resolved.fields).map(([name, field]) => [name, [field.value?.toString() ?? null, field.source]])
      ),
      {
        cpaPayout: ['70', 'affiliate'],
        cpaFtdP: ['65', 'group'],
        cpaRegP: ['2', 'campaign'],
        cpaDP: [null, null],
        cpaCdP: [null, null], // goal ftd: the model does not keep cpaCdP
        cpsNgrP: ['30', 'group'],
        cpsDP: [null, null],
        cpsFtdP: [null, null],
      }
    )
  })

  test('§6 coverage countries: none listed covers everyone; otherwise an unlisted or unknown country is outside', ({
    assert,
  }) => {
    assert.isTrue(isCovered(basePlan(), null))
    const plan = basePlan({ coverageCountries: ['BR', 'PT'] })
    assert.isTrue(isCovered(plan, 'br'))
    assert.isFalse(isCovered(plan, 'TR'))
    assert.isFalse(isCovered(plan, null))
  })

  test('§8 the tier is the highest range whose from ≤ the count; below the first range, none', ({ assert }) => {
    const rules = {
      mode: 'marginal' as const,
      ranges: [
        { from: 3, payout: '60' },
        { from: 10, payout: '80.5' },
      ],
    }
    assert.isNull(tierAt(rules, 2))
    assert.deepEqual(
      [3, 9, 10, 500].map((count) => tierAt(rules, count)?.payout.toString()),
      ['60', '60', '80.5', '80.5']
    )
    assert.isNull(tierAt(null, 99))
  })
})
