import { PluginRegistry, type PluginDefinition } from '#kernel/plugin'
import { installedPlugins, setInstalledPlugins } from '#kernel/installed_plugins'

/**
 * Installs an extra plugin (its lookups, hooks, import types…) on top of the real ones for
 * the duration of a test, through the same registry validation as at boot; returns the undo.
 * Production code is wired only by manifests, so tests stand in for a plugin this way.
 */
export function installTestPlugin(definition: Partial<PluginDefinition> & { id: string }): () => void {
  const previous = installedPlugins()
  setInstalledPlugins(PluginRegistry.create([...previous.ordered, { name: definition.id, ...definition }]))
  return () => setInstalledPlugins(previous)
}
