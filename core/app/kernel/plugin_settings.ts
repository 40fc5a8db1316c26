/*
 * Per-organisation plugin settings (manifest `settings`): stored in
 * organization_plugins.settings, read merged over the manifest's defaults.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { installedPlugins } from './installed_plugins.js'

/** The settings of a plugin for an organisation: stored values over the manifest's defaults. */
export async function settingsOf(organizationId: number, pluginId: string): Promise<Record<string, unknown>> {
  const defaults = installedPlugins().get(pluginId)?.settings?.defaults ?? {}
  const row = await db
    .from('organization_plugins')
    .where({ organization_id: organizationId, plugin_id: pluginId })
    .select('settings')
    .first()
  return { ...defaults, ...((row?.settings as Record<string, unknown> | undefined) ?? {}) }
}

/** The calling organisation's settings of a plugin (e.g. `pluginSettings(ctx, 'brands')`). */
export function pluginSettings(ctx: HttpContext, pluginId: string) {
  return settingsOf(ctx.tenant.organizationId, pluginId)
}
