import { test } from '@japa/runner'
import type { ActivityRecord, CustomerRecord } from '@affix/customers/contracts'
import type { CampaignPayout } from '@affix/campaigns/contracts'
import { Calendar } from '../../src/engine/index.js'
import { onlyProvisional, type ActivityRoute, type LedgerPeriods } from '../../src/ledger/provisional.js'

/*
 * Which new activity the ledger may leave for a few seconds (it can move only provisional
 * RevShare) and which it computes at once (a CPA row may appear or move). Worked examples.
 */

const periods: LedgerPeriods = {
  calendar: new Calendar({ kind: 'monthly', weekStart: 1 }),
  firstPeriod: '2026-01',
  lastClosed: null,
}

function customer(values: Partial<CustomerRecord> = {}): CustomerRecord {
  return {
    id: 1,
    organizationId: 1,
    brandId: 1,
    cuid: 'p-1',
    registeredAt: '2026-02-01T10:00:00Z',
    registeredOn: '2026-02-01',
    country: 'BR',
    currency: 'USD',
    campaignId: 10,
    affiliateId: 100,
    attributionSource: 'explicit',
    clickId: null,
    status: 'active',
    fraudMarkedAt: null,
    ftdActivityId: null,
    ftdDate: null,
    ...values,
  } as CustomerRecord
}

function campaign(plan: Partial<CampaignPayout['plan']>, overrides: Partial<CampaignPayout> = {}): CampaignPayout {
  return {
    id: 10,
    brandId: 1,
    currency: 'USD',
    title: 'Offer',
    affiliatePayouts: {},
    groupPayouts: {},
    ...overrides,
    plan: {
      version: 1,
      model: 'cpa',
      goal: 'ftd',
      cumulativeDeposit: null,
      numberOfDays: null,
      qftd: null,
      defaultPayout: null,
      coverageCountries: [],
      rules: [],
      rangeRules: null,
      cpaPayout: '50',
      ...plan,
    },
  }
}

function row(date: string, values: { deposits?: string; depositCount?: number; id?: number } = {}): ActivityRecord {
  const zero = '0'
  return {
    id: values.id ?? 500,
    customerId: 1,
    brandId: 1,
    campaignId: 10,
    affiliateId: 100,
    date,
    txnId: null,
    currency: 'USD',
    amounts: {
      deposits: values.deposits ?? zero,
      ftd_amount: zero,
      withdrawals: zero,
      bets: '40',
      wins: '10',
      bonuses: zero,
      chargebacks: zero,
      fees: zero,
      jackpot: zero,
      adjustments: zero,
    },
    depositCount: values.depositCount ?? 0,
    betCount: 3,
    ftd: false,
    isFtd: false,
    fraud: false,
    version: 1,
    updatedAt: '2026-02-10T00:00:00Z',
  } as ActivityRecord
}

const route = (values: Partial<ActivityRoute>): ActivityRoute => ({
  customer: customer(),
  campaign: campaign({}),
  rows: [row('2026-02-10')],
  corrected: false,
  ftdFixed: false,
  qualified: {},
  recordedQualification: {},
  ...values,
})

test.group('ledger: activity that can move only provisional RevShare waits; the rest is computed at once', () => {
  test('RevShare, CPC, organic players and registration CPA: never urgent on activity', ({ assert }) => {
    assert.isTrue(onlyProvisional(route({ campaign: campaign({ model: 'cps', goal: null, cpsNgrP: '30' }) }), periods))
    assert.isTrue(onlyProvisional(route({ campaign: campaign({ model: 'cpc', goal: null }) }), periods))
    assert.isTrue(onlyProvisional(route({ customer: customer({ campaignId: null }), campaign: undefined }), periods))
    assert.isTrue(onlyProvisional(route({ campaign: campaign({ goal: 'leads', cpaRegP: '5' }) }), periods))
    // …unless a deposit meets a per-deposit payout, on the plan or on one affiliate's override.
    const deposit = [row('2026-02-10', { deposits: '20', depositCount: 1 })]
    assert.isFalse(
      onlyProvisional(
        route({
          rows: deposit,
          campaign: campaign({ goal: 'leads' }, { affiliatePayouts: { 100: { cpaDP: '1.5' } } }),
        }),
        periods
      )
    )
    assert.isFalse(onlyProvisional(route({ rows: deposit, campaign: campaign({ goal: 'd' }) }), periods))
    assert.isTrue(onlyProvisional(route({ campaign: campaign({ goal: 'd' }) }), periods))
  })

  test('goal ftd: no FTD yet, or qualified on the 5th and the row is dated after it → provisional', ({ assert }) => {
    const qftd = campaign({ qftd: { minDeposit: '50', daysSinceRegistration: 7 } })
    assert.isTrue(onlyProvisional(route({ campaign: qftd }), periods))
    // Has its FTD, not qualified: a deposit may complete the QFTD → at once; a bets-only row cannot.
    const withFtd = customer({ ftdActivityId: 400, ftdDate: '2026-02-03' })
    assert.isFalse(
      onlyProvisional(
        route({ customer: withFtd, campaign: qftd, rows: [row('2026-02-04', { deposits: '30', depositCount: 1 })] }),
        periods
      )
    )
    assert.isTrue(onlyProvisional(route({ customer: withFtd, campaign: qftd, rows: [row('2026-02-04')] }), periods))
    // A rule on NGR reads every row.
    const ngrRule = campaign({ rules: [{ variable: 'ngr', operator: 'gte', value: '100', numberOfDays: 10 }] })
    assert.isFalse(onlyProvisional(route({ customer: withFtd, campaign: ngrRule, rows: [row('2026-02-04')] }), periods))
    // Qualified on the 5th: a row of the 10th cannot move the CPA row, a late row of the 4th can.
    const qualified = { cpa: '2026-02-05' }
    assert.isTrue(onlyProvisional(route({ customer: withFtd, campaign: qftd, qualified }), periods))
    assert.isFalse(
      onlyProvisional(route({ customer: withFtd, campaign: qftd, qualified, rows: [row('2026-02-04')] }), periods)
    )
    // A recorded date that is not the computed one (the data moved since): computed at once.
    assert.isFalse(
      onlyProvisional(
        route({ customer: withFtd, campaign: qftd, qualified, recordedQualification: { cpa: true } }),
        periods
      )
    )
  })

  test('deposits matter only to conditions that count them, and only inside their windows', ({ assert }) => {
    // Registered on 1 February; has its FTD, not qualified.
    const withFtd = customer({ ftdActivityId: 400, ftdDate: '2026-02-03' })
    const depositOn = (date: string) => [row(date, { deposits: '30', depositCount: 1 })]
    // A rule on the FTD amount only: the FTD is fixed once, later deposits cannot move it.
    const ftdRule = campaign({ rules: [{ variable: 'ftd', operator: 'gte', value: '100', numberOfDays: 7 }] })
    assert.isTrue(
      onlyProvisional(route({ customer: withFtd, campaign: ftdRule, rows: depositOn('2026-02-04') }), periods)
    )
    // QFTD within 7 days: a deposit of the 8th still counts, one of the 9th no longer does.
    const qftd = campaign({ qftd: { minDeposit: '50', daysSinceRegistration: 7 } })
    assert.isFalse(
      onlyProvisional(route({ customer: withFtd, campaign: qftd, rows: depositOn('2026-02-08') }), periods)
    )
    assert.isTrue(onlyProvisional(route({ customer: withFtd, campaign: qftd, rows: depositOn('2026-02-09') }), periods))
    // The longest window decides; a rule without a window counts every deposit.
    const rules = (numberOfDays: number | null) =>
      campaign({
        qftd: { minDeposit: '50', daysSinceRegistration: 7 },
        rules: [{ variable: 'd', operator: 'gte', value: '3', numberOfDays }],
      })
    assert.isFalse(
      onlyProvisional(route({ customer: withFtd, campaign: rules(20), rows: depositOn('2026-02-21') }), periods)
    )
    assert.isTrue(
      onlyProvisional(route({ customer: withFtd, campaign: rules(20), rows: depositOn('2026-02-22') }), periods)
    )
    assert.isFalse(
      onlyProvisional(route({ customer: withFtd, campaign: rules(null), rows: depositOn('2026-02-27') }), periods)
    )
    // Cumulative deposit within 10 days: a deposit after the window cannot reach it.
    const cumulative = campaign({
      model: 'cumulative_deposit',
      goal: null,
      cumulativeDeposit: '1000',
      cpaCdP: '250',
      numberOfDays: 10,
    })
    assert.isFalse(onlyProvisional(route({ campaign: cumulative, rows: depositOn('2026-02-11') }), periods))
    assert.isTrue(onlyProvisional(route({ campaign: cumulative, rows: depositOn('2026-02-12') }), periods))
  })

  test('outside the coverage countries only a default payout can earn on activity', ({ assert }) => {
    const qftd = { minDeposit: '50', daysSinceRegistration: 30 }
    const covered = campaign({ coverageCountries: ['PT'], qftd })
    const withFtd = customer({ ftdActivityId: 400, country: 'BR' })
    const deposit = [row('2026-02-10', { deposits: '80', depositCount: 1 })]
    assert.isTrue(onlyProvisional(route({ customer: withFtd, campaign: covered, rows: deposit }), periods))
    assert.isFalse(
      onlyProvisional(
        route({
          customer: withFtd,
          campaign: campaign({ coverageCountries: ['PT'], defaultPayout: '20', qftd }),
          rows: deposit,
        }),
        periods
      )
    )
    // Cumulative deposit: covered and not reached → a deposit is urgent; outside coverage nothing earns.
    const cumulative = campaign({ model: 'cumulative_deposit', goal: null, cumulativeDeposit: '1000', cpaCdP: '250' })
    assert.isFalse(onlyProvisional(route({ campaign: cumulative, rows: deposit }), periods))
    assert.isTrue(onlyProvisional(route({ campaign: cumulative }), periods))
    assert.isTrue(
      onlyProvisional(
        route({ campaign: { ...cumulative, plan: { ...cumulative.plan, coverageCountries: ['DE'] } }, rows: deposit }),
        periods
      )
    )
  })

  test('always at once: a correction, a new FTD, a fraud player, a date before the first period or in a closed one', ({
    assert,
  }) => {
    const cps = campaign({ model: 'cps', goal: null, cpsNgrP: '30' })
    assert.isFalse(onlyProvisional(route({ campaign: cps, corrected: true }), periods))
    assert.isFalse(onlyProvisional(route({ campaign: cps, ftdFixed: true }), periods))
    assert.isFalse(onlyProvisional(route({ campaign: cps, customer: customer({ status: 'fraud' }) }), periods))
    assert.isFalse(onlyProvisional(route({ campaign: cps, rows: [row('2025-12-31')] }), periods))
    assert.isFalse(
      onlyProvisional(route({ campaign: cps, rows: [row('2026-01-20')] }), { ...periods, lastClosed: '2026-01' })
    )
    assert.isFalse(onlyProvisional(route({ campaign: cps }), { ...periods, firstPeriod: null }))
    assert.isFalse(onlyProvisional(route({ campaign: cps, customer: undefined }), periods))
  })
})
