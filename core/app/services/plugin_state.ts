/*
 * Which plugins are enabled for an organisation. No row means enabled (a newly
 * installed plugin is on); a row with enabled=false turns it off without touching data;
 * an integration the parent organisation restricted is off whatever the row says.
 */
import { registry } from '#config/plugins'
import type Organization from '#models/organization'
import OrganizationPlugin from '#models/organization_plugin'
import { restricted, restrictionsOf } from '#kernel/restrictions'
import { publishInvalidation } from '#kernel/cache_bus'

export async function pluginStates(org: Organization) {
  const rows = await OrganizationPlugin.query().where('organization_id', org.id)
  const disabled = new Set<string>(rows.filter((row) => !row.enabled).map((row) => row.pluginId))
  for (const id of restrictionsOf(org).disabledIntegrations) disabled.add(id)
  return registry.ordered.map((plugin) => ({
    id: plugin.id,
    name: plugin.name,
    description: plugin.description ?? null,
    dependsOn: plugin.dependsOn ?? [],
    enabled: !disabled.has(plugin.id),
  }))
}

export const enabledPluginIds = (states: Array<{ id: string; enabled: boolean }>) =>
  new Set(states.filter((plugin) => plugin.enabled).map((plugin) => plugin.id))

export async function setPluginEnabled(org: Organization, pluginId: string, enabled: boolean) {
  if (enabled && restrictionsOf(org).disabledIntegrations.includes(pluginId as never)) {
    throw restricted('organization.integration_disabled')
  }
  await OrganizationPlugin.updateOrCreate({ organizationId: org.id, pluginId }, { enabled })
  // Caches of "is this plugin on here" (the click path's) reload on every node.
  await publishInvalidation({ topic: 'plugins', organizationId: org.id })
  const plugin = registry.get(pluginId)
  if (enabled) await plugin?.onEnable?.(org.id)
  else await plugin?.onDisable?.(org.id)
}
