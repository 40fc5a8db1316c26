import type { ListOptions } from '#kernel/list_query'

/** Sortable and filterable fields of the login-as audit trail. */
export const LOGIN_AS_LIST: ListOptions = {
  sortable: { id: 'id', createdAt: 'created_at' },
  filterable: {
    actorId: { column: 'actor_id', kind: 'eq', type: 'integer' },
    targetId: { column: 'target_id', kind: 'eq', type: 'integer' },
  },
  defaultSort: ['createdAt', 'desc'],
}
