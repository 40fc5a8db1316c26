/* Value lists and limits of payout plans, caps and rule blocks (spec §3, §5, §9). */
export const PAYOUT_MODELS = ['cpa', 'cpc', 'cps', 'hybrid', 'cumulative_deposit'] as const
export type PayoutModel = (typeof PAYOUT_MODELS)[number]
/** Goal / rule variables: ftd, leads (Registration), ngr, c_deposit (Cumulative Deposit), d (Deposit). */
export const PAYOUT_VARIABLES = ['ftd', 'leads', 'ngr', 'c_deposit', 'd'] as const
export const RULE_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq'] as const

/** CPA fields are amounts in the campaign's currency; CPS (Rev Share) fields are percentages. */
export const AMOUNT_FIELDS = ['cpaPayout', 'cpaCdP', 'cpaFtdP', 'cpaRegP', 'cpaDP'] as const
export const PERCENT_FIELDS = ['cpsFtdP', 'cpsNgrP', 'cpsDP'] as const
export const PAYOUT_FIELDS = [...AMOUNT_FIELDS, ...PERCENT_FIELDS] as const
export type PayoutField = (typeof PAYOUT_FIELDS)[number]
export const PAYOUT_COLUMNS: Record<PayoutField, string> = {
  cpaPayout: 'cpa_payout',
  cpaCdP: 'cpa_cd_p',
  cpaFtdP: 'cpa_ftd_p',
  cpaRegP: 'cpa_reg_p',
  cpaDP: 'cpa_d_p',
  cpsFtdP: 'cps_ftd_p',
  cpsNgrP: 'cps_ngr_p',
  cpsDP: 'cps_d_p',
}

/** The fields each model keeps (goal c_deposit adds cpaCdP to cpa and hybrid, see keptFields). */
export const MODEL_FIELDS: Record<PayoutModel, readonly PayoutField[]> = {
  cpa: ['cpaPayout', 'cpaFtdP', 'cpaRegP', 'cpaDP'],
  cpc: ['cpaPayout'],
  cps: PERCENT_FIELDS,
  hybrid: ['cpaPayout', 'cpaFtdP', 'cpaRegP', 'cpaDP', ...PERCENT_FIELDS],
  cumulative_deposit: ['cpaCdP'],
}

/**
 * What a plan of `model` with `goal` keeps (the commission rules): its payout fields, and
 * whether it keeps `cumulativeDeposit` and `numberOfDays` (model cumulative_deposit, or goal
 * c_deposit on cpa and hybrid, which also keeps cpaCdP). A field it does not keep is refused
 * by name on save, never dropped.
 */
export function keptFields(model: PayoutModel, goal: string | null | undefined) {
  const withCd = goal === 'c_deposit' && (model === 'cpa' || model === 'hybrid')
  const fields: readonly PayoutField[] = withCd ? [...MODEL_FIELDS[model], 'cpaCdP'] : MODEL_FIELDS[model]
  return { fields, cumulative: model === 'cumulative_deposit' || withCd }
}

export const RANGE_MODES = ['marginal', 'whole'] as const
export type RangeMode = (typeof RANGE_MODES)[number]
/** Plan amounts and percentages carry up to 4 decimals (a click can pay less than a cent). */
export const PLAN_DECIMALS = 4

export const MAX_RANGE_RULES = 10
export const MAX_PAYOUT_RULES = 20
export const MAX_AMOUNT = 999_999_999_999.99
export const MAX_DAYS = 3650

export const CAP_VARIABLES = ['clicks', 'leads', 'ftd', 'deposits', 'c_deposit'] as const
export const CAP_TYPES = ['combined', 'each_affiliate'] as const
export const CAP_VISIBILITIES = ['public', 'private'] as const
export const CAP_ACTIONS = ['reject_activity', 'pause_campaign', 'disable_campaign'] as const
export const CAP_LIMITS = ['hourly', 'daily', 'fifteenDays', 'monthly', 'lifetime'] as const
export type CapLimit = (typeof CAP_LIMITS)[number]
export const CAP_LIMIT_COLUMNS: Record<CapLimit, string> = {
  hourly: 'hourly',
  daily: 'daily',
  fifteenDays: 'fifteen_days',
  monthly: 'monthly',
  lifetime: 'lifetime',
}
export const MAX_CAP_VALUE = 2_000_000_000
export const MAX_CAPS_PER_CAMPAIGN = 50

export const TARGETING_FIELDS = ['country', 'device', 'os', 'browser', 'language', 'ip', 'ip_range'] as const
export const TARGETING_OPERATORS = ['in', 'not_in'] as const
export const TARGETING_LOGICS = ['and', 'or'] as const
export const DEVICES = ['desktop', 'mobile', 'tablet'] as const
export const MAX_RULE_BLOCKS_PER_CAMPAIGN = 50
export const MAX_CONDITIONS_PER_BLOCK = 20
export const MAX_VALUES_PER_CONDITION = 500
