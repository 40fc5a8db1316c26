/*
 * Each plugin declares what it imports, so it can leave the repository with its own
 * package.json (core's is not its list). The rule, for every file of plugins/<id>/ (src,
 * database, admin, tests):
 *
 * - a bare import names a package listed in the plugin's `dependencies` or
 *   `peerDependencies` (a file under tests/ or scripts/ may also use `devDependencies`);
 * - except node's built-in modules and the host's framework, which core gives every plugin
 *   as one shared instance and a plugin never installs: `@adonisjs/*`, `@vinejs/vine` and,
 *   in tests, `@japa/*`;
 * - `@affix/core` and other plugins are peers (`"@affix/brands": "*"`), and a plugin whose
 *   server code imports another plugin names it in its manifest's `dependsOn` too.
 */
import { builtinModules } from 'node:module'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { pluginDependencies, withoutComments } from './table_ownership.js'

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]|(?:\brequire|\))\(\s*['"]([^'"]+)['"]\s*\)/gm
const BUILTINS = new Set(builtinModules)
const HOST_PROVIDED = [/^@adonisjs\//, /^@vinejs\/vine$/]
const HOST_PROVIDED_IN_TESTS = [/^@japa\//]

interface PackageJson {
  name?: string
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (SOURCE.test(entry)) yield path
  }
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageNameOf(specifier: string) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

export interface DependencyCheckExtras {
  /** Virtual files: path relative to the plugins folder → source. */
  files?: Record<string, string>
  /** package.json of a plugin, replacing the one on disk. */
  packages?: Record<string, PackageJson>
  /** Manifest dependencies, replacing those read from the plugins' plugin.ts. */
  dependsOn?: Record<string, string[]>
}

/** Imports a plugin does not declare, as `<id>/<path>: <specifier> (<why>)` lines. */
export function findUndeclaredImports(pluginsDir: string, extras: DependencyCheckExtras = {}): string[] {
  const repoRoot = join(pluginsDir, '..')
  const dependsOn = extras.dependsOn ?? pluginDependencies(repoRoot)
  const files: Array<[string, string]> = []
  const packages = new Map<string, PackageJson>()
  for (const id of readdirSync(pluginsDir)) {
    const dir = join(pluginsDir, id)
    if (!statSync(dir).isDirectory() || !existsSync(join(dir, 'package.json'))) continue
    packages.set(id, JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')))
    for (const file of sourceFiles(dir)) files.push([relative(pluginsDir, file), readFileSync(file, 'utf8')])
  }
  for (const [id, pkg] of Object.entries(extras.packages ?? {})) packages.set(id, pkg)
  files.push(...Object.entries(extras.files ?? {}))

  const problems: string[] = []
  for (const [path, text] of files) {
    const [id, area] = path.split(sep === '/' ? '/' : /[\\/]/)
    const pkg = packages.get(id)
    if (!pkg) continue
    const declared = new Set([
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
      ...(area === 'tests' || area === 'scripts' ? Object.keys(pkg.devDependencies ?? {}) : []),
    ])
    const seen = new Set<string>()
    for (const match of withoutComments(text).matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? match[4]
      if (/^[./#]/.test(specifier) || specifier.startsWith('node:') || BUILTINS.has(specifier)) continue
      const name = packageNameOf(specifier)
      if (name === pkg.name || seen.has(specifier)) continue
      seen.add(specifier)
      const hostProvided = [...HOST_PROVIDED, ...(area === 'tests' ? HOST_PROVIDED_IN_TESTS : [])]
      if (hostProvided.some((pattern) => pattern.test(name))) continue
      const where = `${path.split(sep).join('/')}: ${specifier}`
      if (!declared.has(name)) problems.push(`${where} (not in package.json)`)
      const other = /^@affix\/([^/]+)$/.exec(name)?.[1]
      if (other && packages.has(other) && area === 'src' && !(dependsOn[id] ?? []).includes(other))
        problems.push(`${where} (${other} is not in the manifest's dependsOn)`)
    }
  }
  return problems
}
