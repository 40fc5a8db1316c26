/*
 * Which plugins are enabled for an organisation. No row means enabled (a newly
 * installed plugin is on); a row with enabled=false turns it off without touching data.
 */
import db from '@adonisjs/lucid/services/db'
import { registry } from '#config/plugins'
import OrganizationPlugin from '#models/organization_plugin'
import { restricted, restrictionsOf } from '#kernel/restrictions'

export async function isPluginEnabled(organizationId: number, pluginId: string): Promise<boolean> {
  if ((await restrictionsOf(organizationId)).disabledIntegrations.includes(pluginId as never)) return false
  const row = await db
    .from('organization_plugins')
    .where({ organization_id: organizationId, plugin_id: pluginId })
    .select('enabled')
    .first()
  return row ? Boolean(row.enabled) : true
}

export async function pluginStates(organizationId: number) {
  const rows = await OrganizationPlugin.query().where('organization_id', organizationId)
  const disabled = new Set(rows.filter((row) => !row.enabled).map((row) => row.pluginId))
  const restrictions = await restrictionsOf(organizationId)
  for (const id of restrictions.disabledIntegrations) disabled.add(id)
  return registry.ordered.map((plugin) => ({
    id: plugin.id,
    name: plugin.name,
    description: plugin.description ?? null,
    dependsOn: plugin.dependsOn ?? [],
    enabled: !disabled.has(plugin.id),
  }))
}

export async function setPluginEnabled(organizationId: number, pluginId: string, enabled: boolean) {
  if (enabled && (await restrictionsOf(organizationId)).disabledIntegrations.includes(pluginId as never)) {
    throw restricted('organization.integration_disabled')
  }
  await OrganizationPlugin.updateOrCreate({ organizationId, pluginId }, { enabled })
  const plugin = registry.get(pluginId)
  if (enabled) await plugin?.onEnable?.(organizationId)
  else await plugin?.onDisable?.(organizationId)
}
