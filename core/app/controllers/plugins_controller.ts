import type { HttpContext } from '@adonisjs/core/http'
import { ok } from '#kernel/envelope'
import { notFound } from '#kernel/errors'
import { authorize } from '#kernel/tenancy'
import { validate } from '#kernel/validation'
import { pluginStateValidator } from '#validators/auth'
import { pluginStates, setPluginEnabled } from '#services/plugin_state'
import { registry } from '#config/plugins'
import Organization from '#models/organization'

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
    if (!registry.has(pluginId)) throw notFound()
    const { enabled } = await validate(ctx, pluginStateValidator)
    const org = await Organization.findOrFail(ctx.tenant.organizationId)
    await setPluginEnabled(org, pluginId, enabled)
    const state = (await pluginStates(org)).find((plugin) => plugin.id === pluginId)
    return ok(ctx, state)
  }
}
