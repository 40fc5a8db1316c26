import type Organization from '#models/organization'
import { restrictionsOf } from '#kernel/restrictions'
import type { ListOptions } from '#kernel/list_query'
import { DEFAULT_PREFERENCES } from '#kernel/organization_preferences'

export { DEFAULT_PREFERENCES }

/** An organisation with its preferences completed by the defaults (spec §3, §9). */
export function organizationPayload(org: Organization) {
  return {
    ...org.serialize(),
    preferences: { ...DEFAULT_PREFERENCES, ...org.preferences },
    restrictions: restrictionsOf(org),
  }
}

export const TIMELINE_LIST: ListOptions = {
  sortable: { createdAt: 'created_at', id: 'id' },
  filterable: { action: { column: 'action', kind: 'eq' } },
  defaultSort: ['createdAt', 'desc'],
}
