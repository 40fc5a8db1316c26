/*
 * Import cycles in the server's runtime graph, found with dpdm. Type-only imports are
 * erased first (`transform`): they cost nothing at run time. Dynamic `import()` counts:
 * a cycle dodged with `await import()` is still a cycle.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseCircular, parseDependencyTree, type Dependency, type DependencyTree } from 'dpdm'

/** Every server module: core (app, config, start, providers, commands, bin) and every plugin's src and migrations. */
export const SERVER_SOURCES = [
  'adonisrc.ts',
  'bin/*.ts',
  'start/**/*.ts',
  'providers/*.ts',
  'config/*.ts',
  'commands/*.ts',
  'database/**/*.ts',
  'app/**/*.ts',
  '../plugins/*/src/**/*.ts',
  '../plugins/*/database/**/*.ts',
]

const PLUGIN_LIST = 'config/plugins.ts'

/**
 * The imports config/plugins.ts makes at run time: it imports each package listed under
 * `affix.plugins` in the root package.json by name (`await import(name)`), which dpdm cannot
 * follow. Added to the graph by hand, so that a kernel module importing the plugin list still
 * shows as the cycle it is (kernel -> plugin list -> plugin -> kernel).
 */
export function installedPluginEdges(root: string): Dependency[] {
  const rootPackageJson = join(root, '../package.json')
  if (!existsSync(rootPackageJson)) return []
  const listed = (JSON.parse(readFileSync(rootPackageJson, 'utf8')) as { affix?: { plugins?: string[] } }).affix
    ?.plugins
  return (listed ?? []).map((name) => ({
    issuer: PLUGIN_LIST,
    request: name,
    // dpdm's DependencyKind enum is not a named export of its CommonJS build.
    kind: 'DynamicImport' as Dependency['kind'],
    id: relative(root, fileURLToPath(import.meta.resolve(name))),
  }))
}

/**
 * The import cycles among `entries` (globs relative to `root`) and what they import, as
 * `a.ts -> b.ts -> a.ts` lines relative to `root`. `root` is a package folder: its
 * tsconfig.json and package.json `imports` (`#kernel/*`) resolve the specifiers.
 */
export async function importCycles(root: string, entries: string[] = SERVER_SOURCES): Promise<string[]> {
  const tree: DependencyTree = await parseDependencyTree(entries, { cwd: root, context: root, transform: true })
  const pluginList = tree[PLUGIN_LIST]
  if (pluginList) tree[PLUGIN_LIST] = [...pluginList, ...installedPluginEdges(root)]
  return parseCircular(tree).map((cycle) => {
    // Start each cycle at its first module in alphabetical order, so one cycle reads one way.
    const start = cycle.indexOf([...cycle].sort()[0])
    const rotated = [...cycle.slice(start), ...cycle.slice(0, start)]
    return [...rotated, rotated[0]].join(' -> ')
  })
}
