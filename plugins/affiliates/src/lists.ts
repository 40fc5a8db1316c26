/* List options (sortable and filterable fields) shared by the controllers and the routes' OpenAPI. */
import type { ListOptions } from '@affix/core/kernel'
import { AFFILIATE_STATUSES } from './constants.js'

export const AFFILIATE_LIST: ListOptions = {
  sortable: {
    id: 'id',
    name: 'name',
    email: 'email',
    status: 'status',
    country: 'country',
    currency: 'currency',
    companyName: 'company_name',
    feePercent: 'fee_percent',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    lastLoginAt: 'last_login_at',
  },
  filterable: {
    status: { column: 'status', kind: 'in', values: AFFILIATE_STATUSES.filter((status) => status !== 'deleted') },
    // Any group the affiliate belongs to (the primary group is a membership too).
    groupId: {
      column: 'id',
      kind: 'via',
      type: 'integer',
      via: { table: 'affiliate_group_members', match: 'group_id', select: 'affiliate_id' },
      description: 'Affiliates in this group: any membership, the primary group included (repeat for several)',
    },
    managerId: { column: 'manager_id', kind: 'in', type: 'integer' },
    country: { column: 'country', kind: 'eq' },
    currency: { column: 'currency', kind: 'eq' },
    referredBy: { column: 'referred_by', kind: 'in', type: 'integer' },
    name: { column: 'name', kind: 'ilike' },
    email: { column: 'email', kind: 'ilike' },
  },
  search: ['name', 'email', 'company_name', 'external_id'],
  defaultSort: ['createdAt', 'desc'],
}

export const NOTE_LIST: ListOptions = {
  sortable: { id: 'id', createdAt: 'created_at' },
  filterable: {},
  defaultSort: ['createdAt', 'desc'],
}

/** Who referred whom, as the network sees it: the affiliates that came through a referral. */
export const REFERRALS_LIST: ListOptions = {
  sortable: { id: 'id', name: 'name', status: 'status', createdAt: 'created_at' },
  filterable: {
    status: { column: 'status', kind: 'in', values: AFFILIATE_STATUSES.filter((status) => status !== 'deleted') },
    referredBy: { column: 'referred_by', kind: 'in', type: 'integer' },
  },
  search: ['name', 'email', 'company_name'],
  defaultSort: ['createdAt', 'desc'],
}

/** An affiliate's own referred affiliates: names and status only, so no filter or search on their addresses. */
export const REFERRED_LIST: ListOptions = {
  sortable: { id: 'id', name: 'name', status: 'status', createdAt: 'created_at' },
  filterable: {
    status: { column: 'status', kind: 'in', values: AFFILIATE_STATUSES.filter((status) => status !== 'deleted') },
  },
  search: ['name'],
  defaultSort: ['createdAt', 'desc'],
}
