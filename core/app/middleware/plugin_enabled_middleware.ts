import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { notFound } from '#kernel/errors'

/**
 * A plugin disabled for the caller's organisation answers 404; its data stays. The
 * enabled set was read once by the auth middleware.
 */
export default class PluginEnabledMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { plugin: string }) {
    if (!ctx.tenant.enabledPlugins.has(options.plugin)) throw notFound()
    return next()
  }
}
