import type { ListOptions } from '#kernel/list_query'

/** Sortable and filterable fields of the downloads (exports) history. */
export const EXPORT_LIST: ListOptions = {
  sortable: { id: 'id', createdAt: 'created_at', status: 'status', resource: 'resource' },
  filterable: {
    status: { column: 'status', kind: 'eq', values: ['exporting', 'exported', 'failed'] },
    resource: { column: 'resource', kind: 'eq' },
    pluginId: { column: 'plugin_id', kind: 'eq' },
  },
  defaultSort: ['createdAt', 'desc'],
}
