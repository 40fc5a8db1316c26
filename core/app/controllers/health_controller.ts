import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { redisAnswers, redisConnection } from '#kernel/redis'
import { ok } from '#kernel/envelope'
import { APP_VERSION } from '#services/version'
import { jobWorkerRunning } from '#services/job_queue'
import { workerProcessState } from '#services/worker_process'

/** Where this process's job worker runs; a child worker that is down does not make the server unhealthy (jobs wait in the queue). */
function workerState() {
  const child = workerProcessState()
  if (child) return child.running ? 'process' : 'process-down'
  return jobWorkerRunning() ? 'in-process' : 'off'
}

export default class HealthController {
  /** GET /health: database and Redis (or the in-memory stand-in) state, and where the job worker runs. */
  async show(ctx: HttpContext) {
    let database: 'up' | 'down' = 'up'
    try {
      await db.rawQuery('select 1')
    } catch {
      database = 'down'
    }
    // The limiter's connection: the one every request depends on.
    const connection = redisConnection('main')
    const redisUp = connection ? await redisAnswers(connection) : true
    const healthy = database === 'up' && redisUp
    return ok(
      ctx,
      {
        status: healthy ? 'ok' : 'degraded',
        version: APP_VERSION,
        database,
        redis: !connection ? 'memory' : redisUp ? 'up' : 'down',
        worker: workerState(),
      },
      healthy ? 200 : 503
    )
  }
}
