/*
 * Plugins' unauthenticated routes (PluginDefinition.publicRoutes), under
 * /api/v1/<plugin id>/public (or the plugin's `publicMount`) with no auth: each handler
 * checks that its plugin is enabled for the organisation of the resource it serves
 * (assertPluginEnabledFor).
 */
import router from '@adonisjs/core/services/router'
import { registry } from '#config/plugins'
import { ApiRouter } from '#kernel/api_router'
import { publicMountOf } from '#kernel/plugin'

for (const plugin of registry.ordered) {
  if (!plugin.publicRoutes) continue
  const { prefix, tag } = publicMountOf(plugin)
  router.group(() => plugin.publicRoutes!(new ApiRouter(router, prefix, tag, true))).prefix(prefix)
}
