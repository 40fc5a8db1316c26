import type { ListOptions } from '#kernel/list_query'

/** Sortable and filterable fields of the import history. */
export const IMPORT_LIST: ListOptions = {
  sortable: { id: 'id', createdAt: 'created_at', status: 'status', type: 'type' },
  filterable: {
    status: {
      column: 'status',
      kind: 'eq',
      values: ['queued', 'processing', 'completed', 'failed', 'cancelled', 'imported_partially'],
    },
    type: { column: 'type', kind: 'eq' },
    pluginId: { column: 'plugin_id', kind: 'eq' },
  },
  defaultSort: ['createdAt', 'desc'],
}
