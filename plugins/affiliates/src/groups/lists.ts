import type { ListOptions } from '@affix/core/kernel'

export const GROUP_LIST: ListOptions = {
  sortable: {
    id: 'id',
    name: 'name',
    parentGroupId: 'parent_group_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  filterable: {
    name: { column: 'name', kind: 'ilike' },
    parentGroupId: { column: 'parent_group_id', kind: 'in', type: 'integer' },
  },
  search: ['name', 'description'],
  defaultSort: ['name', 'asc'],
}
