/* Sortable and filterable fields of the lists (controllers and the OpenAPI document share them). */
import type { ListOptions } from '@affix/core/kernel'
import { ATTRIBUTION_SOURCES, CAP_STATUSES, CONVERSION_TYPES, CUSTOMER_STATUSES } from './constants.js'

const ids = (column: string) => ({ column, kind: 'in' as const, type: 'integer' as const })
const date = (description: string) => ({ column: '', kind: 'eq' as const, description })

export const CUSTOMER_LIST: ListOptions = {
  sortable: { registeredAt: 'c.registered_at', id: 'c.id', cuid: 'c.cuid' },
  filterable: {
    brandId: ids('c.brand_id'),
    campaignId: ids('c.campaign_id'),
    affiliateId: ids('c.affiliate_id'),
    country: { column: 'c.country', kind: 'eq' },
    status: { column: 'c.status', kind: 'eq', values: CUSTOMER_STATUSES },
    source: { column: 'c.attribution_source', kind: 'eq', values: ATTRIBUTION_SOURCES },
    from: date('Registered on or after this date (YYYY-MM-DD, organisation time zone)'),
    to: date('Registered on or before this date (YYYY-MM-DD)'),
  },
  search: ['c.cuid', 'c.email', 'c.cu_name'],
  defaultSort: ['registeredAt', 'desc'],
}

export const ACTIVITY_LIST: ListOptions = {
  sortable: { date: 'a.date', id: 'a.id' },
  filterable: {
    brandId: ids('a.brand_id'),
    campaignId: ids('a.campaign_id'),
    affiliateId: ids('a.affiliate_id'),
    customerId: ids('a.customer_id'),
    country: { column: 'c.country', kind: 'eq', description: "The customer's country" },
    status: { column: '', kind: 'eq', values: CUSTOMER_STATUSES, description: 'fraud: rows of fraud customers' },
    currency: { column: 'a.currency', kind: 'eq' },
    ftd: {
      column: 'a.is_ftd',
      kind: 'eq',
      values: ['true', 'false'],
      description: "true: the customer's fixed FTD row",
    },
    from: date('Dated on or after (YYYY-MM-DD)'),
    to: date('Dated on or before (YYYY-MM-DD)'),
  },
  search: ['c.cuid', 'a.txn_id'],
  defaultSort: ['date', 'desc'],
}

export const CONVERSION_LIST: ListOptions = {
  sortable: { date: 'v.date', id: 'v.id' },
  filterable: {
    type: { column: 'v.type', kind: 'eq', values: CONVERSION_TYPES },
    capStatus: { column: 'v.cap_status', kind: 'eq', values: CAP_STATUSES },
    brandId: ids('v.brand_id'),
    campaignId: ids('v.campaign_id'),
    affiliateId: ids('v.affiliate_id'),
    customerId: ids('v.customer_id'),
    country: { column: 'c.country', kind: 'eq', description: "The customer's country" },
    from: date('Dated on or after (YYYY-MM-DD)'),
    to: date('Dated on or before (YYYY-MM-DD)'),
  },
  search: ['c.cuid'],
  defaultSort: ['date', 'desc'],
}

export const POSTBACK_OUTCOMES = ['created', 'updated', 'duplicate', 'error'] as const

export const POSTBACK_LOG_LIST: ListOptions = {
  sortable: { receivedAt: 'l.received_at' },
  filterable: {
    outcome: { column: 'l.outcome', kind: 'eq', values: POSTBACK_OUTCOMES },
    event: { column: 'l.event', kind: 'eq' },
    from: date('Received at or after (ISO date or date-time)'),
    to: date('Received at or before (ISO date or date-time)'),
  },
  search: ['l.cuid', 'l.txn_id', 'l.source_ip'],
  defaultSort: ['receivedAt', 'desc'],
}

export const FX_RATE_LIST: ListOptions = {
  sortable: { date: 'date' },
  filterable: {
    fromCurrency: { column: 'from_currency', kind: 'eq' },
    toCurrency: { column: 'to_currency', kind: 'eq' },
    from: date('On or after (YYYY-MM-DD)'),
    to: date('On or before (YYYY-MM-DD)'),
  },
  defaultSort: ['date', 'desc'],
}
