import type { ListOptions } from '@affix/core/kernel'
import { CAMPAIGN_STATUSES, CAMPAIGN_VISIBILITIES } from './models/campaign.js'

export const CAMPAIGN_LIST: ListOptions = {
  sortable: {
    id: 'id',
    title: 'title',
    status: 'status',
    brandId: 'brand_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    expiresAt: 'expires_at',
  },
  filterable: {
    status: { column: 'status', kind: 'eq', values: CAMPAIGN_STATUSES },
    visibility: { column: 'visibility', kind: 'eq', values: CAMPAIGN_VISIBILITIES },
    brandId: { column: 'brand_id', kind: 'in', type: 'integer' },
    title: { column: 'title', kind: 'ilike' },
    featured: { column: 'featured', kind: 'eq', values: ['true', 'false'] },
  },
  search: ['title', 'external_id'],
  defaultSort: ['title', 'asc'],
}

/** An affiliate's search matches titles only: external ids are internal to the network. */
export const AFFILIATE_CAMPAIGN_LIST: ListOptions = { ...CAMPAIGN_LIST, search: ['title'] }
