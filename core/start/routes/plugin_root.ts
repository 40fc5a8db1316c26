/*
 * Plugins' root routes (PluginDefinition.rootRoutes, e.g. the click redirect /c/:id): bare
 * Node handlers dispatched before AdonisJS by the server wrapper (kernel/root_routes.ts).
 */
import { registry } from '#config/plugins'
import { installRootRoutes } from '#kernel/root_routes'

installRootRoutes(registry.ordered)
