/*
 * The installed plugins (ARCHITECTURE §2): the packages listed under `affix.plugins` in the
 * repository's root package.json. That list is the only one: the admin UI's build reads it
 * too (admin-ui/vite.config.ts). Each package default-exports its manifest. The registry
 * validates the graph when this file loads: unique ids, present dependencies, no cycles. A
 * broken graph, or a listed package that is missing or is no plugin, stops the process with
 * an error that names the problem.
 */
import { readFileSync } from 'node:fs'
import { PluginRegistry, type PluginDefinition } from '#kernel/plugin'

const ROOT_PACKAGE_JSON = new URL('../../package.json', import.meta.url)

/** The package names listed under `affix.plugins` in the root package.json, in order. */
export function installedPluginPackages(packageJson: URL = ROOT_PACKAGE_JSON): string[] {
  const parsed = JSON.parse(readFileSync(packageJson, 'utf8')) as { affix?: { plugins?: unknown } }
  const packages = parsed.affix?.plugins
  if (!Array.isArray(packages) || !packages.every((name) => typeof name === 'string' && name.length > 0)) {
    throw new Error(`${packageJson.pathname}: "affix.plugins" must be a list of plugin package names`)
  }
  return packages
}

/**
 * Each package's default export, in list order. One at a time rather than all at once, so
 * plugins load in the same order on every start.
 */
export async function loadPluginManifests(packages: string[]): Promise<PluginDefinition[]> {
  const manifests: PluginDefinition[] = []
  for (const name of packages) {
    let module: { default?: unknown }
    try {
      module = await import(name)
    } catch (error) {
      throw new Error(`Plugin "${name}" (listed in package.json "affix.plugins") cannot be loaded`, { cause: error })
    }
    const manifest = module.default as Partial<PluginDefinition> | undefined
    if (!manifest || typeof manifest !== 'object' || typeof manifest.id !== 'string') {
      throw new Error(
        `Plugin "${name}" (listed in package.json "affix.plugins") default-exports no manifest (definePlugin({ id, … }))`
      )
    }
    manifests.push(manifest as PluginDefinition)
  }
  return manifests
}

export const registry = PluginRegistry.create(await loadPluginManifests(installedPluginPackages()))

export const migrationPaths = registry.migrationPaths()
export const pluginLangPaths = registry.langPaths()
