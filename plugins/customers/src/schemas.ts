/* Request and response schemas of the customers API (OpenAPI components). */
import { defineSchema, schemas } from '@affix/core/kernel'
import {
  ACTIVITY_COLUMNS,
  AMOUNT_FIELDS,
  ATTRIBUTION_SOURCES,
  B_FIELDS,
  CAP_STATUSES,
  CONVERSION_TYPES,
  CUSTOMER_COLUMNS,
  CUSTOMER_STATUSES,
  INGEST_SOURCES,
  MAX_BATCH_ROWS,
} from './constants.js'

const nullableInt = { type: ['integer', 'null'] } as const
const nullableString = schemas.nullableString
const decimalString = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', description: 'Decimal amount (never a float)' }
const nullableDecimal = { type: ['string', 'null'], pattern: '^-?\\d+(\\.\\d+)?$' }
const cell = { type: ['string', 'number', 'boolean', 'null'] }
const camel = (field: string) => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

const AttributionFailure = defineSchema('CustomerAttributionFailure', {
  type: 'object',
  required: ['rule', 'reason', 'message'],
  properties: {
    rule: { type: 'string', enum: ['click', 'promo_code', 'explicit'] },
    reason: { type: 'string' },
    message: { type: 'string' },
  },
})

export const CustomerSchema = defineSchema('Customer', {
  type: 'object',
  required: ['id', 'cuid', 'brandId', 'registeredAt', 'status', 'attributionSource'],
  properties: {
    id: schemas.id,
    cuid: {
      type: 'string',
      description: "The operator's player id (masked for affiliates when the organisation asks)",
    },
    brandId: schemas.id,
    campaignId: nullableInt,
    affiliateId: nullableInt,
    registeredAt: schemas.timestamp,
    registeredOn: { type: 'string', format: 'date' },
    country: nullableString,
    currency: nullableString,
    status: { type: 'string', enum: [...CUSTOMER_STATUSES] },
    attributionSource: { type: 'string', enum: [...ATTRIBUTION_SOURCES] },
    attributionFailures: { type: 'array', items: AttributionFailure },
    clickId: nullableString,
    promoCodeId: nullableInt,
    ftdActivityId: nullableInt,
    ftdDate: nullableString,
    fraudMarkedAt: { type: ['string', 'null'], format: 'date-time' },
    cuName: nullableString,
    email: nullableString,
    ip: nullableString,
    coupon: nullableString,
    requestedCampaignId: nullableInt,
    requestedPubId: nullableInt,
    ...Object.fromEntries(B_FIELDS.map((field) => [field, nullableString])),
    fraudReason: nullableString,
    source: { type: 'string', enum: [...INGEST_SOURCES] },
    createdAt: schemas.timestamp,
    updatedAt: schemas.timestamp,
  },
})

const activityProperties = {
  id: schemas.id,
  customerId: schemas.id,
  cuid: nullableString,
  brandId: schemas.id,
  campaignId: nullableInt,
  affiliateId: nullableInt,
  date: { type: 'string', format: 'date' },
  txnId: nullableString,
  currency: { type: 'string' },
  ...Object.fromEntries(AMOUNT_FIELDS.map((field) => [camel(field), decimalString])),
  depositCount: { type: 'integer' },
  betCount: { ...nullableInt, description: 'null for activity dated on or before 29 April 2025' },
  ftd: { type: 'boolean', description: 'The row was sent flagged as FTD' },
  isFtd: { type: 'boolean', description: "The row is the customer's fixed first deposit" },
  fraud: { type: 'boolean' },
  version: { type: 'integer', description: '1, then +1 per correction' },
  source: { type: 'string', enum: [...INGEST_SOURCES] },
  createdAt: schemas.timestamp,
  updatedAt: schemas.timestamp,
}

export const ActivitySchema = defineSchema('CustomerActivity', {
  type: 'object',
  required: ['id', 'customerId', 'date', 'currency', 'version'],
  properties: activityProperties,
})

export const ActivityDetailSchema = defineSchema('CustomerActivityDetail', {
  type: 'object',
  required: ['id', 'revisions'],
  properties: {
    ...activityProperties,
    revisions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          version: { type: 'integer' },
          source: { type: 'string' },
          replacedAt: schemas.timestamp,
          values: { type: 'object', additionalProperties: true },
        },
      },
    },
  },
})

export const ConversionSchema = defineSchema('CustomerConversion', {
  type: 'object',
  required: ['id', 'customerId', 'type', 'date', 'capStatus'],
  properties: {
    id: schemas.id,
    customerId: schemas.id,
    cuid: nullableString,
    brandId: schemas.id,
    campaignId: nullableInt,
    affiliateId: nullableInt,
    type: { type: 'string', enum: [...CONVERSION_TYPES] },
    activityId: nullableInt,
    date: { type: 'string', format: 'date' },
    occurredAt: schemas.timestamp,
    amount: nullableDecimal,
    currency: nullableString,
    depositCount: nullableInt,
    clickId: nullableString,
    capStatus: { type: 'string', enum: [...CAP_STATUSES] },
    capId: nullableInt,
    capAction: nullableString,
    createdAt: schemas.timestamp,
  },
})

export const CustomerDetailSchema = defineSchema('CustomerDetail', {
  type: 'object',
  required: ['customer', 'attribution', 'clicks', 'activityByDay', 'conversions', 'reassignments'],
  properties: {
    customer: CustomerSchema,
    attribution: {
      type: 'object',
      properties: {
        source: { type: 'string', enum: [...ATTRIBUTION_SOURCES] },
        campaignId: nullableInt,
        affiliateId: nullableInt,
        clickId: nullableString,
        promoCodeId: nullableInt,
        failures: { type: 'array', items: AttributionFailure },
      },
    },
    ftd: {
      type: ['object', 'null'],
      properties: {
        activityId: schemas.id,
        date: { type: 'string' },
        amount: decimalString,
        currency: { type: 'string' },
      },
    },
    fraud: {
      type: ['object', 'null'],
      properties: { markedAt: schemas.timestamp, markedBy: nullableInt, reason: nullableString },
    },
    clicks: { type: 'array', items: { $ref: '#/components/schemas/CustomerClick' } },
    activityByDay: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          date: { type: 'string' },
          currency: { type: 'string' },
          rows: { type: 'integer' },
          depositCount: { type: 'integer' },
          betCount: nullableInt,
          isFtd: { type: 'boolean' },
          ...Object.fromEntries(AMOUNT_FIELDS.map((field) => [camel(field), decimalString])),
        },
      },
    },
    conversions: { type: 'array', items: ConversionSchema },
    reassignments: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: schemas.id,
          fromAffiliateId: nullableInt,
          toAffiliateId: schemas.id,
          effectiveDate: { type: 'string' },
          reason: nullableString,
          actorId: nullableInt,
          createdAt: schemas.timestamp,
        },
      },
    },
    timeline: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: schemas.id,
          kind: { type: 'string' },
          actorId: nullableInt,
          data: { type: 'object', additionalProperties: true },
          createdAt: schemas.timestamp,
        },
      },
    },
  },
})

export const ClickSchema = defineSchema('CustomerClick', {
  type: 'object',
  properties: {
    clickId: { type: 'string' },
    createdAt: schemas.timestamp,
    campaignId: nullableInt,
    affiliateId: nullableInt,
    outcome: { type: 'string' },
    reason: nullableString,
    ip: { type: 'string' },
    country: nullableString,
    device: nullableString,
    os: nullableString,
    browser: nullableString,
    referrer: nullableString,
    source: nullableString,
    params: { type: 'object', additionalProperties: { type: 'string' } },
    fraudAction: nullableString,
  },
})

export const BatchResultSchema = defineSchema('CustomerBatchResult', {
  type: 'object',
  required: ['summary', 'results'],
  properties: {
    summary: {
      type: 'object',
      properties: {
        created: { type: 'integer' },
        updated: { type: 'integer' },
        duplicate: { type: 'integer' },
        error: { type: 'integer' },
      },
    },
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['index', 'status'],
        properties: {
          index: { type: 'integer', description: 'Position of the row in the request' },
          status: { type: 'string', enum: ['created', 'updated', 'duplicate', 'error'] },
          id: nullableInt,
          customerId: nullableInt,
          error: {
            type: ['object', 'null'],
            properties: { code: { type: 'string' }, message: { type: 'string' }, status: { type: 'integer' } },
          },
          notes: {
            type: 'array',
            items: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
          },
          attribution: {
            type: 'object',
            properties: {
              source: { type: 'string', enum: [...ATTRIBUTION_SOURCES] },
              campaignId: nullableInt,
              affiliateId: nullableInt,
              failures: { type: 'array', items: AttributionFailure },
            },
          },
        },
      },
    },
  },
})

const rowsBody = (columns: readonly string[], description: string) => ({
  type: 'object',
  required: ['rows'],
  properties: {
    rows: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BATCH_ROWS,
      description,
      items: {
        type: 'object',
        // Each row is judged on its own: an unknown column refuses that row (with its reason),
        // never the batch, so the document lets any column through to the row checks.
        description: 'A row: the columns below; any other column refuses that row only',
        additionalProperties: true,
        properties: Object.fromEntries(columns.map((column) => [column, cell])),
      },
    },
  },
})

export const CustomerBatchBody = rowsBody(
  CUSTOMER_COLUMNS,
  'Registrations (the customer CSV columns): cuid required; date = registration date or date-time (now when absent)'
)
export const ActivityBatchBody = rowsBody(
  ACTIVITY_COLUMNS,
  'Activity rows (the activity CSV columns): cuid and date required; txn_id is the idempotency key when given, else cuid + date'
)

export const FxRateSchema = defineSchema('FxRate', {
  type: 'object',
  required: ['from', 'to', 'date', 'rate'],
  properties: {
    from: { type: 'string', pattern: '^[A-Z]{3}$' },
    to: { type: 'string', pattern: '^[A-Z]{3}$' },
    date: { type: 'string', format: 'date' },
    rate: decimalString,
    updatedAt: schemas.timestamp,
    updatedBy: nullableInt,
  },
})

export const FxRatesBody = {
  type: 'object',
  required: ['rates'],
  properties: {
    rates: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BATCH_ROWS,
      items: {
        type: 'object',
        required: ['from', 'to', 'date', 'rate'],
        additionalProperties: false,
        properties: {
          from: { type: 'string', description: 'ISO 4217' },
          to: { type: 'string', description: 'ISO 4217' },
          date: { type: 'string', format: 'date' },
          rate: { type: ['string', 'number'], description: '1 `from` = rate `to` (up to 10 decimals)' },
        },
      },
    },
  },
}

export const PostbackInfoSchema = defineSchema('CustomerPostbackInfo', {
  type: 'object',
  required: ['url', 'configured'],
  properties: {
    url: {
      type: 'string',
      description: 'GET or POST; parameters secret, event, cuid, cid, amount, currency, txn_id, b1…b9',
    },
    events: { type: 'array', items: { type: 'string' } },
    configured: { type: 'boolean' },
    secretHint: nullableString,
    createdAt: { type: ['string', 'null'], format: 'date-time' },
    rotatedAt: { type: ['string', 'null'], format: 'date-time' },
    secret: { type: 'string', description: 'Only in the answer that created it' },
    example: { type: 'string' },
  },
})

export const PostbackLogSchema = defineSchema('CustomerPostbackLogEntry', {
  type: 'object',
  properties: {
    id: schemas.id,
    receivedAt: schemas.timestamp,
    sourceIp: { type: 'string' },
    method: { type: 'string' },
    event: nullableString,
    params: { type: 'object', additionalProperties: { type: 'string' }, description: 'Without the secret' },
    outcome: { type: 'string', enum: ['created', 'updated', 'duplicate', 'error'] },
    status: { type: 'integer' },
    message: nullableString,
    cuid: nullableString,
    txnId: nullableString,
    customerId: nullableInt,
    activityId: nullableInt,
  },
})
