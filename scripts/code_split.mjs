/*
 * `npm run code:split`: how the server code divides between core and the plugins — lines of
 * non-test TypeScript in core/ (app, bin, commands, config, database, providers, start) and in
 * each plugin's server code (src/, database/). Admin screens, tests and generated files are
 * left out. The kernel-contract target is core under 30% of the server code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * Generated, gitignored files that may sit among the sources: Lucid's `migration:run` (run by
 * `npm run seed`) writes core/database/schema.ts, about 2,000 lines that nobody wrote.
 */
const GENERATED = new Set([join(ROOT, 'core', 'database', 'schema.ts')])

function linesIn(directory) {
  let total = 0
  let entries
  try {
    entries = readdirSync(directory)
  } catch {
    return 0
  }
  for (const entry of entries) {
    const path = join(directory, entry)
    if (statSync(path).isDirectory()) {
      if (entry !== 'node_modules' && entry !== 'tests') total += linesIn(path)
    } else if (/\.tsx?$/.test(entry) && !/\.(spec|test)\.tsx?$/.test(entry) && !GENERATED.has(path)) {
      total += readFileSync(path, 'utf8').split('\n').length
    }
  }
  return total
}

const core = ['app', 'bin', 'commands', 'config', 'database', 'providers', 'start'].reduce(
  (sum, folder) => sum + linesIn(join(ROOT, 'core', folder)),
  0
)
const plugins = readdirSync(join(ROOT, 'plugins'))
  .filter((id) => statSync(join(ROOT, 'plugins', id)).isDirectory())
  .map((id) => ({
    id,
    lines: linesIn(join(ROOT, 'plugins', id, 'src')) + linesIn(join(ROOT, 'plugins', id, 'database')),
  }))
  .filter((plugin) => plugin.lines > 0)
  .sort((a, b) => b.lines - a.lines)
const pluginTotal = plugins.reduce((sum, plugin) => sum + plugin.lines, 0)
const total = core + pluginTotal
const percent = (lines) => `${((lines / total) * 100).toFixed(1)}%`

console.log(`server code: ${total} lines of TypeScript (tests and admin screens left out)`)
console.log(`  core      ${String(core).padStart(7)}  ${percent(core)}  (target: under 30%)`)
console.log(`  plugins   ${String(pluginTotal).padStart(7)}  ${percent(pluginTotal)}`)
for (const plugin of plugins)
  console.log(`    ${plugin.id.padEnd(12)}${String(plugin.lines).padStart(7)}  ${percent(plugin.lines)}`)
