/* List options (sortable and filterable fields) shared by the controller and the routes' OpenAPI. */
import type { ListOptions } from '@affix/core/kernel'
import { MEDIA_STATUSES, MEDIA_TYPES } from './models/media.js'

export const MEDIA_LIST: ListOptions = {
  sortable: {
    id: 'id',
    title: 'title',
    type: 'type',
    status: 'status',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  filterable: {
    type: { column: 'type', kind: 'in', values: MEDIA_TYPES },
    status: { column: 'status', kind: 'eq', values: MEDIA_STATUSES },
    title: { column: 'title', kind: 'ilike' },
    // Applied by the controller through media_campaigns (the column here is never used).
    campaignId: { column: 'id', kind: 'eq', type: 'integer' },
  },
  search: ['title', 'description', 'link'],
  defaultSort: ['createdAt', 'desc'],
}
