/*
 * Request validators of payout plans, caps and rule blocks. VineJS checks each field
 * (types, spec §5 bounds); the rules that tie fields together (what a model requires,
 * range order, cap period order, targeting values) are in checks.ts.
 */
import vine from '@vinejs/vine'
import { countryRule, TEXT_MAX } from '@affix/core/kernel'
import {
  CAP_ACTIONS,
  CAP_TYPES,
  CAP_VARIABLES,
  CAP_VISIBILITIES,
  MAX_AMOUNT,
  MAX_CAP_VALUE,
  MAX_CONDITIONS_PER_BLOCK,
  MAX_DAYS,
  MAX_PAYOUT_RULES,
  MAX_VALUES_PER_CONDITION,
  PAYOUT_MODELS,
  PLAN_DECIMALS,
  RANGE_MODES,
  PAYOUT_VARIABLES,
  RULE_OPERATORS,
  TARGETING_FIELDS,
  TARGETING_LOGICS,
  TARGETING_OPERATORS,
} from './constants.js'

const greaterThanZero = (name: string, max?: number, inclusiveMax = true) =>
  vine.createRule(
    (value, _options, field) => {
      if (typeof value !== 'number') return
      const aboveMax = max !== undefined && (inclusiveMax ? value > max : value >= max)
      if (value <= 0 || aboveMax) field.report('{field} is out of range', name, field)
    },
    { name, toJSONSchema: (schema) => void Object.assign(schema, { exclusiveMinimum: 0 }) }
  )

/** Spec §5 "Payout greater than 0" (an amount in the campaign's currency). */
const payoutAmountRule = greaterThanZero('payoutAmount')
/** Spec §5 "Payout greater than 0 and at most 100" (a percentage). */
const payoutPercentRule = greaterThanZero('payoutPercent', 100)
/** A deposit amount, "{field} must be greater than 0". */
const positiveRule = greaterThanZero('positive')
/** Spec §5 "Value greater than 0" for caps. */
const capValueRule = greaterThanZero('capValue')

// Plan amounts and percentages: up to PLAN_DECIMALS (4) decimals.
const money = () => vine.number().decimal([0, PLAN_DECIMALS]).max(MAX_AMOUNT)
const amount = () => money().use(payoutAmountRule()).optional().nullable()
const percent = () => vine.number().decimal([0, PLAN_DECIMALS]).use(payoutPercentRule()).optional().nullable()
const days = () => vine.number().withoutDecimals().min(1).max(MAX_DAYS).optional().nullable()

export const payoutFieldRules = () => ({
  cpaPayout: amount(),
  cpaCdP: amount(),
  cpaFtdP: amount(),
  cpaRegP: amount(),
  cpaDP: amount(),
  cpsFtdP: percent(),
  cpsNgrP: percent(),
  cpsDP: percent(),
})

export const payoutValidator = vine.create({
  model: vine.enum(PAYOUT_MODELS),
  goal: vine.enum(PAYOUT_VARIABLES).optional().nullable(),
  ...payoutFieldRules(),
  cumulativeDeposit: money().use(positiveRule()).optional().nullable(),
  numberOfDays: days(),
  qftd: vine
    .object({
      minDeposit: money().use(positiveRule()).optional().nullable(),
      daysSinceRegistration: vine.number().withoutDecimals().min(0).max(MAX_DAYS).optional().nullable(),
    })
    .optional()
    .nullable(),
  defaultPayout: amount(),
  coverageCountries: vine
    .array(vine.string().trim().toUpperCase().use(countryRule()))
    .maxLength(250)
    .distinct()
    .optional(),
  rules: vine
    .array(
      vine.object({
        variable: vine.enum(PAYOUT_VARIABLES),
        operator: vine.enum(RULE_OPERATORS),
        value: money().min(0),
        numberOfDays: days(),
        cumulativeDeposit: money().use(positiveRule()).optional().nullable(),
        isPercentage: vine.boolean().optional(),
      })
    )
    .maxLength(MAX_PAYOUT_RULES)
    .optional(),
  // Omitted: unchanged; null (or no ranges): removed. Count and order are checked in checks.ts.
  rangeRules: vine
    .object({
      enabled: vine.boolean(),
      // Marginal (default): the k-th event pays the tier reached at k; whole: every event of the period pays the final tier.
      mode: vine.enum(RANGE_MODES).optional(),
      ranges: vine.array(vine.object({ from: money().min(0), payout: money().use(payoutAmountRule()) })).maxLength(100),
    })
    .optional()
    .nullable(),
  // Omitted: unchanged; a list replaces the overrides (of the affiliates the caller may see).
  affiliatePayouts: vine
    .array(vine.object({ affiliateId: vine.number().withoutDecimals().positive(), ...payoutFieldRules() }))
    .maxLength(1000)
    .distinct('affiliateId')
    .optional(),
  groupPayouts: vine
    .array(vine.object({ groupId: vine.number().withoutDecimals().positive(), ...payoutFieldRules() }))
    .maxLength(500)
    .distinct('groupId')
    .optional(),
})

const capLimit = () => vine.number().withoutDecimals().use(capValueRule()).max(MAX_CAP_VALUE).optional().nullable()
const capLimits = () =>
  vine.object({
    hourly: capLimit(),
    daily: capLimit(),
    fifteenDays: capLimit(),
    monthly: capLimit(),
    lifetime: capLimit(),
  })

export const createCapValidator = vine.create({
  variable: vine.enum(CAP_VARIABLES),
  type: vine.enum(CAP_TYPES),
  visibility: vine.enum(CAP_VISIBILITIES),
  action: vine.enum(CAP_ACTIONS),
  limits: capLimits().optional(),
})

/** Partial: `limits`, when sent, replaces every limit (a period left out has none). */
export const updateCapValidator = vine.create({
  variable: vine.enum(CAP_VARIABLES).optional(),
  type: vine.enum(CAP_TYPES).optional(),
  visibility: vine.enum(CAP_VISIBILITIES).optional(),
  action: vine.enum(CAP_ACTIONS).optional(),
  limits: capLimits().optional(),
})

const condition = () =>
  vine.object({
    field: vine.enum(TARGETING_FIELDS),
    operator: vine.enum(TARGETING_OPERATORS),
    values: vine
      .array(vine.string().trim().minLength(1).maxLength(100))
      .minLength(1)
      .maxLength(MAX_VALUES_PER_CONDITION),
  })

export const createRuleBlockValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX),
  logic: vine.enum(TARGETING_LOGICS),
  conditions: vine.array(condition()).minLength(1).maxLength(MAX_CONDITIONS_PER_BLOCK),
})

export const updateRuleBlockValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX).optional(),
  logic: vine.enum(TARGETING_LOGICS).optional(),
  conditions: vine.array(condition()).minLength(1).maxLength(MAX_CONDITIONS_PER_BLOCK).optional(),
})
