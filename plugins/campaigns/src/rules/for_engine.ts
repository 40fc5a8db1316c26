/*
 * Payout plans as the commission engine reads them (plugin payouts, through contracts):
 * the current version of each campaign's plan with its per-affiliate and per-group payouts,
 * amounts as decimal strings. A campaign without a plan is left out (it earns nothing).
 * Deleted campaigns are included: their customers' rows keep being explained.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { keptFields, PAYOUT_COLUMNS, PAYOUT_FIELDS, type PayoutField, type PayoutModel } from './constants.js'

type Fields = Partial<Record<PayoutField, string | null>>

export interface EnginePayoutPlan extends Fields {
  version: number
  model: PayoutModel
  goal: 'ftd' | 'leads' | 'ngr' | 'c_deposit' | 'd' | null
  cumulativeDeposit: string | null
  numberOfDays: number | null
  qftd: { minDeposit: string | null; daysSinceRegistration: number | null } | null
  defaultPayout: string | null
  coverageCountries: string[]
  rules: Array<{
    variable: 'ftd' | 'leads' | 'ngr' | 'c_deposit' | 'd'
    operator: 'gt' | 'gte' | 'lt' | 'lte' | 'eq'
    value: string
    numberOfDays: number | null
  }>
  /** Null: no tiers (none saved, or saved disabled as a draft). */
  rangeRules: { mode: 'marginal' | 'whole'; ranges: Array<{ from: number; payout: string }> } | null
}

export interface CampaignPayout {
  id: number
  brandId: number
  currency: string
  title: string
  plan: EnginePayoutPlan
  affiliatePayouts: Record<number, Fields>
  groupPayouts: Record<number, Fields>
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

function fieldsOf(row: Record<string, any>, kept: readonly PayoutField[]): Fields {
  const fields: Fields = {}
  for (const field of PAYOUT_FIELDS) fields[field] = kept.includes(field) ? text(row[PAYOUT_COLUMNS[field]]) : null
  return fields
}

/** The plans of the organisation's campaigns among `campaignIds` (all of them when omitted). */
export async function payoutPlans(
  organizationId: number,
  campaignIds?: number[],
  client: QueryClientContract = db.connection()
): Promise<Map<number, CampaignPayout>> {
  const result = new Map<number, CampaignPayout>()
  const ids = campaignIds?.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)
  if (ids && !ids.length) return result
  const query = client
    .from('campaign_payouts as p')
    .join('campaigns as c', 'c.id', 'p.campaign_id')
    .where('p.organization_id', organizationId)
    .select('p.*', 'c.brand_id', 'c.currency', 'c.title')
  if (ids) query.whereIn('p.campaign_id', ids)
  const plans = await query
  if (!plans.length) return result
  const overrides = await client
    .from('campaign_payout_overrides')
    .where('organization_id', organizationId)
    .whereIn(
      'campaign_id',
      plans.map((plan) => plan.campaign_id)
    )
    .orderBy('id')
  for (const row of plans) {
    const model = row.model as PayoutModel
    const kept = keptFields(model, row.goal)
    const ranges = (row.range_rules ?? []) as Array<{ from: string; payout: string }>
    const plan: EnginePayoutPlan = {
      version: Number(row.version ?? 1),
      model,
      goal: row.goal ?? null,
      ...fieldsOf(row, kept.fields),
      cumulativeDeposit: kept.cumulative ? text(row.cumulative_deposit) : null,
      numberOfDays: kept.cumulative && row.number_of_days !== null ? Number(row.number_of_days) : null,
      qftd:
        row.qftd_min_deposit === null && row.qftd_days === null
          ? null
          : {
              minDeposit: text(row.qftd_min_deposit),
              daysSinceRegistration: row.qftd_days === null ? null : Number(row.qftd_days),
            },
      defaultPayout: text(row.default_payout),
      coverageCountries: row.coverage_countries ?? [],
      rules: ((row.rules ?? []) as Array<Record<string, any>>).map((rule) => ({
        variable: rule.variable,
        operator: rule.operator,
        value: String(rule.value),
        numberOfDays: rule.numberOfDays ?? null,
      })),
      rangeRules:
        row.range_rules_enabled && ranges.length
          ? {
              mode: model === 'cps' ? 'whole' : (row.range_rules_mode ?? 'marginal'),
              ranges: ranges.map((range) => ({ from: Number(range.from), payout: String(range.payout) })),
            }
          : null,
    }
    const campaignId = Number(row.campaign_id)
    const entry: CampaignPayout = {
      id: campaignId,
      brandId: Number(row.brand_id),
      currency: String(row.currency).trim(),
      title: row.title,
      plan,
      affiliatePayouts: {},
      groupPayouts: {},
    }
    for (const override of overrides) {
      if (Number(override.campaign_id) !== campaignId) continue
      if (override.affiliate_id !== null)
        entry.affiliatePayouts[Number(override.affiliate_id)] = fieldsOf(override, kept.fields)
      else if (override.group_id !== null)
        entry.groupPayouts[Number(override.group_id)] = fieldsOf(override, kept.fields)
    }
    result.set(campaignId, entry)
  }
  return result
}

/** Campaigns of the organisation that have a payout plan (ids only). */
export async function campaignsWithPlans(
  organizationId: number,
  client: QueryClientContract = db.connection()
): Promise<number[]> {
  const rows = await client.from('campaign_payouts').where('organization_id', organizationId).select('campaign_id')
  return rows.map((row) => Number(row.campaign_id))
}
