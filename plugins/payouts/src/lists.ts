/* Sortable and filterable fields of the ledger's lists (controllers and the OpenAPI document share them). */
import type { ListOptions } from '@affix/core/kernel'
import { ROW_TYPES } from './engine/index.js'

export const ROW_STATUSES = ['pending', 'approved', 'paid', 'denied', 'hold', 'pending_fx'] as const
const ids = (column: string) => ({ column, kind: 'in' as const, type: 'integer' as const })

export const ROW_LIST: ListOptions = {
  sortable: { date: 'r.date', id: 'r.id', amount: 'r.amount', period: 'r.period' },
  filterable: {
    period: {
      column: 'r.period',
      kind: 'in',
      description: 'Period (YYYY-MM, or a week’s first date); repeat for several',
    },
    affiliateId: ids('r.affiliate_id'),
    campaignId: ids('r.campaign_id'),
    brandId: ids('r.brand_id'),
    customerId: ids('r.customer_id'),
    type: { column: 'r.type', kind: 'in', values: ROW_TYPES },
    status: {
      column: 'r.status',
      kind: 'in',
      values: ROW_STATUSES,
      description: 'pending is shown as unapproved',
    },
    currency: { column: 'r.currency', kind: 'eq' },
  },
  defaultSort: ['id', 'desc'],
}
