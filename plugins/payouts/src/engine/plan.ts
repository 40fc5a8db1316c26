/*
 * Payout plans as the engine reads them, and which plan applies to a customer (§6).
 *
 * - A model earns only the fields it keeps: cpa — cpaPayout, cpaFtdP, cpaRegP, cpaDP (and
 *   cpaCdP, cumulativeDeposit, numberOfDays with goal c_deposit); cpc — cpaPayout;
 *   cps — cpsNgrP, cpsDP, cpsFtdP; hybrid — the cpa fields and the cps fields;
 *   cumulative_deposit — cpaCdP, cumulativeDeposit, numberOfDays. `planFieldErrors` names every
 *   field a plan sets that its model does not keep (saving refuses them, never trims).
 * - Resolution is field by field: the affiliate's payout on the campaign, else its primary
 *   group's, else the campaign's own field; a null override field does not override.
 * - Coverage: when the plan lists countries and the customer's country is not among them
 *   (or unknown), only the goal CPA is earned, at defaultPayout (nothing when empty).
 * - Amounts and percentages carry up to 4 decimals.
 */
import { dec, isAmount, type Amount, type Decimal } from './money.js'

export const PAYOUT_MODELS = ['cpa', 'cpc', 'cps', 'hybrid', 'cumulative_deposit'] as const
export type PayoutModel = (typeof PAYOUT_MODELS)[number]
export const GOALS = ['ftd', 'leads', 'ngr', 'c_deposit', 'd'] as const
export type Goal = (typeof GOALS)[number]
export const RULE_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq'] as const
export type RuleOperator = (typeof RULE_OPERATORS)[number]
export const RANGE_MODES = ['marginal', 'whole'] as const
export type RangeMode = (typeof RANGE_MODES)[number]

export const AMOUNT_FIELDS = ['cpaPayout', 'cpaFtdP', 'cpaRegP', 'cpaDP', 'cpaCdP'] as const
export const PERCENT_FIELDS = ['cpsNgrP', 'cpsDP', 'cpsFtdP'] as const
export const PAYOUT_FIELDS = [...AMOUNT_FIELDS, ...PERCENT_FIELDS] as const
export type PayoutField = (typeof PAYOUT_FIELDS)[number]
/** Plan settings besides the payout fields that only some models keep. */
export type CumulativeField = 'cumulativeDeposit' | 'numberOfDays'

export type PayoutFields = Partial<Record<PayoutField, Amount | null>>

export interface PayoutRule {
  variable: Goal
  operator: RuleOperator
  value: Amount
  /** Only activity dated within this many days of registration counts (null: no limit). */
  numberOfDays: number | null
}

export interface RangeRules {
  mode: RangeMode
  /** Strictly ascending `from`, at most 10; `payout` is an amount (cpa, cumulative_deposit) or a percentage (cps). */
  ranges: Array<{ from: number; payout: Amount }>
}

/** A campaign's payout plan at one version (what campaigns stores). */
export interface PayoutPlan extends PayoutFields {
  /** Recorded on every row made with it. */
  version: number
  model: PayoutModel
  goal: Goal | null
  cumulativeDeposit: Amount | null
  numberOfDays: number | null
  qftd: { minDeposit: Amount | null; daysSinceRegistration: number | null } | null
  defaultPayout: Amount | null
  coverageCountries: string[]
  rules: PayoutRule[]
  rangeRules: RangeRules | null
}

const CPA_FIELDS: readonly PayoutField[] = ['cpaPayout', 'cpaFtdP', 'cpaRegP', 'cpaDP']

/** The payout fields and settings a model keeps (goal c_deposit adds cpaCdP and its settings to cpa/hybrid). */
export function fieldsKept(model: PayoutModel, goal: Goal | null): { fields: PayoutField[]; cumulative: boolean } {
  const withCd = goal === 'c_deposit'
  switch (model) {
    case 'cpa':
      return { fields: withCd ? [...CPA_FIELDS, 'cpaCdP'] : [...CPA_FIELDS], cumulative: withCd }
    case 'hybrid':
      return {
        fields: [...(withCd ? [...CPA_FIELDS, 'cpaCdP' as const] : CPA_FIELDS), ...PERCENT_FIELDS],
        cumulative: withCd,
      }
    case 'cpc':
      return { fields: ['cpaPayout'], cumulative: false }
    case 'cps':
      return { fields: [...PERCENT_FIELDS], cumulative: false }
    case 'cumulative_deposit':
      return { fields: ['cpaCdP'], cumulative: true }
  }
}

export type PlanFieldErrorCode = 'field_not_kept' | 'too_many_decimals' | 'not_a_number' | 'percent_range'

export interface PlanFieldError {
  field: string
  code: PlanFieldErrorCode
  data: Record<string, string | number>
}

const FOUR_DECIMALS = /^\d+(\.\d{1,4})?$/

/**
 * The fields a plan (or an override) sets that its model does not keep, and values with
 * more than 4 decimals or percentages outside 0–100: what saving must refuse, by field.
 */
export function planFieldErrors(
  model: PayoutModel,
  goal: Goal | null,
  values: PayoutFields & Partial<Record<CumulativeField, Amount | number | null>>,
  prefix = ''
): PlanFieldError[] {
  const errors: PlanFieldError[] = []
  const kept = fieldsKept(model, goal)
  for (const field of PAYOUT_FIELDS) {
    const value = values[field]
    if (value === null || value === undefined) continue
    if (!kept.fields.includes(field)) {
      errors.push({ field: prefix + field, code: 'field_not_kept', data: { field, model } })
      continue
    }
    if (!isAmount(value)) errors.push({ field: prefix + field, code: 'not_a_number', data: { field } })
    else if (!FOUR_DECIMALS.test(value.replace(/^\+/, '')))
      errors.push({ field: prefix + field, code: 'too_many_decimals', data: { field, max: 4 } })
    else if ((PERCENT_FIELDS as readonly string[]).includes(field) && dec(value).gt(100))
      errors.push({ field: prefix + field, code: 'percent_range', data: { field, max: 100 } })
  }
  for (const field of ['cumulativeDeposit', 'numberOfDays'] as const) {
    const value = values[field]
    if (value !== null && value !== undefined && !kept.cumulative)
      errors.push({ field: prefix + field, code: 'field_not_kept', data: { field, model } })
  }
  return errors
}

export type FieldSource = 'affiliate' | 'group' | 'campaign'

export interface ResolvedField {
  value: Decimal | null
  source: FieldSource | null
}

/** The plan that applies to one affiliate on one campaign. */
export interface ResolvedPlan {
  plan: PayoutPlan
  affiliateId: number
  fields: Record<PayoutField, ResolvedField>
}

/** Field-by-field: affiliate override > primary group override > campaign; nulls do not override. */
export function resolvePlan(
  plan: PayoutPlan,
  affiliateId: number,
  affiliateOverride: PayoutFields | null | undefined,
  groupOverride: PayoutFields | null | undefined
): ResolvedPlan {
  const kept = new Set(fieldsKept(plan.model, plan.goal).fields)
  const fields = {} as Record<PayoutField, ResolvedField>
  for (const field of PAYOUT_FIELDS) {
    if (!kept.has(field)) {
      fields[field] = { value: null, source: null }
      continue
    }
    const own = affiliateOverride?.[field]
    const group = groupOverride?.[field]
    const base = plan[field]
    if (own !== null && own !== undefined) fields[field] = { value: dec(own), source: 'affiliate' }
    else if (group !== null && group !== undefined) fields[field] = { value: dec(group), source: 'group' }
    else if (base !== null && base !== undefined) fields[field] = { value: dec(base), source: 'campaign' }
    else fields[field] = { value: null, source: null }
  }
  return { plan, affiliateId, fields }
}

/** Whether a customer of `country` is inside the plan's coverage (no list: everyone). */
export function isCovered(plan: PayoutPlan, country: string | null | undefined): boolean {
  if (!plan.coverageCountries.length) return true
  if (!country) return false
  const upper = country.toUpperCase()
  return plan.coverageCountries.some((code) => code.toUpperCase() === upper)
}

/** Models that earn the goal `cpa` row (cumulative_deposit earns its own row, cpc clicks, cps RevShare). */
export function earnsGoalCpa(model: PayoutModel): boolean {
  return model === 'cpa' || model === 'hybrid'
}

export function earnsRevshare(model: PayoutModel): boolean {
  return model === 'cps' || model === 'hybrid'
}

/** The tier reached at `count`: the highest range whose `from` ≤ count (null below the first). */
export function tierAt(
  rangeRules: RangeRules | null,
  count: number
): { index: number; from: number; payout: Decimal } | null {
  if (!rangeRules || !rangeRules.ranges.length) return null
  let found: { index: number; from: number; payout: Decimal } | null = null
  rangeRules.ranges.forEach((range, index) => {
    if (range.from <= count) found = { index, from: range.from, payout: dec(range.payout) }
  })
  return found
}
