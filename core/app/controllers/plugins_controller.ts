import type { HttpContext } from '@adonisjs/core/http'
import { ok } from '#kernel/envelope'
import { notFound } from '#kernel/errors'
import { authorize } from '#kernel/tenancy'
import { validate } from '#kernel/validation'
import { pluginStateValidator } from '#validators/auth'
import { pluginStates, setPluginEnabled } from '#services/plugin_state'
import { installedPlugins } from '#kernel/installed_plugins'
import Organization from '#models/organization'
import db from '@adonisjs/lucid/services/db'
import { settingsOf } from '#kernel/plugin_settings'
import { recordTimeline } from '#services/timeline'

export default class PluginsController {
  /** GET /api/v1/plugins: installed plugins and whether each is on for this organisation. */
  async index(ctx: HttpContext) {
    authorize(ctx, 'plugins', 'read')
    return ok(ctx, await pluginStates(await Organization.findOrFail(ctx.tenant.organizationId)))
  }

  /** PATCH /api/v1/plugins/:id: turn a plugin on or off for this organisation (admins). */
  async update(ctx: HttpContext) {
    authorize(ctx, 'plugins', 'manage')
    const pluginId = ctx.params.id
    if (!installedPlugins().has(pluginId)) throw notFound()
    const { enabled } = await validate(ctx, pluginStateValidator)
    const org = await Organization.findOrFail(ctx.tenant.organizationId)
    await setPluginEnabled(org, pluginId, enabled)
    const state = (await pluginStates(org)).find((plugin) => plugin.id === pluginId)
    return ok(ctx, state)
  }

  /** GET /api/v1/plugins/:id/settings: the settings form (JSON Schema) and this organisation's values. */
  async settings(ctx: HttpContext) {
    authorize(ctx, 'plugins', 'read')
    const plugin = installedPlugins().get(ctx.params.id)
    if (!plugin?.settings) throw notFound()
    return ok(ctx, {
      schema: plugin.settings.validator.toJSONSchema(),
      values: await settingsOf(ctx.tenant.organizationId, plugin.id),
    })
  }

  /** PUT /api/v1/plugins/:id/settings: replaces the settings after validating them with the plugin's rules. */
  async updateSettings(ctx: HttpContext) {
    authorize(ctx, 'plugins', 'manage')
    const plugin = installedPlugins().get(ctx.params.id)
    if (!plugin?.settings) throw notFound()
    const values = (await validate(ctx, plugin.settings.validator, plugin.id)) as Record<string, unknown>
    const before = await settingsOf(ctx.tenant.organizationId, plugin.id)
    // No row means "enabled with defaults": an upsert keeps the enabled flag of an existing row.
    await db
      .table('organization_plugins')
      .insert({
        organization_id: ctx.tenant.organizationId,
        plugin_id: plugin.id,
        enabled: true,
        settings: JSON.stringify(values),
        updated_at: new Date(),
      })
      .onConflict(['organization_id', 'plugin_id'])
      .merge(['settings', 'updated_at'])
    await recordTimeline(ctx.tenant.organizationId, ctx.tenant.userId, 'plugin.settings_changed', {
      plugin: plugin.id,
      from: before,
      to: values,
    })
    return ok(ctx, {
      schema: plugin.settings.validator.toJSONSchema(),
      values: await settingsOf(ctx.tenant.organizationId, plugin.id),
    })
  }
}
