/* Builders for the commission engine's unit tests: small, readable inputs. */
import type {
  ActivityInput,
  AffiliateInput,
  CampaignInput,
  CustomerInput,
  EngineInput,
  PayoutPlan,
  RateLookup,
} from '../../src/engine/index.js'

export function plan(values: Partial<PayoutPlan> = {}): PayoutPlan {
  return {
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
    ...values,
  }
}

export function campaign(values: Partial<CampaignInput> & { plan?: PayoutPlan } = {}): CampaignInput {
  return { id: 10, brandId: 1, currency: 'EUR', plan: plan(), ...values }
}

export function affiliate(id: number, values: Partial<AffiliateInput> = {}): AffiliateInput {
  return { id, primaryGroupId: null, negativeCarryover: false, referredBy: null, ...values }
}

export function act(id: string, date: string, values: Partial<ActivityInput> = {}): ActivityInput {
  return { id, date, currency: 'EUR', ...values }
}

export function customer(id: number, values: Partial<CustomerInput> = {}): CustomerInput {
  return {
    id,
    brandId: 1,
    campaignId: 10,
    affiliateId: 100,
    registeredAt: '2026-01-02T12:00:00Z',
    country: 'BR',
    ftdActivityId: null,
    activity: [],
    ...values,
  }
}

/** Rates as `EURUSD:2026-01-05` (exact date) → rate. */
export function rates(table: Record<string, string> = {}): RateLookup {
  return (from, to, date) => table[`${from}${to}:${date}`] ?? null
}

export function input(values: Partial<EngineInput> = {}): EngineInput {
  return {
    organization: {
      timeZone: 'UTC',
      period: { kind: 'monthly', weekStart: 1 },
      periods: { firstPeriod: '2026-01', lastClosed: null },
    },
    brands: [{ id: 1, formula: { version: 1, ggr: null, ngr: null } }],
    campaigns: [campaign()],
    affiliates: [affiliate(100), affiliate(200)],
    customers: [],
    rates: rates(),
    ...values,
  }
}

/** key → amount of the rows (optionally of one type). */
export function amounts(rows: Array<{ key: string; type: string; amount: string | null }>, type?: string) {
  return Object.fromEntries(rows.filter((row) => !type || row.type === type).map((row) => [row.key, row.amount]))
}
