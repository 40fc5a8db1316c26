/*
 * The README's commands, exactly as written and in its order, from fresh clones of the
 * working tree (its tracked and unignored files: what a clone of it would hold):
 *
 *   clone A: `npm install && npm start` — the embedded defaults (no DATABASE_URL, REDIS_URL,
 *            DATA_DIR or EMBEDDED_PG_PORT): healthy, demo admin logs in, demo data, UI served,
 *            the job worker up in its own niced process;
 *   clone A: `npm run worker` beside it (no DATABASE_URL): joins A's embedded PostgreSQL,
 *            starts, exits 0 on SIGTERM;
 *   clone B: the same, beside A, with its own DATA_DIR (a private 0700 folder): both come
 *            up, on different embedded PostgreSQL ports;
 *   stop B with SIGTERM to npm (`kill <pid>`) and A with SIGINT to its process group
 *            (Ctrl-C): each exits 0, prints no error, and its worker process and embedded
 *            PostgreSQL stop;
 *   clone A: `npm run build`, then `npx affix --help`;
 *   as root, a DATA_DIR under a private (0700) folder: refused at once with what to do.
 *
 * `npm install` runs for real, on a node_modules copied in as hard links from this
 * checkout (seconds, where a cold `npm ci` from the offline cache takes minutes). The
 * children get the machine's own PATH (not this checkout's Node 24) and no npm_* variables.
 */
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '')
const timings = []
const timed = async (label, work) => {
  const started = Date.now()
  try {
    return await work()
  } finally {
    timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
}

// The README's commands, in its order: the smoke test fails when the README changes them.
const README_COMMANDS = ['npm install && npm start', 'npm run build', 'npm run worker', 'npx affix --help']
const readme = readFileSync(join(root, 'README.md'), 'utf8')
let readmeAt = -1
for (const command of README_COMMANDS) {
  const at = readme.indexOf(command, readmeAt + 1)
  if (at < 0) throw new Error(`the README no longer says \`${command}\` after the previous command: update this test`)
  readmeAt = at
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
const portTaken = (port) =>
  new Promise((resolve) => {
    const socket = createServer()
      .once('error', () => resolve(true))
      .listen(port, '127.0.0.1', () => socket.close(() => resolve(false)))
  })
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** The environment of a newcomer's shell: no project variables, the machine's own PATH. */
function newcomerEnv(extra) {
  const env = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|AFFIX_|DATABASE_URL$|REDIS_URL$|DATA_DIR$|EMBEDDED_PG_PORT$|PORT$|HOST$|NODE_ENV$|INIT_CWD$)/.test(key))
      continue
    env[key] = value
  }
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((entry) => !entry.startsWith(root))
    .join(':')
  return { ...env, ...extra }
}

const work = mkdtempSync(join(tmpdir(), 'affix-smoke-'))
// mkdtemp makes it private; as root the embedded server's user must pass through it.
chmodSync(work, 0o711)

/** A fresh clone of the working tree, with a hard-linked copy of the installed packages. */
function cloneInto(name) {
  const dir = join(work, name)
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && existsSync(join(root, file)))
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    copyFileSync(join(root, file), join(dir, file))
  }
  const installed = execFileSync('find', ['.', '-maxdepth', '3', '-name', 'node_modules', '-type', 'd', '-prune'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
  for (const folder of installed) execFileSync('cp', ['-al', join(root, folder), join(dir, folder)])
  // npm rewrites its hidden lockfile in place: give the clone a copy, not a hard link.
  const hidden = join(dir, 'node_modules/.package-lock.json')
  if (existsSync(hidden)) {
    rmSync(hidden)
    copyFileSync(join(root, 'node_modules/.package-lock.json'), hidden)
  }
  return dir
}

/** Runs a command line in `cwd` to completion; rejects with its output when it fails. */
function run(cwd, commandLine, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', commandLine], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`\`${commandLine}\` exited ${code}:\n${output.slice(-3000)}`))
    )
  })
}

/** `npm start` in `cwd` as its own process group (as a terminal runs it). */
function npmStart(cwd, env) {
  const child = spawn('npm', ['start'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  const server = { child, output: '', exit: null }
  child.stdout.on('data', (chunk) => (server.output += chunk))
  child.stderr.on('data', (chunk) => (server.output += chunk))
  server.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve((server.exit = { code, signal })))
  )
  return server
}

async function waitHealthy(server, url) {
  const deadline = Date.now() + 240_000
  for (;;) {
    if (server.exit)
      throw new Error(`npm start exited early (${JSON.stringify(server.exit)}):\n${server.output.slice(-3000)}`)
    try {
      const health = await fetch(`${url}/health`)
      if (health.ok) return (await health.json()).data
    } catch {}
    if (Date.now() > deadline) throw new Error(`no healthy server at ${url} within 240 s`)
    await sleep(500)
  }
}

async function checkDemo(url) {
  const login = await (
    await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.affix.dev', password: 'Demo#1234' }),
    })
  ).json()
  if (!login.success) throw new Error(`demo login failed: ${JSON.stringify(login)}`)
  const headers = { authorization: `Bearer ${login.data.token}` }
  const brands = await (await fetch(`${url}/api/v1/brands/brands`, { headers })).json()
  if (brands.data.length < 2) throw new Error(`expected the demo brands, got ${brands.data.length}`)
  const campaigns = await (await fetch(`${url}/api/v1/campaigns/campaigns`, { headers })).json()
  if (!campaigns.data?.length) throw new Error('expected demo campaigns, got none')
  const ui = await fetch(`${url}/`)
  if (!ui.ok || !(await ui.text()).includes('<div id="root">')) throw new Error('the admin UI is not served at /')
  return { brands: brands.data.length, campaigns: campaigns.data.length }
}

/** The pids of the job worker processes `npm start` runs from this clone. */
function workerPids(clone) {
  try {
    return execFileSync('pgrep', ['-f', join(clone, 'core/bin/worker.ts')], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
  } catch {
    return [] // pgrep exits 1 when nothing matches
  }
}

/** Until /health says the job worker runs in its child process; returns that process's niceness. */
async function waitWorkerProcess(name, url, clone) {
  const deadline = Date.now() + 60_000
  for (;;) {
    const health = (await (await fetch(`${url}/health`)).json()).data
    if (health.worker === 'process') break
    if (Date.now() > deadline)
      throw new Error(`${name}: the job worker process is not up within 60 s (${health.worker})`)
    await sleep(500)
  }
  const pids = workerPids(clone)
  if (pids.length !== 1) throw new Error(`${name}: expected one job worker process, found ${pids.length}`)
  return Number(execFileSync('ps', ['-o', 'ni=', '-p', String(pids[0])], { encoding: 'utf8' }).trim())
}

/**
 * The README's `npm run worker` beside a running `npm start`, with no DATABASE_URL: it joins
 * the embedded PostgreSQL of the same DATA_DIR, starts, and stops on SIGTERM with exit 0.
 */
async function extraWorker(clone, env) {
  const child = spawn('npm', ['run', 'worker'], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const deadline = Date.now() + 60_000
  while (!output.includes('job worker started')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      process.kill(-child.pid, 'SIGKILL')
      throw new Error(`\`npm run worker\` did not start beside npm start:\n${output.slice(-3000)}`)
    }
    await sleep(250)
  }
  process.kill(child.pid, 'SIGTERM')
  const exit = await Promise.race([exited, sleep(45_000).then(() => null)])
  if (!exit) {
    process.kill(-child.pid, 'SIGKILL')
    throw new Error('`npm run worker` did not stop within 45 s of SIGTERM')
  }
  if (exit.code !== 0) throw new Error(`\`npm run worker\` exited ${JSON.stringify(exit)} on SIGTERM:\n${output}`)
}

/** What must never appear when the server stops: the crash of issue 16 and its kin. */
const SHUTDOWN_ERRORS = /57P01|terminating connection|Lifecycle script|npm error|Unhandled|Error:|"level":(50|60)/

async function stopAndCheck(server, name, signal, group, pgPort, clone) {
  server.output = ''
  process.kill(group ? -server.child.pid : server.child.pid, signal)
  const exit = await Promise.race([server.exited, sleep(45_000).then(() => null)])
  if (!exit) {
    process.kill(-server.child.pid, 'SIGKILL')
    throw new Error(`${name}: npm start did not stop within 45 s of ${signal}`)
  }
  if (exit.code !== 0)
    throw new Error(`${name}: npm start exited ${JSON.stringify(exit)} on ${signal}:\n${server.output}`)
  const error = server.output.match(SHUTDOWN_ERRORS)
  if (error) throw new Error(`${name}: the shutdown on ${signal} printed "${error[0]}":\n${server.output}`)
  for (let waited = 0; waited < 20 && (await portTaken(pgPort)); waited++) await sleep(250)
  if (await portTaken(pgPort)) throw new Error(`${name}: the embedded PostgreSQL (port ${pgPort}) kept running`)
  if (workerPids(clone).length) throw new Error(`${name}: the job worker process kept running`)
}

const servers = []
let failure
try {
  const [portA, portB] = [await freePort(), await freePort()]
  const cloneA = await timed('clone A', () => cloneInto('a'))
  const envA = newcomerEnv({ PORT: String(portA), HOST: '127.0.0.1' })
  await timed('A: npm install', () => run(cloneA, 'npm install', envA))
  const serverA = npmStart(cloneA, envA)
  servers.push(serverA)
  const healthA = await timed('A: npm start (first run) until healthy', () =>
    waitHealthy(serverA, `http://127.0.0.1:${portA}`)
  )
  if (healthA.database !== 'up' || healthA.redis !== 'memory') throw new Error(`A: health ${JSON.stringify(healthA)}`)
  const demo = await checkDemo(`http://127.0.0.1:${portA}`)
  const workerNice = await waitWorkerProcess('A', `http://127.0.0.1:${portA}`, cloneA)
  if (workerNice !== 10) throw new Error(`A: the job worker runs at niceness ${workerNice}, not 10`)
  await timed('A: `npm run worker` beside it, until SIGTERM', () => extraWorker(cloneA, envA))
  const pgPortA = Number(readFileSync(join(cloneA, 'data/embedded_pg_port'), 'utf8'))

  const cloneB = await timed('clone B', () => cloneInto('b'))
  const privateData = join(work, 'b-data')
  mkdirSync(privateData, { mode: 0o700 })
  chmodSync(privateData, 0o700)
  const envB = newcomerEnv({ PORT: String(portB), HOST: '127.0.0.1', DATA_DIR: privateData })
  await timed('B: npm install', () => run(cloneB, 'npm install', envB))
  const serverB = npmStart(cloneB, envB)
  servers.push(serverB)
  await timed('B: npm start beside A until healthy', () => waitHealthy(serverB, `http://127.0.0.1:${portB}`))
  await checkDemo(`http://127.0.0.1:${portB}`)
  await waitWorkerProcess('B', `http://127.0.0.1:${portB}`, cloneB)
  const pgPortB = Number(readFileSync(join(privateData, 'embedded_pg_port'), 'utf8'))
  if (pgPortA === pgPortB) throw new Error(`A and B share the embedded PostgreSQL port ${pgPortA}`)
  // B's DATA_DIR is new, so it preferred 54329; unless it got it, it must have said so.
  if (pgPortB !== 54329 && !serverB.output.includes('port 54329 is taken'))
    throw new Error(`B moved to port ${pgPortB} without saying so:\n${serverB.output.slice(-2000)}`)

  await timed('B: SIGTERM to npm until stopped', () => stopAndCheck(serverB, 'B', 'SIGTERM', false, pgPortB, cloneB))
  await timed('A: SIGINT to the group (Ctrl-C) until stopped', () =>
    stopAndCheck(serverA, 'A', 'SIGINT', true, pgPortA, cloneA)
  )

  await timed('A: npm run build', () => run(cloneA, 'npm run build', envA))
  const help = await timed('A: npx affix --help', () => run(cloneA, 'npx affix --help', envA))
  if (!/USAGE[\s\S]*\$ affix[\s\S]*TOPICS[\s\S]*brands/.test(help)) throw new Error(`npx affix --help:\n${help}`)

  let rootCheck = 'not root: the embedded server runs as this user, nothing to refuse'
  if (process.getuid?.() === 0) {
    const fenced = join(work, 'private')
    mkdirSync(fenced, { mode: 0o700 })
    chmodSync(fenced, 0o700)
    const refused = await timed('A: npm start with DATA_DIR under a private folder (root)', () =>
      run(cloneA, 'npm start', { ...envA, DATA_DIR: join(fenced, 'data') }).then(
        (output) => {
          throw new Error(`npm start came up with an unreachable DATA_DIR:\n${output}`)
        },
        (error) => error.message
      )
    )
    if (!refused.includes(`cannot enter ${fenced} (mode 0700)`) || !refused.includes(`chmod o+x ${fenced}`))
      throw new Error(`the refusal does not say what to do:\n${refused}`)
    if (/\n\s+at /.test(refused)) throw new Error(`the refusal printed a stack trace:\n${refused}`)
    rootCheck = 'root: a DATA_DIR under a private folder is refused with what to do'
  }

  console.log(
    [
      `README commands from fresh clones: ${README_COMMANDS.map((command) => `\`${command}\``).join(', ')}`,
      `A: healthy on the embedded defaults (PostgreSQL port ${pgPortA}), demo admin logged in, ${demo.brands} brands, ${demo.campaigns} campaigns, UI served, job worker in its own process at nice ${workerNice}`,
      `B: up beside A with its own private DATA_DIR (PostgreSQL port ${pgPortB})`,
      'B stopped by SIGTERM and A by SIGINT to the group: exit 0, no error, worker process and embedded PostgreSQL stopped',
      '`npm run worker` beside A: joined its embedded PostgreSQL, started, stopped with exit 0 on SIGTERM',
      '`npm run build` then `npx affix --help`: CLI usage printed',
      rootCheck,
      `timings: ${timings.join('; ')}`,
    ].join('\n')
  )
} catch (error) {
  failure = error
} finally {
  for (const server of servers) {
    if (server.exit) continue
    try {
      process.kill(-server.child.pid, 'SIGTERM')
    } catch {}
    await Promise.race([server.exited, sleep(30_000)])
  }
  rmSync(work, { recursive: true, force: true })
}
if (failure) {
  console.error(`timings: ${timings.join('; ')}`)
  console.error(`README smoke test failed: ${failure.message}`)
  process.exit(1)
}
