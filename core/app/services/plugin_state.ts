/*
 * Which plugins are enabled for an organisation. No row means enabled (a newly
 * installed plugin is on); a row with enabled=false turns it off without touching data;
 * an integration the parent organisation restricted is off whatever the row says. A
 * platform plugin (manifest `platform: true`) is on everywhere, whatever the rows say.
 */
import { installedPlugins } from '#kernel/installed_plugins'
import type Organization from '#models/organization'
import OrganizationPlugin from '#models/organization_plugin'
import { restricted, restrictionsOf } from '#kernel/restrictions'
import { unprocessable } from '#kernel/errors'
import { publishInvalidation } from '#kernel/cache_bus'

/**
 * The organisation feature flags a plugin needs (any one of them): those of its permissions
 * when every one of them needs a flag (deep links: edl). Without one, the plugin may be on
 * and still offer nothing: the panels say why instead of showing an empty "On".
 */
export function requiredFeatures(plugin: { permissions?: Array<{ requiresAnyFlag?: readonly string[] }> }): string[] {
  const permissions = plugin.permissions ?? []
  if (!permissions.length || permissions.some((permission) => !permission.requiresAnyFlag?.length)) return []
  return [...new Set(permissions.flatMap((permission) => permission.requiresAnyFlag ?? []))]
}

export async function pluginStates(org: Organization) {
  const rows = await OrganizationPlugin.query().where('organization_id', org.id)
  const disabled = new Set<string>(rows.filter((row) => !row.enabled).map((row) => row.pluginId))
  for (const id of restrictionsOf(org).disabledIntegrations) disabled.add(id)
  const features = org.features ?? {}
  return installedPlugins().ordered.map((plugin) => {
    const requiresFeatures = requiredFeatures(plugin)
    const platform = Boolean(plugin.platform)
    return {
      id: plugin.id,
      name: plugin.name,
      description: plugin.description ?? null,
      dependsOn: plugin.dependsOn ?? [],
      enabled: platform || !disabled.has(plugin.id),
      platform,
      hasSettings: Boolean(plugin.settings),
      requiresFeatures,
      featureMissing: requiresFeatures.length > 0 && !requiresFeatures.some((flag) => features[flag]),
      wiring: {
        lookups: Object.keys(plugin.lookups ?? {}),
        extensionPoints: (plugin.extensionPoints ?? []).map((point) => point.key),
        hooks: (plugin.hooks ?? []).map((hook) => hook.point),
        listeners: (plugin.listeners ?? []).map((listener) => listener.event),
        imports: (plugin.imports ?? []).map((definition) => definition.type),
        jobs: Object.keys(plugin.jobs ?? {}),
        cron: (plugin.cron ?? []).map((entry) => ({ job: entry.job, schedule: entry.schedule })),
      },
    }
  })
}

export const enabledPluginIds = (states: Array<{ id: string; enabled: boolean }>) =>
  new Set(states.filter((plugin) => plugin.enabled).map((plugin) => plugin.id))

export async function setPluginEnabled(org: Organization, pluginId: string, enabled: boolean) {
  if (installedPlugins().get(pluginId)?.platform) {
    throw unprocessable('organization.platform_plugin', { fields: [{ field: 'enabled', rule: 'platform' }] })
  }
  if (enabled && restrictionsOf(org).disabledIntegrations.includes(pluginId as never)) {
    throw restricted('organization.integration_disabled')
  }
  await OrganizationPlugin.updateOrCreate({ organizationId: org.id, pluginId }, { enabled })
  // Caches of "is this plugin on here" (the click path's) reload on every node.
  await publishInvalidation({ topic: 'plugins', organizationId: org.id })
  const plugin = installedPlugins().get(pluginId)
  if (enabled) await plugin?.onEnable?.(org.id)
  else await plugin?.onDisable?.(org.id)
}
