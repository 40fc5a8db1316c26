import type { ListOptions } from '@affix/core/kernel'
import { DEEP_LINK_STATUSES } from './models/deep_link.js'

export const DEEP_LINK_LIST: ListOptions = {
  sortable: {
    id: 'id',
    name: 'name',
    status: 'status',
    campaignId: 'campaign_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  filterable: {
    status: { column: 'status', kind: 'eq', values: DEEP_LINK_STATUSES },
    campaignId: { column: 'campaign_id', kind: 'in', type: 'integer' },
    name: { column: 'name', kind: 'ilike' },
  },
  search: ['name', 'url'],
  defaultSort: ['name', 'asc'],
}
