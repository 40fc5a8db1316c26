/*
 * Which API collection serves each react-admin resource. Filled from the plugin admin
 * modules, so a resource name never has to match the URL (`brands` →
 * `/api/v1/brands/brands`, `products` → `/api/v1/brands/products`).
 */
import type { AdminPlugin, AdminResource } from './plugin_api'

/** Resource name → ability subject, for the resources whose subject is not their name. */
const resourceSubjects = new Map<string, string>()

/** The ability subject that guards a resource (its declared `subject`, else its name). */
export function subjectOfResource(resource: string): string {
  return resourceSubjects.get(resource) ?? resource
}

export class ResourceRegistry {
  private readonly resources = new Map<string, AdminResource & { pluginId: string }>()

  register(plugin: AdminPlugin): this {
    for (const resource of [...plugin.resources, ...(plugin.collections ?? [])]) {
      const existing = this.resources.get(resource.name)
      if (existing) {
        throw new Error(
          `Resource "${resource.name}" of plugin "${plugin.id}" is already registered by "${existing.pluginId}"`
        )
      }
      this.resources.set(resource.name, { ...resource, pluginId: plugin.id })
      if (resource.subject) resourceSubjects.set(resource.name, resource.subject)
    }
    return this
  }

  /**
   * The collection path of a resource, without trailing slash. A sub-collection's parent
   * ids (`:campaignId` in `/api/v1/campaigns/campaigns/:campaignId/caps`) are taken from `ids`.
   */
  apiPath(resource: string, ids: Record<string, unknown> = {}): string {
    const entry = this.resources.get(resource)
    if (!entry) throw new Error(`Unknown resource "${resource}": no installed plugin declares it`)
    return entry.apiPath.replace(/\/+$/, '').replace(/:(\w+)/g, (_, name: string) => {
      const id = ids[name]
      if (id == null || id === '') throw new Error(`Resource "${resource}" needs its parent's ${name}`)
      return encodeURIComponent(String(id))
    })
  }

  /** A sub-collection of a record: its path names the parent's id. */
  isNested(resource: string): boolean {
    return /:\w/.test(this.resources.get(resource)?.apiPath ?? '')
  }

  /** The field(s) that identify a resource's records (react-admin needs them as `id`). */
  primaryKey(resource: string): string | string[] {
    return this.resources.get(resource)?.primaryKey ?? 'id'
  }

  pluginOf(resource: string): string | undefined {
    return this.resources.get(resource)?.pluginId
  }
}
