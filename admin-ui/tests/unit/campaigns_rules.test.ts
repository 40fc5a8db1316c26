/* Campaign rules on the client: payout fields per model, range rules, caps (spec §5), targeting rule blocks, link bodies, the campaign body and spec routes. */
import { describe, expect, it } from 'vitest'
import { validateCap, toCapPayload } from '../../../plugins/campaigns/admin/campaigns/caps'
import { shownLink, toLinkPayload } from '../../../plugins/campaigns/admin/campaigns/links'
import { featuredListSearch, stepOfField, toCampaignPayload } from '../../../plugins/campaigns/admin/campaigns/model'
import {
  checkRangeRules,
  fromPayoutResponse,
  keptFields,
  MODEL_FIELDS,
  toPayoutPayload,
  validatePayout,
} from '../../../plugins/campaigns/admin/campaigns/payout'
import { unansweredRequired } from '../../../plugins/campaigns/admin/campaigns/RequestAccess'
import {
  NEW_BLOCK,
  NEW_CONDITION,
  ruleBlockErrorInput,
  toRuleBlockForm,
  toRuleBlockPayload,
  validateRuleBlock,
} from '../../../plugins/campaigns/admin/campaigns/targeting'

describe('payout plans', () => {
  it('show the fields of each model (CPA amounts, Rev Share percentages)', () => {
    expect(MODEL_FIELDS.cpa).toEqual(['cpaPayout', 'cpaFtdP', 'cpaRegP', 'cpaDP'])
    expect(MODEL_FIELDS.cps).toEqual(['cpsFtdP', 'cpsNgrP', 'cpsDP'])
    expect(MODEL_FIELDS.hybrid).toEqual([...MODEL_FIELDS.cpa, ...MODEL_FIELDS.cps])
    expect(MODEL_FIELDS.cumulative_deposit).toEqual(['cpaCdP'])
  })

  it('goal c_deposit keeps the cumulative-deposit payout and settings; range rules send their mode', () => {
    expect(keptFields('cpa', 'c_deposit')).toEqual({ fields: [...MODEL_FIELDS.cpa, 'cpaCdP'], cumulative: true })
    expect(keptFields('cps', 'c_deposit')).toEqual({ fields: MODEL_FIELDS.cps, cumulative: false })
    expect(validatePayout({ model: 'cpa', goal: 'c_deposit', cpaPayout: 5 })).toEqual({
      'payout.cumulativeDeposit': 'campaigns.validation.cumulative_deposit_required',
    })
    const body = toPayoutPayload({
      model: 'cpa',
      goal: 'c_deposit',
      cpaPayout: '0.0125',
      cpaCdP: '12.5',
      cumulativeDeposit: '100',
      numberOfDays: '30',
      cpsNgrP: '10',
      rangeRules: { enabled: true, mode: 'whole', ranges: [{ from: 1, payout: 2 }] },
    })
    expect(body).toMatchObject({
      cpaPayout: 0.0125,
      cpaCdP: 12.5,
      cumulativeDeposit: 100,
      numberOfDays: 30,
      rangeRules: { enabled: true, mode: 'whole', ranges: [{ from: 1, payout: 2 }] },
    })
    expect(body).not.toHaveProperty('cpsNgrP')
  })

  it('need what the model needs: amount and goal for CPA, one Rev Share share, cumulative deposit and days', () => {
    expect(validatePayout({ model: 'cpa' })).toEqual({
      'payout.cpaPayout': 'campaigns.validation.required',
      'payout.goal': 'campaigns.validation.required',
    })
    expect(validatePayout({ model: 'cpa', goal: 'ftd', cpaPayout: '0' })).toEqual({
      'payout.cpaPayout': 'campaigns.validation.payout_positive',
    })
    // CPA goal payouts are amounts: above 100 is fine; Rev Share percentages are not.
    expect(validatePayout({ model: 'cpa', goal: 'ftd', cpaPayout: 50, cpaFtdP: 150 })).toEqual({})
    expect(validatePayout({ model: 'cps', cpsNgrP: 101 })).toEqual({
      'payout.cpsNgrP': 'campaigns.validation.payout_max',
    })
    expect(validatePayout({ model: 'cps' })).toEqual({ 'payout.cpsNgrP': 'campaigns.validation.cps_required' })
    expect(validatePayout({ model: 'cps', cpsDP: 100 })).toEqual({})
    expect(validatePayout({ model: 'cps', cpsNgrP: 30, cpaPayout: -1 })).toEqual({})
    expect(validatePayout({ model: 'cumulative_deposit' })).toEqual({
      'payout.cpaCdP': 'campaigns.validation.required',
      'payout.cumulativeDeposit': 'campaigns.validation.cumulative_deposit_required',
      'payout.numberOfDays': 'campaigns.validation.days_required',
    })
    expect(validatePayout({})).toEqual({ 'payout.model': 'campaigns.validation.required' })
  })

  it('check rules: variable, cumulative deposit and days for c_deposit, a rate in (0, 100)', () => {
    const errors = validatePayout({
      model: 'cpc',
      cpaPayout: 1,
      rules: [
        { operator: 'gte', value: 1 },
        { variable: 'c_deposit', operator: 'gte', value: 10 },
        { variable: 'ngr', operator: 'gte', value: 100, isPercentage: true },
      ],
    })
    expect(errors).toEqual({
      'payout.rules.0.variable': 'campaigns.validation.variable_required',
      'payout.rules.1.cumulativeDeposit': 'campaigns.validation.cumulative_deposit_required',
      'payout.rules.1.numberOfDays': 'campaigns.validation.days_required',
      'payout.rules.2.value': 'campaigns.validation.rate',
    })
  })

  it('range rules: at most 10, each value greater than the previous', () => {
    expect(
      checkRangeRules([
        { from: 10, payout: 5 },
        { from: 20, payout: 6 },
      ]).rows
    ).toEqual({})
    expect(
      checkRangeRules([
        { from: 10, payout: 5 },
        { from: 10, payout: 6 },
        { from: 5, payout: 1 },
      ]).rows
    ).toEqual({
      1: { from: 'campaigns.validation.range_increasing' },
      2: { from: 'campaigns.validation.range_increasing' },
    })
    const eleven = Array.from({ length: 11 }, (_, index) => ({ from: index + 1, payout: 1 }))
    expect(checkRangeRules(eleven).list).toBe('campaigns.validation.range_max')
    expect(checkRangeRules(eleven.slice(0, 10)).list).toBeUndefined()
    expect(checkRangeRules([{ from: 1, payout: 150 }], 'cps').rows).toEqual({
      0: { payout: 'campaigns.validation.payout_max' },
    })
    expect(
      validatePayout({ model: 'cpc', cpaPayout: 1, rangeRules: { enabled: true, ranges: [{ from: 3, payout: 0 }] } })
    ).toEqual({ 'payout.rangeRules.ranges.0.payout': 'campaigns.validation.payout_positive' })
    // Disabled range rules are neither checked nor sent.
    expect(
      validatePayout({ model: 'cpc', cpaPayout: 1, rangeRules: { enabled: false, ranges: [{ from: 3 }, { from: 1 }] } })
    ).toEqual({})
  })

  it('send the server shape: model fields only, numbers, qftd object, range rules object', () => {
    const body = toPayoutPayload({
      model: 'cps',
      cpsNgrP: '25',
      cpaPayout: '10',
      defaultPayout: '',
      qftd: { minDeposit: '20' },
      rules: [{ variable: 'ngr', operator: 'gte', value: '100', isPercentage: false }],
      rangeRules: { enabled: true, ranges: [{ from: '1', payout: '2' }] },
    })
    expect(body).toEqual({
      model: 'cps',
      goal: null,
      cpsFtdP: null,
      cpsNgrP: 25,
      cpsDP: null,
      qftd: { minDeposit: 20, daysSinceRegistration: null },
      defaultPayout: null,
      rules: [
        {
          variable: 'ngr',
          operator: 'gte',
          value: 100,
          numberOfDays: null,
          cumulativeDeposit: null,
          isPercentage: false,
        },
      ],
      rangeRules: { enabled: true, ranges: [{ from: 1, payout: 2 }] },
    })
    // Once ranges exist the switch is disabled, and a disabled input drops out of the form's
    // values: the ranges are still sent, enabled (they were silently removed before).
    expect(
      toPayoutPayload({
        model: 'hybrid',
        goal: 'ftd',
        cpaPayout: '50',
        cpsNgrP: '25',
        rangeRules: { mode: 'marginal', ranges: [{ from: '2', payout: '80' }] },
      }).rangeRules
    ).toEqual({ enabled: true, mode: 'marginal', ranges: [{ from: 2, payout: 80 }] })
    expect(toPayoutPayload({ model: 'cpc', cpaPayout: 3, rangeRules: { enabled: false } })).toMatchObject({
      model: 'cpc',
      cpaPayout: 3,
      qftd: null,
      rangeRules: null,
    })
    expect(
      fromPayoutResponse({
        model: 'hybrid',
        cpaPayout: '12.50',
        cpsDP: '3',
        rangeRules: { enabled: true, ranges: [{ from: '1', payout: '2' }] },
      })
    ).toMatchObject({ model: 'hybrid', cpaPayout: '12.50', cpsDP: '3', rangeRules: { enabled: true } })
    expect(fromPayoutResponse(null)).toMatchObject({ model: 'cpa', rules: [] })
  })
})

describe('caps', () => {
  const base = { variable: 'clicks', type: 'combined', visibility: 'public', action: 'reject_activity' }
  it('need at least one limit, every value > 0', () => {
    expect(validateCap({ ...base, limits: {} })).toEqual({ limits: 'campaigns.validation.cap_limit_required' })
    expect(validateCap({ ...base, limits: { hourly: '0' } })).toEqual({
      'limits.hourly': 'campaigns.validation.cap_positive',
    })
    expect(validateCap({ ...base, limits: { lifetime: -5 } })).toEqual({
      'limits.lifetime': 'campaigns.validation.cap_positive',
    })
    expect(validateCap({ limits: { daily: 1 } })).toEqual({
      variable: 'campaigns.validation.variable_required',
      type: 'campaigns.validation.required',
      visibility: 'campaigns.validation.required',
      action: 'campaigns.validation.required',
    })
  })

  it('daily below 15-day and monthly, 15-day below monthly', () => {
    expect(validateCap({ ...base, limits: { daily: 10, fifteenDays: 100, monthly: 200 } })).toEqual({})
    expect(validateCap({ ...base, limits: { daily: 100, fifteenDays: 100 } })).toEqual({
      'limits.daily': 'campaigns.validation.cap_daily_below',
    })
    expect(validateCap({ ...base, limits: { daily: 300, monthly: 200 } })).toEqual({
      'limits.daily': 'campaigns.validation.cap_daily_below',
    })
    expect(validateCap({ ...base, limits: { fifteenDays: 300, monthly: 200 } })).toEqual({
      'limits.fifteenDays': 'campaigns.validation.cap_fifteen_below',
    })
  })

  it('send the filled limits as numbers', () => {
    expect(toCapPayload({ ...base, limits: { daily: '5', monthly: '', lifetime: 50 } })).toEqual({
      ...base,
      limits: { daily: 5, lifetime: 50 },
    })
    // An edited cap's form holds the API's nulls and the number inputs' numbers.
    expect(toCapPayload({ ...base, limits: { hourly: null, daily: 7, monthly: null } }).limits).toEqual({ daily: 7 })
  })
})

describe('targeting rule blocks', () => {
  const saved = {
    id: 3,
    name: 'Brazil mobile',
    logic: 'or',
    conditions: [
      { field: 'country', operator: 'in', values: ['BR', 'PT'] },
      { field: 'device', operator: 'not_in', values: ['mobile'] },
    ],
  }

  it('edit the values as comma-separated text and send them as a list, trimmed', () => {
    const form = toRuleBlockForm(saved)
    expect(form).toEqual({
      name: 'Brazil mobile',
      logic: 'or',
      conditions: [
        { field: 'country', operator: 'in', values: 'BR, PT' },
        { field: 'device', operator: 'not_in', values: 'mobile' },
      ],
    })
    expect(
      toRuleBlockPayload({ ...form, name: ' Brazil ', conditions: [{ ...form.conditions[0], values: 'BR, pt ,' }] })
    ).toEqual({
      name: 'Brazil',
      logic: 'or',
      conditions: [{ field: 'country', operator: 'in', values: ['BR', 'pt'] }],
    })
  })

  it('need a name and values in each condition (empty inputs may be null)', () => {
    expect(validateRuleBlock(NEW_BLOCK)).toEqual({
      name: 'campaigns.targeting.required',
      'conditions.0.values': 'campaigns.targeting.required',
    })
    expect(
      validateRuleBlock({ name: null, logic: 'and', conditions: [{ ...NEW_CONDITION, values: null }, NEW_CONDITION] })
    ).toEqual({
      name: 'campaigns.targeting.required',
      'conditions.0.values': 'campaigns.targeting.required',
      'conditions.1.values': 'campaigns.targeting.required',
    })
    expect(validateRuleBlock(toRuleBlockForm(saved))).toEqual({})
  })

  it('show the server’s refusal of one value under its condition’s values', () => {
    expect(ruleBlockErrorInput('conditions.1.values.3')).toBe('conditions.1.values')
    expect(ruleBlockErrorInput('conditions.1.values')).toBe('conditions.1.values')
    expect(ruleBlockErrorInput('name')).toBe('name')
  })
})

describe('tracking links', () => {
  it('send filled parameters only; an affiliate never names an affiliate', () => {
    const form = { affiliateId: 7, p1: ' a ', p2: '', sub10: 'z', source: 'fb', deepLinkId: 3, shortLink: true }
    expect(toLinkPayload(form, { asAffiliate: false })).toEqual({
      affiliateId: 7,
      p1: 'a',
      sub10: 'z',
      source: 'fb',
      deepLinkId: 3,
      shortLink: true,
    })
    expect(toLinkPayload(form, { asAffiliate: true })).not.toHaveProperty('affiliateId')
    expect(shownLink({ url: 'http://x/c/1?pub_id=7', shortUrl: 'http://x/s/abc' })).toBe('http://x/s/abc')
    expect(shownLink({ url: 'http://x/c/1?pub_id=7', shortUrl: null })).toBe('http://x/c/1?pub_id=7')
  })
})

describe('campaign body and wizard', () => {
  it('sends writable fields, nulls empty texts, ISO expiry, trimmed questions; no payout', () => {
    const body = toCampaignPayload({
      id: 4,
      title: ' T ',
      brandId: 1,
      defaultUrl: ' https://b.example/?c={click_id} ',
      previewUrl: '',
      currency: 'usd',
      expiresAt: '2030-01-02T10:00',
      coverageCountries: ['br', ' pt'],
      accessQuestions: [{ question: ' Where? ', required: true }, { question: ' ' }],
      payout: { model: 'cpa' },
      createdAt: 'x',
    })
    expect(body).toMatchObject({
      title: 'T',
      brandId: 1,
      defaultUrl: 'https://b.example/?c={click_id}',
      previewUrl: null,
      currency: 'USD',
      coverageCountries: ['BR', 'PT'],
      accessQuestions: [{ question: 'Where?', required: true }],
    })
    expect(body.expiresAt).toBe(new Date('2030-01-02T10:00').toISOString())
    expect(body).not.toHaveProperty('payout')
    expect(body).not.toHaveProperty('id')
    expect(body).not.toHaveProperty('createdAt')
  })

  it('puts errors on their step', () => {
    expect(stepOfField('defaultUrl')).toBe(0)
    expect(stepOfField('coverageCountries.0')).toBe(1)
    expect(stepOfField('payout.rangeRules.2.value')).toBe(2)
  })

  it('checks the questionnaire like the server', () => {
    expect(
      unansweredRequired(
        [{ question: 'a', required: true }, { question: 'b' }, { question: 'c', required: true }],
        ['x', '', ' ']
      )
    ).toEqual([2])
  })

  it('serves the featured view from /manage/campaign?featured', () => {
    expect(featuredListSearch('')).toBeNull()
    expect(featuredListSearch('?featured=false')).toBeNull()
    expect(featuredListSearch('?featured=0')).toBeNull()
    expect(decodeURIComponent(featuredListSearch('?featured')!)).toBe('?filter={"featured":true}')
  })
})
