/* The clicks list: sortable and filterable fields (controller and OpenAPI share them). */
import type { ListOptions } from '@affix/core/kernel'

export const CLICK_OUTCOMES = ['redirect', 'fallback', 'rejected'] as const
export const CLICK_REASONS = [
  'paused',
  'disabled',
  'expired',
  'cap_reached',
  'targeting',
  'blocked_affiliate',
  'not_approved',
  'fraud_block',
  'unknown_affiliate',
  'unknown_campaign',
] as const

export const CLICK_LIST: ListOptions = {
  sortable: { createdAt: 'created_at' },
  filterable: {
    campaignId: { column: 'campaign_id', kind: 'in', type: 'integer' },
    affiliateId: { column: 'affiliate_id', kind: 'in', type: 'integer' },
    outcome: { column: 'outcome', kind: 'eq', values: CLICK_OUTCOMES },
    reason: { column: 'reason', kind: 'eq', values: CLICK_REASONS },
    country: { column: 'country', kind: 'eq' },
    from: { column: 'created_at', kind: 'eq' },
    to: { column: 'created_at', kind: 'eq' },
  },
  defaultSort: ['createdAt', 'desc'],
}
