import type { ListOptions } from '@affix/core/kernel'
import { POSTBACK_EVENTS, TARGET_STATUSES } from './models/postback.js'
import { ATTEMPT_OUTCOMES } from './models/attempt.js'
import { DELIVERY_STATUSES } from './models/delivery.js'
import { RULE_STATUSES } from './models/postback_rule.js'

export const POSTBACK_LIST: ListOptions = {
  sortable: { id: 'id', name: 'name', status: 'status', createdAt: 'created_at', updatedAt: 'updated_at' },
  filterable: {
    status: { column: 'status', kind: 'eq', values: TARGET_STATUSES },
    affiliateId: { column: 'affiliate_id', kind: 'eq', type: 'integer' },
    method: { column: 'method', kind: 'eq', values: ['get', 'post'] },
    name: { column: 'name', kind: 'ilike' },
  },
  search: ['name', 'url'],
  defaultSort: ['id', 'desc'],
}

export const ATTEMPT_LIST: ListOptions = {
  sortable: { id: 'id', createdAt: 'created_at', latencyMs: 'latency_ms', statusCode: 'status_code' },
  filterable: {
    outcome: { column: 'outcome', kind: 'eq', values: ATTEMPT_OUTCOMES },
    event: { column: 'event', kind: 'eq' },
    eventId: { column: 'event_id', kind: 'eq', description: 'The delivery event id (UUID)' },
    postbackId: { column: 'postback_id', kind: 'eq', type: 'integer' },
    webhookId: { column: 'webhook_id', kind: 'eq', type: 'integer' },
    affiliateId: { column: 'affiliate_id', kind: 'eq', type: 'integer' },
    customerId: { column: 'customer_id', kind: 'eq', type: 'integer' },
    clickId: { column: 'click_id', kind: 'eq' },
    statusCode: { column: 'status_code', kind: 'eq', type: 'integer' },
  },
  search: ['url', 'error'],
  defaultSort: ['id', 'desc'],
}

export const DELIVERY_LIST: ListOptions = {
  sortable: { id: 'id', createdAt: 'created_at', updatedAt: 'updated_at', attempts: 'attempts' },
  filterable: {
    status: { column: 'status', kind: 'eq', values: DELIVERY_STATUSES },
    event: { column: 'event', kind: 'eq' },
    postbackId: { column: 'postback_id', kind: 'eq', type: 'integer' },
    webhookId: { column: 'webhook_id', kind: 'eq', type: 'integer' },
    affiliateId: { column: 'affiliate_id', kind: 'eq', type: 'integer' },
  },
  defaultSort: ['id', 'desc'],
}

export const RULE_LIST: ListOptions = {
  sortable: { id: 'id', name: 'name', priority: 'priority', createdAt: 'created_at' },
  filterable: {
    postbackId: { column: 'postback_id', kind: 'eq', type: 'integer' },
    status: { column: 'status', kind: 'eq', values: RULE_STATUSES },
  },
  search: ['name'],
  defaultSort: ['priority', 'asc'],
}

export const WEBHOOK_LIST: ListOptions = {
  sortable: { id: 'id', name: 'name', status: 'status', createdAt: 'created_at' },
  filterable: { status: { column: 'status', kind: 'eq', values: TARGET_STATUSES } },
  search: ['name', 'url'],
  defaultSort: ['id', 'desc'],
}

export { POSTBACK_EVENTS }
