import type Organization from '#models/organization'
import { restrictionsOf } from '#kernel/restrictions'
import type { ListOptions } from '#kernel/list_query'
import { DEFAULT_PREFERENCES } from '#kernel/organization_preferences'
import { brandingImagesOf } from '#kernel/branding_images'

export { DEFAULT_PREFERENCES }

/** The organisation's preferences completed by the defaults (spec §3, §9). */
export function preferencesOf(org: Organization) {
  return { ...DEFAULT_PREFERENCES, ...org.preferences }
}

/**
 * An organisation with its preferences completed by the defaults (spec §3, §9) and its
 * branding image URLs (from the branding plugin when it is enabled; null otherwise).
 */
export async function organizationPayload(org: Organization) {
  return {
    ...org.serialize(),
    ...(await brandingImagesOf(org.id)),
    preferences: preferencesOf(org),
    restrictions: restrictionsOf(org),
  }
}

export const TIMELINE_LIST: ListOptions = {
  sortable: { createdAt: 'created_at', id: 'id' },
  filterable: { action: { column: 'action', kind: 'eq' } },
  defaultSort: ['createdAt', 'desc'],
}
