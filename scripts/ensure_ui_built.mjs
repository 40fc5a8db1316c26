/*
 * `npm start` serves the admin UI from admin-ui/dist. Build it when it is missing or
 * older than its sources (the UI, the plugins' admin folders, and the root package.json,
 * which lists the installed plugins and the version), so a fresh clone needs no separate
 * build step.
 */
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const dist = join(root, 'admin-ui/dist/index.html')

function newest(dir) {
  let latest = 0
  if (!existsSync(dir)) return latest
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    const path = join(dir, entry)
    const stat = statSync(path)
    latest = Math.max(latest, stat.isDirectory() ? newest(path) : stat.mtimeMs)
  }
  return latest
}

const sources = [
  join(root, 'admin-ui/src'),
  join(root, 'admin-ui/index.html'),
  join(root, 'admin-ui/vite.config.ts'),
  join(root, 'package.json'),
  ...readdirSync(join(root, 'plugins')).map((id) => join(root, 'plugins', id, 'admin')),
]
const sourceTime = Math.max(
  ...sources.map((path) => (existsSync(path) && statSync(path).isFile() ? statSync(path).mtimeMs : newest(path)))
)
if (!existsSync(dist) || statSync(dist).mtimeMs < sourceTime) {
  console.log('Building the admin UI…')
  execSync('npm run build -w @affix/admin-ui', { cwd: root, stdio: 'inherit' })
}
