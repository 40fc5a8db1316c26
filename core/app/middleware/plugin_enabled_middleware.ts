import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { notFound } from '#kernel/errors'
import { isPluginEnabled } from '#services/plugin_state'

/** A plugin disabled for the caller's organisation answers 404; its data stays. */
export default class PluginEnabledMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { plugin: string }) {
    if (!(await isPluginEnabled(ctx.tenant.organizationId, options.plugin))) throw notFound()
    return next()
  }
}
