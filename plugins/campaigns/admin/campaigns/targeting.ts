/*
 * Targeting rule blocks (spec §3 "Rule block"): a click is redirected when it matches any
 * block. The form keeps each condition's values as comma-separated text; the API takes a
 * list. The client checks the name and that each condition has values; the server checks
 * the rest (countries, IP ranges) in the caller's language.
 */
export const TARGETING_FIELDS = ['country', 'device', 'os', 'browser', 'language', 'ip', 'ip_range'] as const
export const TARGETING_OPERATORS = ['in', 'not_in'] as const
export const TARGETING_LOGICS = ['and', 'or'] as const

export interface ConditionForm {
  field: string
  operator: string
  /** Comma-separated in the form; a list in the API. */
  values: string | null
}
export interface BlockForm {
  name: string | null
  logic: string
  conditions: ConditionForm[]
}
export interface RuleBlock {
  id: number
  name: string
  logic: string
  conditions: Array<{ field: string; operator: string; values: string[] }>
}

export const NEW_CONDITION: ConditionForm = { field: 'country', operator: 'in', values: '' }
export const NEW_BLOCK: BlockForm = { name: '', logic: 'and', conditions: [NEW_CONDITION] }

const splitValues = (text: string | null | undefined) =>
  (text ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)

/** A saved block as the form edits it. */
export function toRuleBlockForm(block: RuleBlock): BlockForm {
  return {
    name: block.name,
    logic: block.logic,
    conditions: block.conditions.map((condition) => ({ ...condition, values: condition.values.join(', ') })),
  }
}

export function toRuleBlockPayload(block: BlockForm) {
  return {
    name: (block.name ?? '').trim(),
    logic: block.logic,
    conditions: (block.conditions ?? []).map((condition) => ({
      field: condition.field,
      operator: condition.operator,
      values: splitValues(condition.values),
    })),
  }
}

/** The form's own checks (required name, values): message keys by field path. */
export function validateRuleBlock(block: BlockForm): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!(block.name ?? '').trim()) errors.name = 'campaigns.targeting.required'
  ;(block.conditions ?? []).forEach((condition, index) => {
    if (!splitValues(condition?.values).length) errors[`conditions.${index}.values`] = 'campaigns.targeting.required'
  })
  return errors
}

/** The server names a wrong value by its place in the list (`conditions.0.values.2`): the condition's values input shows it. */
export const ruleBlockErrorInput = (path: string) => path.replace(/^(conditions\.\d+\.values)\.\d+$/, '$1')
