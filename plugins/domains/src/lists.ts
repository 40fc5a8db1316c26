import type { ListOptions } from '@affix/core/kernel'
import { DOMAIN_PROTOCOLS, DOMAIN_STATUSES, DOMAIN_TYPES, DOMAIN_VISIBILITIES } from './models/domain.js'

export const DOMAIN_LIST: ListOptions = {
  sortable: {
    id: 'id',
    name: 'name',
    protocol: 'protocol',
    visibility: 'visibility',
    type: 'type',
    status: 'status',
    isDefault: 'is_default',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  filterable: {
    status: { column: 'status', kind: 'eq', values: DOMAIN_STATUSES },
    type: { column: 'type', kind: 'eq', values: DOMAIN_TYPES },
    visibility: { column: 'visibility', kind: 'eq', values: DOMAIN_VISIBILITIES },
    protocol: { column: 'protocol', kind: 'eq', values: DOMAIN_PROTOCOLS },
    name: { column: 'name', kind: 'ilike' },
  },
  search: ['name'],
  defaultSort: ['name', 'asc'],
}
