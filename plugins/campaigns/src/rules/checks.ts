/*
 * The rules that tie fields together (spec §5), reported like VineJS errors (422 with
 * `error.fields`, each message in the caller's language, `campaign_rules.validator.messages.*`).
 */
import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { isCountryCode } from '@affix/core/kernel'
import { isValidIpValue } from './targeting.js'
import {
  CAP_LIMITS,
  DEVICES,
  MAX_RANGE_RULES,
  keptFields,
  PAYOUT_FIELDS,
  PERCENT_FIELDS,
  type CapLimit,
  type PayoutField,
  type PayoutModel,
} from './constants.js'
import type { TargetingCondition } from '../types.js'

interface Failure {
  field: string
  rule: string
  key: string
  data?: Record<string, unknown>
}

export class Failures {
  readonly list: Failure[] = []
  add(field: string, rule: string, key = rule, data?: Record<string, unknown>) {
    this.list.push({ field, rule, key, data })
  }
  /** Throws the 422 when anything failed. */
  throwIfAny(ctx: HttpContext) {
    if (!this.list.length) return
    throw new vineErrors.E_VALIDATION_ERROR(
      this.list.map(({ field, rule, key, data }) => ({
        field,
        rule,
        message: ctx.i18n.t(`campaign_rules.validator.messages.${key}`, data ?? {}),
      }))
    )
  }
}

const blank = (value: unknown) => value === undefined || value === null

type PayoutValues = Partial<Record<PayoutField, number | null>>

export interface PayoutInput extends PayoutValues {
  model: PayoutModel
  goal?: string | null
  cumulativeDeposit?: number | null
  numberOfDays?: number | null
  rules?: Array<{
    variable: string
    value: number
    numberOfDays?: number | null
    cumulativeDeposit?: number | null
    isPercentage?: boolean
  }>
  rangeRules?: {
    enabled: boolean
    mode?: 'marginal' | 'whole'
    ranges: Array<{ from: number; payout: number }>
  } | null
  affiliatePayouts?: Array<PayoutValues & { affiliateId: number }>
  groupPayouts?: Array<PayoutValues & { groupId: number }>
}

/**
 * What each model requires (spec §3/§5), rules' cumulative deposit and days, range rules,
 * and the commission rules' "a plan earns only the fields its model keeps": a field set that
 * the model (with its goal) does not keep is refused by name, in the plan and in overrides.
 */
export function checkPayout(input: PayoutInput, failures: Failures) {
  const { model } = input
  const kept = keptFields(model, input.goal)
  const cpaLike = model === 'cpa' || model === 'hybrid'
  const notKept = (prefix: string, values: PayoutValues) => {
    for (const field of PAYOUT_FIELDS)
      if (!blank(values[field]) && !kept.fields.includes(field))
        failures.add(`${prefix}${field}`, 'kept', 'field_not_kept', { name: field, model })
  }
  notKept('', input)
  for (const field of ['cumulativeDeposit', 'numberOfDays'] as const)
    if (!blank(input[field]) && !kept.cumulative) failures.add(field, 'kept', 'field_not_kept', { name: field, model })
  if ((cpaLike || model === 'cpc') && blank(input.cpaPayout)) failures.add('cpaPayout', 'required', 'payout_required')
  if (cpaLike && blank(input.goal)) failures.add('goal', 'required', 'goal_required')
  if ((model === 'cps' || model === 'hybrid') && PERCENT_FIELDS.every((field) => blank(input[field])))
    failures.add('cpsNgrP', 'required', 'rev_share_required')
  if (model === 'cumulative_deposit') {
    if (blank(input.cpaCdP)) failures.add('cpaCdP', 'required', 'payout_required')
    if (blank(input.cumulativeDeposit)) failures.add('cumulativeDeposit', 'required', 'cumulative_required')
    if (blank(input.numberOfDays)) failures.add('numberOfDays', 'required', 'cumulative_required')
  }
  // Goal c_deposit pays when deposits reach the cumulative deposit (within the days, when set).
  if (cpaLike && input.goal === 'c_deposit' && blank(input.cumulativeDeposit))
    failures.add('cumulativeDeposit', 'required', 'cumulative_goal_required')
  input.rules?.forEach((rule, index) => {
    if (rule.variable === 'c_deposit') {
      if (blank(rule.cumulativeDeposit))
        failures.add(`rules.${index}.cumulativeDeposit`, 'required', 'cumulative_required')
      if (blank(rule.numberOfDays)) failures.add(`rules.${index}.numberOfDays`, 'required', 'cumulative_required')
    }
    // Spec §5 "Rate greater than 0 and less than 100".
    if (rule.isPercentage && (rule.value <= 0 || rule.value >= 100)) failures.add(`rules.${index}.value`, 'rate')
  })
  const ranges = input.rangeRules?.ranges ?? []
  if (ranges.length > MAX_RANGE_RULES)
    failures.add('rangeRules.ranges', 'maxLength', 'range_max', { max: MAX_RANGE_RULES })
  ranges.forEach((range, index) => {
    if (index > 0 && range.from <= ranges[index - 1].from)
      failures.add(`rangeRules.ranges.${index}.from`, 'increasing', 'range_increasing')
    // A Rev Share tier pays a percentage.
    if (model === 'cps' && range.payout > 100) failures.add(`rangeRules.ranges.${index}.payout`, 'payoutPercent')
  })
  // Marginal is for CPA tiers; a Rev Share tier always pays the period's final tier (whole).
  if (model === 'cps' && input.rangeRules?.mode === 'marginal')
    failures.add('rangeRules.mode', 'kept', 'range_mode_cps')
  input.affiliatePayouts?.forEach((override, index) => {
    notKept(`affiliatePayouts.${index}.`, override)
    if (kept.fields.every((field) => blank(override[field])))
      failures.add(`affiliatePayouts.${index}`, 'required', 'override_required')
  })
  input.groupPayouts?.forEach((override, index) => {
    notKept(`groupPayouts.${index}.`, override)
    if (kept.fields.every((field) => blank(override[field])))
      failures.add(`groupPayouts.${index}`, 'required', 'override_required')
  })
}

export type CapLimits = Partial<Record<CapLimit, number | null>>

/** At least one limit; each shorter period below the longer ones (hourly < daily < 15-day < monthly). */
export function checkCapLimits(limits: CapLimits, failures: Failures) {
  const set = CAP_LIMITS.filter((period) => !blank(limits[period]))
  if (!set.length) {
    failures.add('limits', 'required', 'limit_required')
    return
  }
  const ordered: CapLimit[] = ['hourly', 'daily', 'fifteenDays', 'monthly']
  ordered.forEach((period, index) => {
    const value = limits[period]
    if (blank(value)) return
    const longer = ordered.slice(index + 1).filter((other) => !blank(limits[other]))
    if (longer.some((other) => value! >= limits[other]!)) failures.add(`limits.${period}`, 'below', `${period}_below`)
  })
}

const LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i

/** Normalises and checks each condition's values (ISO countries, devices, languages, IPs). */
export function checkConditions(conditions: TargetingCondition[], failures: Failures, prefix = 'conditions') {
  conditions.forEach((condition, index) => {
    condition.values = [...new Set(condition.values.map((value) => normalize(condition.field, value)))]
    condition.values.forEach((value, valueIndex) => {
      const field = `${prefix}.${index}.values.${valueIndex}`
      const ok =
        condition.field === 'country'
          ? isCountryCode(value)
          : condition.field === 'device'
            ? (DEVICES as readonly string[]).includes(value)
            : condition.field === 'language'
              ? LANGUAGE.test(value)
              : condition.field === 'ip' || condition.field === 'ip_range'
                ? isValidIpValue(condition.field, value)
                : true
      if (!ok) failures.add(field, condition.field, `invalid_${condition.field}`, { value })
    })
  })
}

function normalize(field: TargetingCondition['field'], value: string) {
  if (field === 'country') return value.toUpperCase()
  if (field === 'device') return value.toLowerCase()
  if (field === 'ip_range') return value.replace(/\s+/g, '')
  return value
}
