/*
 * The browser suite runs against admin-ui/dist as core serves it. Build it when it is
 * missing or older than its sources, so the suite never tests a stale bundle.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const ADMIN_UI = fileURLToPath(new URL('../../', import.meta.url))
const PLUGINS = join(ADMIN_UI, '..', 'plugins')
const BUILT_INDEX = join(ADMIN_UI, 'dist', 'index.html')

function sourcePaths(): string[] {
  const pluginAdmins = existsSync(PLUGINS) ? readdirSync(PLUGINS).map((plugin) => join(PLUGINS, plugin, 'admin')) : []
  return [
    join(ADMIN_UI, 'src'),
    join(ADMIN_UI, 'public'),
    join(ADMIN_UI, 'index.html'),
    join(ADMIN_UI, 'vite.config.ts'),
    // Lists the installed plugins (`affix.plugins`) and the version the build carries.
    join(ADMIN_UI, '..', 'package.json'),
    ...pluginAdmins,
  ]
}

function newestChange(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stat.mtimeMs)
}

export default async function buildAdminUiIfStale() {
  // A build of its own was made and is served instead (AFFIX_UI_DIST, see docs/testing.md).
  if (process.env.AFFIX_UI_DIST) return
  const builtAt = existsSync(BUILT_INDEX) ? statSync(BUILT_INDEX).mtimeMs : 0
  if (builtAt >= Math.max(...sourcePaths().map(newestChange))) return
  console.log(builtAt ? 'admin-ui/dist is older than its sources: rebuilding' : 'admin-ui/dist is missing: building')
  // The bundle users get: Vitest sets NODE_ENV=test, which would build React's development
  // copy (its warnings in the console, its slower rendering) instead.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ root: ADMIN_UI, configFile: join(ADMIN_UI, 'vite.config.ts'), logLevel: 'warn', mode: 'production' })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
}
