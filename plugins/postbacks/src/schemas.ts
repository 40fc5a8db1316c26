import { defineSchema, schemas } from '@affix/core/kernel'
import { POSTBACK_EVENTS, POSTBACK_METHODS, TARGET_STATUSES } from './models/postback.js'
import { ATTEMPT_OUTCOMES } from './models/attempt.js'
import { DELIVERY_STATUSES } from './models/delivery.js'
import { RULE_ACTIONS, RULE_STATUSES } from './models/postback_rule.js'
import { WEBHOOK_EVENTS } from './models/webhook_config.js'

const nullableId = { type: ['integer', 'null'], minimum: 1 } as const
const nullableIds = { type: ['array', 'null'], items: schemas.id } as const
const nullableInteger = { type: ['integer', 'null'] } as const

export const PostbackSchema = defineSchema('Postback', {
  type: 'object',
  required: ['id', 'affiliateId', 'name', 'events', 'campaignIds', 'method', 'url', 'status', 'consecutiveFailures'],
  properties: {
    id: schemas.id,
    affiliateId: { ...nullableId, description: "The affiliate's own postback; null: the network's global postback" },
    name: { type: 'string' },
    events: { type: 'array', items: { type: 'string', enum: [...POSTBACK_EVENTS] } },
    campaignIds: { ...nullableIds, description: 'null: every campaign' },
    method: { type: 'string', enum: [...POSTBACK_METHODS] },
    url: { type: 'string', description: 'GET: URL with macros; POST: where the signed JSON goes' },
    maskCustomerId: {
      type: 'boolean',
      description:
        "Always mask {customer_id}. Off (the default): an affiliate's postback follows the organisation's customer-ID masking preference (no flag unmasks it); a global postback gets the raw id",
    },
    hasSecret: { type: 'boolean', description: 'POST postbacks are signed with a secret shown once' },
    secret: { type: 'string', description: 'Only in the answer that created or rotated it' },
    status: { type: 'string', enum: [...TARGET_STATUSES] },
    consecutiveFailures: { type: 'integer' },
    disabledAt: schemas.nullableString,
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const DeletedSchema = defineSchema('PostbacksDeleted', {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
})

export const AttemptSchema = defineSchema('PostbackAttempt', {
  type: 'object',
  required: ['id', 'deliveryId', 'attempt', 'event', 'eventId', 'url', 'outcome', 'latencyMs', 'createdAt'],
  properties: {
    id: schemas.id,
    deliveryId: schemas.id,
    kind: { type: 'string', enum: ['postback', 'webhook'] },
    postbackId: nullableId,
    webhookId: nullableId,
    affiliateId: nullableId,
    attempt: { type: 'integer' },
    event: { type: 'string' },
    eventId: { type: 'string', format: 'uuid' },
    method: { type: 'string' },
    url: { type: 'string', description: 'As sent, with credentials and secret-looking values masked' },
    outcome: { type: 'string', enum: [...ATTEMPT_OUTCOMES] },
    statusCode: nullableInteger,
    error: schemas.nullableString,
    latencyMs: { type: 'integer' },
    responseExcerpt: schemas.nullableString,
    customerId: nullableId,
    clickId: schemas.nullableString,
    createdAt: { type: 'string' },
  },
})

export const DeliverySchema = defineSchema('PostbackDelivery', {
  type: 'object',
  required: ['id', 'kind', 'event', 'eventId', 'status', 'attempts'],
  properties: {
    id: schemas.id,
    kind: { type: 'string', enum: ['postback', 'webhook'] },
    postbackId: nullableId,
    webhookId: nullableId,
    affiliateId: nullableId,
    event: { type: 'string' },
    eventId: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: [...DELIVERY_STATUSES] },
    attempts: { type: 'integer' },
    nextAttemptAt: schemas.nullableString,
    lastStatusCode: nullableInteger,
    lastError: schemas.nullableString,
    deliveredAt: schemas.nullableString,
    customerId: nullableId,
    clickId: schemas.nullableString,
    createdAt: schemas.nullableString,
  },
})

export const ResendSchema = defineSchema('PostbackResend', {
  type: 'object',
  required: ['deliveries'],
  properties: { deliveries: { type: 'integer', description: 'Deliveries queued again' } },
})

export const TestResultSchema = defineSchema('PostbackTestResult', {
  type: 'object',
  required: ['request', 'response'],
  properties: {
    request: {
      type: 'object',
      required: ['method', 'url', 'headers'],
      properties: {
        method: { type: 'string' },
        url: { type: 'string' },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        body: schemas.nullableString,
      },
    },
    response: {
      type: 'object',
      required: ['ok', 'latencyMs'],
      properties: {
        ok: { type: 'boolean' },
        statusCode: nullableInteger,
        error: schemas.nullableString,
        latencyMs: { type: 'integer' },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        body: schemas.nullableString,
      },
    },
  },
})

export const RuleSchema = defineSchema('PostbackRule', {
  type: 'object',
  required: ['id', 'postbackId', 'name', 'action', 'priority', 'samplePercent', 'status'],
  properties: {
    id: schemas.id,
    postbackId: schemas.id,
    name: { type: 'string' },
    action: { type: 'string', enum: [...RULE_ACTIONS] },
    priority: { type: 'integer', description: 'Lowest first; the first rule that matches decides' },
    events: { type: ['array', 'null'], items: { type: 'string', enum: [...POSTBACK_EVENTS] } },
    campaignIds: nullableIds,
    countries: { type: ['array', 'null'], items: { type: 'string' } },
    minAmount: schemas.nullableString,
    maxAmount: schemas.nullableString,
    samplePercent: { type: 'integer', minimum: 0, maximum: 100 },
    status: { type: 'string', enum: [...RULE_STATUSES] },
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const WebhookSchema = defineSchema('WebhookConfig', {
  type: 'object',
  required: ['id', 'name', 'url', 'events', 'status', 'consecutiveFailures'],
  properties: {
    id: schemas.id,
    name: { type: 'string' },
    url: { type: 'string' },
    events: { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENTS] } },
    status: { type: 'string', enum: [...TARGET_STATUSES] },
    consecutiveFailures: { type: 'integer' },
    secret: { type: 'string', description: 'Only in the answer that created or rotated it' },
    secretRotatedAt: schemas.nullableString,
    disabledAt: schemas.nullableString,
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const NoticeSchema = defineSchema('PostbackNotice', {
  type: 'object',
  required: ['id', 'kind', 'failures', 'createdAt'],
  properties: {
    id: schemas.id,
    kind: { type: 'string', enum: ['auto_disabled'] },
    affiliateId: nullableId,
    postbackId: nullableId,
    webhookId: nullableId,
    failures: { type: 'integer' },
    message: { type: 'string' },
    createdAt: { type: 'string' },
  },
})
