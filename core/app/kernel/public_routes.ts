/*
 * Support for plugins' unauthenticated routes (PluginDefinition.publicRoutes). They run
 * without a tenant, so the per-organisation pluginEnabled guard cannot apply before the
 * handler: the handler looks its resource up, then asks here for the resource's
 * organisation.
 */
import Organization from '#models/organization'
import { enabledPluginIds, pluginStates } from '#services/plugin_state'
import { notFound } from './errors.js'

/** Whether the plugin is on for the organisation (an unknown organisation has none). */
export async function pluginEnabledFor(organizationId: number, pluginId: string): Promise<boolean> {
  const org = await Organization.find(organizationId)
  return Boolean(org && enabledPluginIds(await pluginStates(org)).has(pluginId))
}

/** Throws 404 unless the plugin is enabled for the organisation (a disabled plugin's data does not exist outside). */
export async function assertPluginEnabledFor(organizationId: number, pluginId: string) {
  if (!(await pluginEnabledFor(organizationId, pluginId))) throw notFound()
}
