/*
 * The installed plugins, handed to the kernel at boot (AffixProvider.register) instead of
 * imported: the kernel never imports the plugin list, so plugins (which import the kernel)
 * and the kernel form no import cycle.
 */
import type { PluginRegistry } from './plugin.js'

let current: PluginRegistry | undefined

/** Called once at boot with the registry of `config/plugins.ts` (tests may hand in another). */
export function setInstalledPlugins(registry: PluginRegistry) {
  current = registry
}

/** The registry handed in at boot; read it inside functions, never at module load. */
export function installedPlugins(): PluginRegistry {
  if (!current) {
    throw new Error('The plugin registry is handed to the kernel at boot (AffixProvider.register); it is not set yet')
  }
  return current
}
