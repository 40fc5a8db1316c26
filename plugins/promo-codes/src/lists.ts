/* List options shared by the controller and the routes' OpenAPI. */
import type { ListOptions } from '@affix/core/kernel'
import { PROMO_CODE_ORIGINS, PROMO_CODE_STATUSES, PROMO_CODE_TYPES } from './models/promo_code.js'

export const PROMO_CODE_LIST: ListOptions = {
  sortable: {
    id: 'id',
    code: 'code',
    bonus: 'bonus',
    type: 'type',
    status: 'status',
    startDate: 'start_date',
    endDate: 'end_date',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  filterable: {
    // `status` is the derived column of the list query (see controller), not a stored one.
    status: { column: 'status', kind: 'in', values: PROMO_CODE_STATUSES },
    type: { column: 'type', kind: 'in', values: PROMO_CODE_TYPES },
    origin: { column: 'origin', kind: 'eq', values: PROMO_CODE_ORIGINS },
    campaignId: { column: 'campaign_id', kind: 'in', type: 'integer' },
    affiliateId: { column: 'affiliate_id', kind: 'in', type: 'integer' },
    code: { column: 'code', kind: 'ilike' },
  },
  search: ['code', 'description'],
  defaultSort: ['createdAt', 'desc'],
}
