/*
 * The plugin admin modules built into this UI, and the registry of their resources. Which
 * plugins are installed is listed once, under `affix.plugins` in the root package.json; the
 * build turns that list into imports of each package's "./admin" export
 * (`virtual:affix-installed-plugins`, vite.config.ts). Whether a plugin's screens show is
 * decided per account at runtime (see resourcesFor).
 */
import installed from 'virtual:affix-installed-plugins'
import type { AdminPlugin, AdminResource, Permissions } from './plugin_api'
import { ResourceRegistry } from './resource_registry'

export const installedPlugins: AdminPlugin[] = installed

export const resourceRegistry = installedPlugins.reduce(
  (registry, plugin) => registry.register(plugin),
  new ResourceRegistry()
)

/** The resources of the plugins the account's organisation has enabled. */
export function resourcesFor(
  permissions: Permissions | undefined,
  plugins: AdminPlugin[] = installedPlugins
): AdminResource[] {
  const enabled = new Set(permissions?.enabledPlugins ?? [])
  return plugins.filter((plugin) => enabled.has(plugin.id)).flatMap((plugin) => plugin.resources)
}
