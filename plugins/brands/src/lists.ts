/* List options (sortable and filterable fields) shared by the controllers and the routes' OpenAPI. */
import type { ListOptions } from '@affix/core/kernel'
import { BRAND_STATUSES } from './models/brand.js'
import { PRODUCT_STATUSES } from './models/product.js'

export const BRAND_LIST: ListOptions = {
  sortable: {
    id: 'id',
    name: 'name',
    status: 'status',
    email: 'email',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  filterable: {
    status: { column: 'status', kind: 'eq', values: BRAND_STATUSES },
    name: { column: 'name', kind: 'ilike' },
    email: { column: 'email', kind: 'ilike' },
    managerId: { column: 'manager_id', kind: 'eq', type: 'integer' },
  },
  search: ['name', 'email', 'company_name'],
  defaultSort: ['name', 'asc'],
}

export const PRODUCT_LIST: ListOptions = {
  sortable: {
    id: 'id',
    name: 'name',
    status: 'status',
    brandId: 'brand_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  filterable: {
    status: { column: 'status', kind: 'eq', values: PRODUCT_STATUSES },
    name: { column: 'name', kind: 'ilike' },
    brandId: { column: 'brand_id', kind: 'in', type: 'integer' },
  },
  search: ['name'],
  defaultSort: ['name', 'asc'],
}
