import type { ListOptions } from '#kernel/list_query'

export const API_KEY_LIST: ListOptions = {
  sortable: { id: 'id', name: 'name', createdAt: 'created_at', lastUsedAt: 'last_used_at', expiresAt: 'expires_at' },
  filterable: { name: { column: 'name', kind: 'ilike' } },
  search: ['name'],
  defaultSort: ['createdAt', 'desc'],
}

export const API_LOG_LIST: ListOptions = {
  sortable: { id: 'id', createdAt: 'created_at', status: 'status', latencyMs: 'latency_ms' },
  filterable: {
    apiKeyId: { column: 'api_key_id', kind: 'eq', type: 'integer' },
    status: { column: 'status', kind: 'eq', type: 'integer' },
    method: { column: 'method', kind: 'eq', values: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
  },
  search: ['path'],
  defaultSort: ['createdAt', 'desc'],
}
