/*
 * Core's paged collections, registered with the data provider so the screens can show
 * them with react-admin's list components (paging, sorting, filters). They are not
 * <Resource>s: each is shown by its screen. A resource is named after the ability subject
 * that guards it, so react-admin's access checks ask the right question; the API log and
 * the timeline are read under their parent's subject (they pass disableAuthentication).
 */
import type { AdminResource } from '../plugin_api'
import { resourceRegistry } from '../plugins'

export const CORE_RESOURCES = {
  apiKeys: 'api_keys',
  apiLogs: 'api_logs',
  imports: 'imports',
  exports: 'exports',
  timeline: 'organization_timeline',
} as const

const collections: AdminResource[] = [
  { name: CORE_RESOURCES.apiKeys, apiPath: '/api/v1/api-keys' },
  { name: CORE_RESOURCES.apiLogs, apiPath: '/api/v1/api-keys/logs' },
  { name: CORE_RESOURCES.imports, apiPath: '/api/v1/imports' },
  { name: CORE_RESOURCES.exports, apiPath: '/api/v1/exports' },
  { name: CORE_RESOURCES.timeline, apiPath: '/api/v1/organization/timeline' },
]

let registered = false

/** Idempotent, so a hot reload of this module does not register twice. */
export function registerCoreResources() {
  if (registered) return
  registered = true
  try {
    resourceRegistry.register({ id: 'core', resources: collections, messages: { en: {}, pt: {}, tr: {} } })
  } catch (error) {
    // Already there (module evaluated twice by a hot reload): nothing to do.
    if (!(error instanceof Error && /already registered/.test(error.message))) throw error
  }
}

registerCoreResources()
