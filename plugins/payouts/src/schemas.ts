/* Response schemas of the ledger API (OpenAPI components). Amounts are decimal strings. */
import { defineSchema, schemas } from '@affix/core/kernel'
import { ROW_TYPES } from './engine/index.js'
import { ROW_STATUSES } from './lists.js'

const amount = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$', description: 'Decimal amount, 2 decimals' } as const
const nullableAmount = { type: ['string', 'null'], pattern: '^-?\\d+\\.\\d{2}$' } as const
const nullableInt = { type: ['integer', 'null'] } as const
const nullableString = schemas.nullableString
const period = { type: 'string', description: 'YYYY-MM (monthly) or a week’s first date YYYY-MM-DD (weekly)' } as const

const rowProperties = {
  id: schemas.id,
  key: { type: 'string', description: 'The engine’s deterministic key: one row per key' },
  type: { type: 'string', enum: [...ROW_TYPES] },
  status: { type: 'string', enum: [...ROW_STATUSES], description: 'pending is shown as unapproved' },
  denyReason: { type: ['string', 'null'], enum: ['fraud', 'cap_reached', 'manual', null] },
  statusNote: nullableString,
  period,
  date: { type: 'string', format: 'date' },
  affiliateId: schemas.id,
  campaignId: nullableInt,
  brandId: nullableInt,
  customerId: nullableInt,
  currency: { type: 'string' },
  amount: { ...nullableAmount, description: 'Null while the row waits for a rate (pending_fx)' },
  finalAmount: nullableAmount,
  provisional: {
    type: 'boolean',
    description: 'RevShare of a period not closed yet: its amount moves until the close',
  },
  corrects: {
    type: ['object', 'null'],
    description: 'Corrections and clawbacks: the row they correct',
    properties: { key: { type: 'string' }, type: { type: 'string' }, period },
  },
  pricedBy: nullableString,
  planVersion: nullableInt,
  formulaVersion: nullableInt,
  paymentReference: nullableString,
  approvedAt: { type: ['string', 'null'], format: 'date-time' },
  paidAt: { type: ['string', 'null'], format: 'date-time' },
  createdAt: schemas.timestamp,
  updatedAt: schemas.timestamp,
}

export const RowSchema = defineSchema('CommissionRow', {
  type: 'object',
  required: ['id', 'key', 'type', 'status', 'period', 'affiliateId', 'currency', 'amount'],
  properties: rowProperties,
})

export const RowDetailSchema = defineSchema('CommissionRowDetail', {
  type: 'object',
  required: ['id', 'key', 'type', 'status', 'explanation', 'history'],
  properties: {
    ...rowProperties,
    explanation: {
      type: 'object',
      description:
        'What made the row (docs/commissions.md §11): customer, activity ids or clicks, basis, fields and their source, FX rates, plan and formula versions, conditions, tier, level, what it corrects, notes and the arithmetic',
      additionalProperties: true,
    },
    history: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          from: { type: 'string' },
          to: { type: 'string' },
          reason: nullableString,
          reference: nullableString,
          actorId: nullableInt,
          at: schemas.timestamp,
        },
      },
    },
  },
})

export const StatusResultSchema = defineSchema('CommissionStatusResult', {
  type: 'object',
  required: ['action', 'changed', 'changedIds', 'refused'],
  properties: {
    action: { type: 'string', enum: ['approve', 'deny', 'hold', 'pay'] },
    changed: { type: 'integer' },
    changedIds: { type: 'array', items: schemas.id },
    refused: {
      type: 'object',
      description: 'Rows left as they were, counted by reason (filter actions)',
      additionalProperties: { type: 'integer' },
    },
  },
})

export const StatementSchema = defineSchema('CommissionStatement', {
  type: 'object',
  required: ['affiliateId', 'period', 'currency', 'total'],
  properties: {
    affiliateId: schemas.id,
    period,
    closed: { type: 'boolean' },
    closedAt: { type: ['string', 'null'], format: 'date-time' },
    currency: { type: 'string' },
    cpa: { ...amount, description: 'Registration, goal CPA, deposit CPA, cumulative deposit and CPC rows' },
    revshare: amount,
    carryover: amount,
    referral: amount,
    adjustment: { ...amount, description: 'Corrections, clawbacks and tier true-ups' },
    total: { ...amount, description: 'The sum of the rows that count (not denied, priced)' },
    byStatus: {
      type: 'object',
      properties: {
        unapproved: amount,
        approved: amount,
        paid: amount,
        hold: amount,
        denied: amount,
      },
    },
    waitingForRates: { type: 'integer', description: 'Rows waiting for a rate (no amount yet)' },
    rows: { type: 'integer' },
  },
})

export const CarryBalanceSchema = defineSchema('CarryoverBalance', {
  type: 'object',
  properties: {
    period,
    affiliateId: schemas.id,
    brandId: schemas.id,
    currency: { type: 'string' },
    amount,
  },
})

export const ReferralReportSchema = defineSchema('ReferralReportLine', {
  type: 'object',
  properties: {
    period,
    referrerId: schemas.id,
    level: { type: 'integer', enum: [1, 2, 3] },
    currency: { type: 'string' },
    referredAffiliates: { type: 'integer' },
    amount,
  },
})

export const CloseSummarySchema = defineSchema('PeriodCloseSummary', {
  type: 'object',
  properties: {
    period,
    start: { type: 'string', format: 'date' },
    end: { type: 'string', format: 'date' },
    customersRecomputed: { type: 'integer' },
    rowsInserted: { type: 'integer' },
    rowsUpdated: { type: 'integer' },
    rowsDeleted: { type: 'integer' },
    carryoverRows: { type: 'integer' },
    referralRows: { type: 'integer' },
    totals: {
      type: 'array',
      items: {
        type: 'object',
        properties: { currency: { type: 'string' }, type: { type: 'string' }, amount, rows: { type: 'integer' } },
      },
    },
    closedAt: schemas.timestamp,
  },
})

export const PeriodsSchema = defineSchema('CommissionPeriods', {
  type: 'object',
  properties: {
    periodKind: { type: 'string', enum: ['monthly', 'weekly'] },
    weekStart: { type: 'integer', description: 'ISO weekday 1 (Monday) … 7 (Sunday)' },
    closeDelayDays: { type: 'integer' },
    firstPeriod: { type: ['string', 'null'] },
    lastClosed: { type: ['string', 'null'] },
    earliestOpen: { type: ['string', 'null'] },
    periods: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          period,
          start: { type: 'string', format: 'date' },
          end: { type: 'string', format: 'date' },
          status: { type: 'string', enum: ['open', 'closed'] },
          closedAt: { type: ['string', 'null'], format: 'date-time' },
          closedBy: nullableInt,
          scheduledCloseOn: { type: ['string', 'null'], format: 'date' },
          canClose: { type: 'boolean' },
          summary: { type: ['object', 'null'], additionalProperties: true },
        },
      },
    },
  },
})

const levels = { type: 'array', items: { type: ['string', 'null'] }, minItems: 3, maxItems: 3 } as const
export const ReferralSettingSchema = defineSchema('ReferralSetting', {
  type: 'object',
  properties: {
    method: { type: 'string', enum: ['ngr', 'payout'] },
    levels: { ...levels, description: 'Percentages of levels 1, 2 and 3' },
    partnerReferral: { type: 'boolean' },
    overrides: {
      type: 'array',
      items: { type: 'object', properties: { affiliateId: schemas.id, levels } },
    },
    updatedAt: schemas.timestamp,
  },
})

const formulaVersion = {
  type: 'object',
  properties: {
    version: { type: 'integer' },
    ggr: nullableString,
    ngr: nullableString,
    enabled: { type: 'boolean' },
    createdBy: nullableInt,
    createdAt: schemas.timestamp,
  },
} as const
export const BrandFormulaSchema = defineSchema('BrandFormula', {
  type: 'object',
  properties: {
    brandId: schemas.id,
    current: { ...formulaVersion, type: ['object', 'null'] },
    defaults: { type: 'object', properties: { ggr: { type: 'string' }, ngr: { type: 'string' } } },
    versions: { type: 'array', items: formulaVersion },
  },
})

export const FormulaCheckSchema = defineSchema('FormulaCheck', {
  type: 'object',
  properties: {
    valid: { type: 'boolean' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          field: { type: 'string', enum: ['ggr', 'ngr'] },
          rule: { type: 'string' },
          position: { type: 'integer', description: '0-based character position' },
          message: { type: 'string' },
        },
      },
    },
    result: {
      type: ['object', 'null'],
      properties: {
        ggr: { type: 'string' },
        ngr: { type: 'string' },
        divisionByZero: { type: ['string', 'null'], enum: ['ggr', 'ngr', null] },
      },
    },
  },
})
