/*
 * The job worker as a child process (AFFIX_WORKER=process, what `npm start` runs): the web
 * process answers clicks, postbacks and the panels while a second process at a lower CPU
 * priority (AFFIX_WORKER_NICE, default 10) runs the jobs — commission recomputations, the
 * ingest of inbound postbacks handed over through the inbox job, imports, deliveries. On a
 * machine with few cores this keeps background work out of the answers' latency
 * (docs/architecture.md, "Background jobs").
 *
 * The child is bin/worker.ts with this process's environment (the same database, DATA_DIR
 * and APP_KEY). It is restarted when it dies unexpectedly (with a growing delay), told to
 * stop with SIGTERM on shutdown and waited for, so the embedded PostgreSQL never stops under
 * a running job; it stops by itself when this process goes away (its IPC channel closes).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Logger } from '@adonisjs/core/logger'

export type WorkerMode = 'in-process' | 'process' | 'off'

/** AFFIX_WORKER's value (validated by start/env.ts) as a mode; unset runs it in this process. */
export function workerMode(value: string | undefined): WorkerMode {
  if (value === 'process') return 'process'
  if (value === 'false') return 'off'
  return 'in-process'
}

export const DEFAULT_WORKER_NICE = 10
/** How long a stopping worker may finish its jobs before it is killed (the server's own limit is 30 s). */
const STOP_TIMEOUT_MS = 25_000
/** Restart delays after unexpected exits: 1 s, doubling, at most 30 s; reset after a minute of life. */
const RESTART_DELAY_MS = { first: 1_000, max: 30_000, stableAfter: 60_000 }

const CORE_DIR = fileURLToPath(new URL('../../', import.meta.url))
const WORKER_ENTRY = fileURLToPath(new URL('../../bin/worker.ts', import.meta.url))

/** This process's Node flags minus a debugger's port (two processes cannot share it), plus the TypeScript loader. */
function childNodeFlags(): string[] {
  const flags = process.execArgv.filter((flag) => !flag.startsWith('--inspect'))
  if (!flags.some((flag) => flag.includes('@poppinss/ts-exec'))) flags.push('--import=@poppinss/ts-exec')
  return flags
}

interface Supervised {
  child: ChildProcess | undefined
  ready: boolean
  stopping: boolean
  markStopping: () => void
  restartTimer: NodeJS.Timeout | undefined
  restartDelay: number
  exited: Promise<void>
}
let supervised: Supervised | undefined

/** The child worker's state, for /health: undefined when this process supervises none. */
export function workerProcessState(): { running: boolean; pid: number | null } | undefined {
  if (!supervised) return undefined
  return { running: supervised.ready, pid: supervised.ready ? (supervised.child?.pid ?? null) : null }
}

/** Validates the niceness: an integer from 0 to 19 (a lower priority needs no privilege). */
export function workerNiceness(value: number | undefined): number {
  const nice = value ?? DEFAULT_WORKER_NICE
  if (!Number.isInteger(nice) || nice < 0 || nice > 19)
    throw new Error(`AFFIX_WORKER_NICE must be a whole number from 0 to 19, not ${value}`)
  return nice
}

/** Starts the child worker and keeps it running until stopWorkerProcess(). */
export function startWorkerProcess(logger: Logger, options: { nice?: number } = {}) {
  if (supervised) return
  const nice = workerNiceness(options.nice)
  const state: Supervised = {
    child: undefined,
    ready: false,
    stopping: false,
    restartTimer: undefined,
    restartDelay: RESTART_DELAY_MS.first,
    exited: Promise.resolve(),
    markStopping: () => {
      state.stopping = true
    },
  }
  supervised = state
  // A terminal's Ctrl-C reaches the child too, which stops at once: its exit is then no
  // crash to restart from, although this process's shutdown has not reached the provider yet.
  process.once('SIGINT', state.markStopping)
  process.once('SIGTERM', state.markStopping)

  const launch = () => {
    state.restartTimer = undefined
    const node = [process.execPath, ...childNodeFlags(), WORKER_ENTRY]
    // `nice` (not os.setPriority after the fact) so every thread of the child runs niced.
    const [program, ...args] = nice > 0 && process.platform !== 'win32' ? ['nice', '-n', String(nice), ...node] : node
    const startedAt = Date.now()
    const child = spawn(program, args, {
      cwd: CORE_DIR,
      env: { ...process.env, AFFIX_WORKER: 'true' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    state.child = child
    state.ready = false
    state.exited = new Promise((resolve) => {
      child.once('exit', () => resolve())
      // A child that could not be spawned emits no exit.
      child.once('error', () => resolve())
    })
    child.on('message', (message: { type?: string }) => {
      if (message?.type !== 'ready') return
      state.ready = true
      logger.info('job worker process started (pid %d, nice %d)', child.pid, nice)
    })
    child.once('error', (error) => logger.error({ err: error }, 'job worker process could not start'))
    child.once('exit', (code, signal) => {
      state.ready = false
      if (state.stopping) return
      if (Date.now() - startedAt > RESTART_DELAY_MS.stableAfter) state.restartDelay = RESTART_DELAY_MS.first
      logger.error(
        'job worker process exited (%s): restarting in %d s',
        signal ?? `code ${code}`,
        state.restartDelay / 1000
      )
      state.restartTimer = setTimeout(launch, state.restartDelay)
      state.restartDelay = Math.min(state.restartDelay * 2, RESTART_DELAY_MS.max)
    })
  }
  launch()
}

/** Stops the child worker: SIGTERM, its jobs finish (or it is killed after 25 s), then it has exited. */
export async function stopWorkerProcess() {
  const state = supervised
  if (!state) return
  supervised = undefined
  state.stopping = true
  process.off('SIGINT', state.markStopping)
  process.off('SIGTERM', state.markStopping)
  if (state.restartTimer) clearTimeout(state.restartTimer)
  const child = state.child
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await state.exited
  clearTimeout(timer)
}
