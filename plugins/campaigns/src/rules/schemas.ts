import { defineSchema, schemas } from '@affix/core/kernel'
import {
  CAP_ACTIONS,
  CAP_TYPES,
  CAP_VARIABLES,
  CAP_VISIBILITIES,
  PAYOUT_MODELS,
  PAYOUT_VARIABLES,
  RANGE_MODES,
  RULE_OPERATORS,
  TARGETING_FIELDS,
  TARGETING_LOGICS,
  TARGETING_OPERATORS,
} from './constants.js'

const decimal = {
  type: ['string', 'null'],
  pattern: '^\\d+\\.\\d{2,4}$',
  description: 'Decimal string (2 to 4 decimals)',
} as const
const payoutFields = {
  cpaPayout: { ...decimal, description: 'CPA payout (amount in the campaign currency)' },
  cpaCdP: { ...decimal, description: 'Cumulative deposit CPA payout (amount)' },
  cpaFtdP: { ...decimal, description: 'FTD CPA payout (amount)' },
  cpaRegP: { ...decimal, description: 'Registration CPA payout (amount)' },
  cpaDP: { ...decimal, description: 'Deposit CPA payout (amount)' },
  cpsFtdP: { ...decimal, description: 'Rev Share % of FTD (0 < x ≤ 100)' },
  cpsNgrP: { ...decimal, description: 'Rev Share % of NGR (0 < x ≤ 100)' },
  cpsDP: { ...decimal, description: 'Rev Share % of deposits (0 < x ≤ 100)' },
}

export const PayoutPlanSchema = defineSchema('CampaignPayoutPlan', {
  type: ['object', 'null'],
  description: 'null while the campaign has no plan',
  required: ['campaignId', 'model', 'rules', 'rangeRules', 'affiliatePayouts', 'groupPayouts'],
  properties: {
    campaignId: schemas.id,
    model: { type: 'string', enum: [...PAYOUT_MODELS], description: 'cps is shown as Rev Share' },
    goal: { type: ['string', 'null'], enum: [...PAYOUT_VARIABLES, null] },
    ...payoutFields,
    cumulativeDeposit: decimal,
    numberOfDays: { type: ['integer', 'null'] },
    qftd: {
      type: 'object',
      properties: { minDeposit: decimal, daysSinceRegistration: { type: ['integer', 'null'] } },
    },
    defaultPayout: decimal,
    coverageCountries: { type: 'array', items: { type: 'string' } },
    rules: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          variable: { type: 'string', enum: [...PAYOUT_VARIABLES] },
          operator: { type: 'string', enum: [...RULE_OPERATORS] },
          value: { type: 'string' },
          numberOfDays: { type: ['integer', 'null'] },
          cumulativeDeposit: decimal,
          isPercentage: { type: 'boolean' },
        },
      },
    },
    rangeRules: {
      type: 'object',
      properties: {
        enabled: { type: 'boolean' },
        mode: {
          type: 'string',
          enum: [...RANGE_MODES],
          description:
            'marginal: the k-th event pays the tier reached at k; whole: every event pays the tier the period reaches',
        },
        ranges: {
          type: 'array',
          items: { type: 'object', properties: { from: { type: 'string' }, payout: { type: 'string' } } },
        },
      },
    },
    affiliatePayouts: {
      type: 'array',
      description: 'Per-affiliate payouts (empty for an affiliate)',
      items: {
        type: 'object',
        properties: { affiliateId: schemas.id, affiliateName: schemas.nullableString, ...payoutFields },
      },
    },
    groupPayouts: {
      type: 'array',
      description: 'Per-group payouts (empty for an affiliate)',
      items: { type: 'object', properties: { groupId: schemas.id, ...payoutFields } },
    },
    appliedOverride: {
      type: ['string', 'null'],
      enum: ['affiliate', 'group', null],
      description: "An affiliate's view: which override its payout fields come from",
    },
    version: { type: 'integer', description: 'The plan version commission rows name (every save adds one)' },
    updatedAt: schemas.timestamp,
  },
})

const limit = { type: ['integer', 'null'], minimum: 1 } as const
export const CapSchema = defineSchema('CampaignCap', {
  type: 'object',
  required: ['id', 'campaignId', 'variable', 'type', 'visibility', 'action', 'limits'],
  properties: {
    id: schemas.id,
    campaignId: schemas.id,
    variable: { type: 'string', enum: [...CAP_VARIABLES] },
    type: { type: 'string', enum: [...CAP_TYPES] },
    visibility: { type: 'string', enum: [...CAP_VISIBILITIES] },
    action: { type: 'string', enum: [...CAP_ACTIONS] },
    limits: {
      type: 'object',
      properties: { hourly: limit, daily: limit, fifteenDays: limit, monthly: limit, lifetime: limit },
    },
    createdAt: schemas.timestamp,
    updatedAt: schemas.timestamp,
  },
})

export const RuleBlockSchema = defineSchema('CampaignRuleBlock', {
  type: 'object',
  required: ['id', 'campaignId', 'name', 'logic', 'conditions'],
  properties: {
    id: schemas.id,
    campaignId: schemas.id,
    name: { type: 'string' },
    logic: { type: 'string', enum: [...TARGETING_LOGICS] },
    conditions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'operator', 'values'],
        properties: {
          field: { type: 'string', enum: [...TARGETING_FIELDS] },
          operator: { type: 'string', enum: [...TARGETING_OPERATORS] },
          values: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    createdAt: schemas.timestamp,
    updatedAt: schemas.timestamp,
  },
})

export const DeletedRuleSchema = defineSchema('CampaignRuleDeleted', {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
})
