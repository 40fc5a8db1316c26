import type { ListOptions } from '@affix/core/kernel'
import { FRAUD_ACTIONS, FRAUD_STATUSES, FRAUD_TYPES } from './models/fraud_rule.js'

export const FRAUD_RULE_LIST: ListOptions = {
  sortable: {
    id: 'id',
    name: 'name',
    action: 'action',
    type: 'type',
    status: 'status',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  filterable: {
    status: { column: 'status', kind: 'eq', values: FRAUD_STATUSES },
    action: { column: 'action', kind: 'eq', values: FRAUD_ACTIONS },
    type: { column: 'type', kind: 'in', values: FRAUD_TYPES },
    name: { column: 'name', kind: 'ilike' },
  },
  search: ['name'],
  defaultSort: ['id', 'desc'],
}
