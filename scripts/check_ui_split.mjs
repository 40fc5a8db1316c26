/*
 * The login page must load without the feature bundles (issue: code-split admin UI): the
 * scripts index.html loads or preloads may hold the shell, react-admin and MUI, but no
 * screen of a plugin or of core. Prints the size of what the login page loads.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const DIST = new URL('../admin-ui/dist/', import.meta.url)
const html = readFileSync(new URL('index.html', DIST), 'utf8')
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1])
const screenChunks = initial.filter((file) =>
  /^(Brand|Product|[A-Z][A-Za-z]*Screen|Account(List|Detail)|Superadmin|TeamMember|Signup)/.test(file)
)
const size = (files) => files.reduce((total, file) => total + statSync(new URL(`assets/${file}`, DIST)).size, 0)
const gzipped = initial.reduce(
  (total, file) => total + gzipSync(readFileSync(new URL(`assets/${file}`, DIST))).length,
  0
)
const all = readdirSync(new URL('assets/', DIST)).filter((file) => file.endsWith('.js'))
console.log(
  `login page loads ${initial.length} scripts, ${Math.round(size(initial) / 1024)} kB (${Math.round(gzipped / 1024)} kB gzip); ` +
    `the whole UI is ${all.length} scripts, ${Math.round(size(all) / 1024)} kB`
)
// Screens bundled into the shell itself would not show up as chunks at all.
const expectedChunks = [/^BrandList-/, /^ProductList-/, /^AccountScreen-/, /^SettingsScreen-/]
const missing = expectedChunks.filter((pattern) => !all.some((file) => pattern.test(file)))
if (missing.length) {
  console.error(`feature screens are not in chunks of their own: ${missing.join(', ')}`)
  process.exit(1)
}
if (screenChunks.length) {
  console.error(`feature screens are loaded by the login page: ${screenChunks.join(', ')}`)
  process.exit(1)
}
