import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm
const SOURCE = /\.(ts|tsx|js|mjs)$/

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (SOURCE.test(entry)) yield path
  }
}

/**
 * Lists imports that break plugin isolation. `extra` adds virtual files (path relative
 * to the plugins folder → source) so the rule itself can be tested.
 */
export function findIsolationViolations(pluginsDir: string, extra: Record<string, string> = {}): string[] {
  const files: Array<[string, string]> = []
  for (const id of readdirSync(pluginsDir)) {
    if (!statSync(join(pluginsDir, id)).isDirectory()) continue
    for (const file of sourceFiles(join(pluginsDir, id))) files.push([file, readFileSync(file, 'utf8')])
  }
  for (const [path, source] of Object.entries(extra)) files.push([join(pluginsDir, path), source])

  const violations: string[] = []
  for (const [file, source] of files) {
    const [owner, area] = relative(pluginsDir, file).split(sep)
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3]
      const where = `${relative(pluginsDir, file)}: ${specifier}`
      if (specifier.startsWith('#')) violations.push(where)
      else if (specifier.startsWith('.')) {
        const target = relative(pluginsDir, resolve(dirname(file), specifier))
        if (target.startsWith('..') || target.split(sep)[0] !== owner) violations.push(where)
      } else if (specifier.startsWith('@affix/')) {
        const [, pkg, ...rest] = specifier.split('/')
        const subpath = rest.join('/')
        if (pkg === 'core') {
          // A plugin's own tests may also use core's test helpers.
          if (subpath !== 'kernel' && !(subpath === 'testing' && area === 'tests')) violations.push(where)
        } else if (pkg === 'admin-ui') {
          // The UI shell's public surface for plugins, the counterpart of core's kernel.
          if (subpath !== 'plugin-api') violations.push(where)
        } else if (pkg === 'sdk') {
          // The API's generated client and schemas (enums such as ReportName): public like the API.
          if (subpath !== '') violations.push(where)
        } else if (pkg !== owner && subpath !== 'contracts') {
          violations.push(where)
        }
      }
    }
  }
  return violations
}
