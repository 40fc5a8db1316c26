/*
 * Proves the README's start command on the embedded default: runs `npm start` with no
 * DATABASE_URL and no REDIS_URL (a temporary DATA_DIR and free ports), waits for
 * /health, logs in as the demo admin, lists the demo brands and stops the server,
 * checking that the embedded PostgreSQL stops with it.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

const dataDir = mkdtempSync(join(tmpdir(), 'affix-smoke-'))
const [port, pgPort] = [await freePort(), await freePort()]
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn' }
delete env.DATABASE_URL
delete env.REDIS_URL
const child = spawn('npm', ['start', '--silent'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
let output = ''
child.stdout.on('data', (chunk) => (output += chunk))
child.stderr.on('data', (chunk) => (output += chunk))

const url = `http://127.0.0.1:${port}`
let failure
try {
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early`)
    try {
      if ((await fetch(`${url}/health`)).ok) break
    } catch {}
    if (Date.now() > deadline) throw new Error('no healthy server within 180 s')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const health = (await (await fetch(`${url}/health`)).json()).data
  if (health.database !== 'up' || health.redis !== 'memory') throw new Error(`unexpected health ${JSON.stringify(health)}`)
  const login = await (await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.affix.dev', password: 'Demo#1234' }) })).json()
  if (!login.success) throw new Error(`demo login failed: ${JSON.stringify(login)}`)
  const brands = await (await fetch(`${url}/api/v1/brands/brands`, { headers: { authorization: `Bearer ${login.data.token}` } })).json()
  if (brands.data.length !== 2) throw new Error(`expected the 2 demo brands, got ${brands.data.length}`)
  const ui = await fetch(`${url}/`)
  if (!ui.ok || !(await ui.text()).includes('<div id="root">')) throw new Error('the admin UI is not served at /')
  console.log(`embedded start: healthy, demo admin logged in, ${brands.data.length} demo brands, UI served`)
} catch (error) {
  failure = error
} finally {
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {}
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, 15_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  const portTaken = () =>
    new Promise((resolve) => {
      const socket = createServer().once('error', () => resolve(true)).listen(pgPort, '127.0.0.1', () => socket.close(() => resolve(false)))
    })
  // PostgreSQL finishes its shutdown on its own after the server process exits.
  let pgStillUp = true
  for (let waited = 0; waited < 20 && pgStillUp; waited++) {
    pgStillUp = await portTaken()
    if (pgStillUp) await new Promise((resolve) => setTimeout(resolve, 500))
  }
  rmSync(dataDir, { recursive: true, force: true })
  if (!failure && pgStillUp) failure = new Error('the embedded PostgreSQL kept running after the server stopped')
}
if (failure) {
  console.error(output.slice(-4000))
  console.error(`embedded start smoke test failed: ${failure.message}`)
  process.exit(1)
}
