/*
 * Payout plans (spec §3 Payout, §5): the models, the fields each model shows, client checks
 * (amounts > 0, percentages > 0 and ≤ 100, range rules ≤ 10 with increasing values) and the
 * body of PUT /campaigns/:id/payout (camelCase, as the rest of the API).
 */
export const PAYOUT_MODELS = ['cpa', 'cpc', 'cps', 'hybrid', 'cumulative_deposit'] as const
export type PayoutModel = (typeof PAYOUT_MODELS)[number]
export const PAYOUT_GOALS = ['ftd', 'leads', 'ngr', 'c_deposit', 'd'] as const

/** Spec §3's payout fields (cpa_payout … cps_d_p) in the API's camelCase. */
export const PAYOUT_FIELDS = [
  'cpaPayout',
  'cpaCdP',
  'cpaFtdP',
  'cpaRegP',
  'cpaDP',
  'cpsFtdP',
  'cpsNgrP',
  'cpsDP',
] as const
export type PayoutField = (typeof PAYOUT_FIELDS)[number]
/** Rev Share (cps_*) fields are percentages; the CPA ones are amounts in the campaign's currency (server: rules/constants.ts). */
export const PERCENT_FIELDS: ReadonlySet<PayoutField> = new Set(['cpsFtdP', 'cpsNgrP', 'cpsDP'])

const CPA: PayoutField[] = ['cpaPayout', 'cpaFtdP', 'cpaRegP', 'cpaDP']
const CPS: PayoutField[] = ['cpsFtdP', 'cpsNgrP', 'cpsDP']

/** The fields each model shows, in order. */
export const MODEL_FIELDS: Record<PayoutModel, readonly PayoutField[]> = {
  cpa: CPA,
  cpc: ['cpaPayout'],
  cps: CPS,
  hybrid: [...CPA, ...CPS],
  cumulative_deposit: ['cpaCdP'],
}

/** What a plan keeps (server: rules/constants.ts keptFields): goal c_deposit adds cpaCdP and the cumulative settings to cpa and hybrid. */
export function keptFields(model: PayoutModel, goal: unknown) {
  const withCd = goal === 'c_deposit' && (model === 'cpa' || model === 'hybrid')
  const fields: readonly PayoutField[] = withCd ? [...MODEL_FIELDS[model], 'cpaCdP'] : MODEL_FIELDS[model]
  return { fields, cumulative: model === 'cumulative_deposit' || withCd }
}

export const RANGE_MODES = ['marginal', 'whole'] as const
export const RULE_VARIABLES = PAYOUT_GOALS
export const RULE_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq'] as const
export const MAX_RANGE_RULES = 10

export interface PayoutRule {
  variable?: string
  operator?: string
  value?: number | string | null
  numberOfDays?: number | string | null
  cumulativeDeposit?: number | string | null
  isPercentage?: boolean
}
export interface RangeRule {
  from?: number | string | null
  payout?: number | string | null
}
export interface PayoutForm {
  model?: PayoutModel
  goal?: string | null
  cumulativeDeposit?: number | string | null
  numberOfDays?: number | string | null
  qftd?: { minDeposit?: number | string | null; daysSinceRegistration?: number | string | null } | null
  defaultPayout?: number | string | null
  rules?: PayoutRule[]
  rangeRules?: { enabled?: boolean; mode?: (typeof RANGE_MODES)[number]; ranges?: RangeRule[] }
  [field: string]: unknown
}

const blank = (value: unknown) => value === undefined || value === null || value === ''
const num = (value: unknown) => (blank(value) ? null : Number(value))

/** Spec §5: a payout > 0 (amounts); a percentage > 0 and at most 100. Returns a message key or undefined. */
export function checkPayoutValue(field: PayoutField | 'defaultPayout', value: unknown): string | undefined {
  if (blank(value)) return undefined
  const number = Number(value)
  if (!Number.isFinite(number) || number <= 0) return 'campaigns.validation.payout_positive'
  if (PERCENT_FIELDS.has(field as PayoutField) && number > 100) return 'campaigns.validation.payout_max'
  return undefined
}

/** Range rules: at most 10, each value greater than the previous (spec §5). Errors keyed by index. */
export function checkRangeRules(
  rules: RangeRule[] | undefined,
  model?: PayoutModel
): { list?: string; rows: Record<number, { from?: string; payout?: string }> } {
  const rows: Record<number, { from?: string; payout?: string }> = {}
  const list = (rules?.length ?? 0) > MAX_RANGE_RULES ? 'campaigns.validation.range_max' : undefined
  let previous: number | null = null
  ;(rules ?? []).forEach((rule, index) => {
    const row: { from?: string; payout?: string } = {}
    const value = num(rule?.from)
    if (value === null || !Number.isFinite(value)) row.from = 'campaigns.validation.required'
    else if (previous !== null && value <= previous) row.from = 'campaigns.validation.range_increasing'
    if (blank(rule?.payout)) row.payout = 'campaigns.validation.required'
    else if (!(Number(rule?.payout) > 0)) row.payout = 'campaigns.validation.payout_positive'
    else if (model === 'cps' && Number(rule?.payout) > 100) row.payout = 'campaigns.validation.payout_max'
    if (value !== null && Number.isFinite(value)) previous = value
    if (row.from || row.payout) rows[index] = row
  })
  return { list, rows }
}

/**
 * Every payout error as react-hook-form paths under `payout.` (for the form's validate):
 * the model's required field, each field's bounds, rules' required parts, range rules.
 */
export function validatePayout(payout: PayoutForm | undefined): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!payout?.model) {
    errors['payout.model'] = 'campaigns.validation.required'
    return errors
  }
  const fields = keptFields(payout.model, payout.goal).fields
  for (const field of fields) {
    const error = checkPayoutValue(field, payout[field])
    if (error) errors[`payout.${field}`] = error
  }
  // What each model needs (server: rules/checks.ts).
  const model = payout.model
  const cpaLike = model === 'cpa' || model === 'hybrid'
  if ((cpaLike || model === 'cpc') && blank(payout.cpaPayout))
    errors['payout.cpaPayout'] = 'campaigns.validation.required'
  if (cpaLike && blank(payout.goal)) errors['payout.goal'] = 'campaigns.validation.required'
  if ((model === 'cps' || model === 'hybrid') && CPS.every((field) => blank(payout[field])))
    errors['payout.cpsNgrP'] ??= 'campaigns.validation.cps_required'
  if (cpaLike && payout.goal === 'c_deposit' && blank(payout.cumulativeDeposit))
    errors['payout.cumulativeDeposit'] = 'campaigns.validation.cumulative_deposit_required'
  if (model === 'cumulative_deposit') {
    if (blank(payout.cpaCdP)) errors['payout.cpaCdP'] = 'campaigns.validation.required'
    if (blank(payout.cumulativeDeposit))
      errors['payout.cumulativeDeposit'] = 'campaigns.validation.cumulative_deposit_required'
    if (blank(payout.numberOfDays)) errors['payout.numberOfDays'] = 'campaigns.validation.days_required'
  }
  const defaultError = checkPayoutValue('defaultPayout', payout.defaultPayout)
  if (defaultError) errors['payout.defaultPayout'] = defaultError
  ;(payout.rules ?? []).forEach((rule, index) => {
    if (!rule?.variable) errors[`payout.rules.${index}.variable`] = 'campaigns.validation.variable_required'
    if (!rule?.operator) errors[`payout.rules.${index}.operator`] = 'campaigns.validation.required'
    if (blank(rule?.value)) errors[`payout.rules.${index}.value`] = 'campaigns.validation.required'
    // Spec §5: cumulative deposit and number of days where those rules apply.
    if (rule?.variable === 'c_deposit') {
      if (blank(rule.cumulativeDeposit))
        errors[`payout.rules.${index}.cumulativeDeposit`] = 'campaigns.validation.cumulative_deposit_required'
      if (blank(rule.numberOfDays)) errors[`payout.rules.${index}.numberOfDays`] = 'campaigns.validation.days_required'
    }
    // Spec §5: a rate is greater than 0 and less than 100.
    if (rule?.isPercentage && !blank(rule.value) && (Number(rule.value) <= 0 || Number(rule.value) >= 100))
      errors[`payout.rules.${index}.value`] = 'campaigns.validation.rate'
  })
  if (payout.rangeRules?.enabled) {
    const range = checkRangeRules(payout.rangeRules.ranges, model)
    if (range.list) errors['payout.rangeRules.ranges'] = range.list
    for (const [index, row] of Object.entries(range.rows)) {
      if (row.from) errors[`payout.rangeRules.ranges.${index}.from`] = row.from
      if (row.payout) errors[`payout.rangeRules.ranges.${index}.payout`] = row.payout
    }
  }
  return errors
}

/** The body of PUT /campaigns/:id/payout: the model's fields only, numbers as numbers, empty parts as null. */
export function toPayoutPayload(payout: PayoutForm): Record<string, unknown> {
  const model = payout.model ?? 'cpa'
  const body: Record<string, unknown> = { model, goal: blank(payout.goal) ? null : payout.goal }
  const kept = keptFields(model, payout.goal)
  for (const field of kept.fields) body[field] = num(payout[field])
  if (kept.cumulative) {
    body.cumulativeDeposit = num(payout.cumulativeDeposit)
    body.numberOfDays = num(payout.numberOfDays)
  }
  const qftd = payout.qftd ?? {}
  body.qftd =
    blank(qftd.minDeposit) && blank(qftd.daysSinceRegistration)
      ? null
      : { minDeposit: num(qftd.minDeposit), daysSinceRegistration: num(qftd.daysSinceRegistration) }
  body.defaultPayout = num(payout.defaultPayout)
  body.rules = (payout.rules ?? []).map((rule) => ({
    variable: rule.variable,
    operator: rule.operator,
    value: num(rule.value),
    numberOfDays: num(rule.numberOfDays),
    cumulativeDeposit: num(rule.cumulativeDeposit),
    isPercentage: Boolean(rule.isPercentage),
  }))
  const ranges = payout.rangeRules?.ranges ?? []
  // The switch is disabled once ranges exist (they can only be removed), and a disabled input
  // leaves the form's values: no `enabled` with ranges present means they are on.
  const enabled = payout.rangeRules?.enabled ?? ranges.length > 0
  body.rangeRules = enabled
    ? {
        enabled: true,
        ...(payout.rangeRules?.mode && model !== 'cps' ? { mode: payout.rangeRules.mode } : {}),
        ranges: ranges.map((rule) => ({ from: num(rule.from), payout: num(rule.payout) })),
      }
    : null
  return body
}

/** A payout plan as the server answers it (null while none) → the form's shape. */
export function fromPayoutResponse(data: Record<string, any> | null | undefined): PayoutForm {
  if (!data || typeof data !== 'object') return { model: 'cpa', rules: [], rangeRules: { enabled: false, ranges: [] } }
  const ranges = (data.rangeRules?.ranges as RangeRule[] | undefined) ?? []
  return {
    ...data,
    model: (data.model as PayoutModel) ?? 'cpa',
    qftd: data.qftd ?? {},
    rules: (data.rules as PayoutRule[] | undefined) ?? [],
    rangeRules: {
      enabled: Boolean(data.rangeRules?.enabled) || ranges.length > 0,
      mode: data.rangeRules?.mode ?? 'marginal',
      ranges,
    },
  }
}
