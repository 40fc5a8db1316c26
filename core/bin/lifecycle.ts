/*
 * What the entry points (bin/server.ts, bin/worker.ts, bin/console.ts) share: the
 * application root, the importer they hand to the Ignitor, and the orderly shutdown of a
 * long-running process.
 */
import type { ApplicationService } from '@adonisjs/core/types'

export const APP_ROOT = new URL('../', import.meta.url)

export const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

/** A shutdown that hangs (a job that ignores its abort signal, say) must not hang forever. */
const SHUTDOWN_TIMEOUT_MS = 30_000

let shuttingDown = false
/**
 * Terminates the application (providers shut down in reverse order), runs `after` (the
 * server stops the embedded PostgreSQL there) and exits: 0, or 1 when something failed or
 * it took more than 30 s. The first call wins: a terminal's Ctrl-C reaches a process through
 * npm as well.
 */
export async function shutdownOnce(app: ApplicationService, reason: string, after?: () => Promise<void>) {
  if (shuttingDown) return
  shuttingDown = true
  // Before the app has booted (a signal during the first start's migrations) there is no logger yet.
  const logger = await app.container.make('logger').catch(() => null)
  logger?.info('%s: shutting down', reason)
  const timer = setTimeout(() => {
    console.error(`shutdown took more than ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting anyway`)
    Promise.resolve(after?.()).finally(() => process.exit(1))
  }, SHUTDOWN_TIMEOUT_MS)
  timer.unref()
  try {
    await app.terminate()
  } catch (error) {
    process.exitCode = 1
    if (logger) logger.error({ err: error }, 'shutdown failed')
    else console.error('shutdown failed', error)
  }
  await after?.()
  process.exit(process.exitCode ?? 0)
}
