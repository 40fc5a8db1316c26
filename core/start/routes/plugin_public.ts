/*
 * Plugins' unauthenticated routes (PluginDefinition.publicRoutes), under
 * /api/v1/<plugin id>/public with no auth: each handler checks that its plugin is enabled
 * for the organisation of the resource it serves (assertPluginEnabledFor).
 */
import router from '@adonisjs/core/services/router'
import { registry } from '#config/plugins'
import { ApiRouter } from '#kernel/api_router'

for (const plugin of registry.ordered) {
  if (!plugin.publicRoutes) continue
  const prefix = `/api/v1/${plugin.id}/public`
  router.group(() => plugin.publicRoutes!(new ApiRouter(router, prefix, plugin.id, true))).prefix(prefix)
}
