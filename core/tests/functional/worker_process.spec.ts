import { getPriority } from 'node:os'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { enqueueJob, jobWorkerRunning } from '#services/job_queue'
import { startWorker, stopWorker } from '#services/jobs'
import { startWorkerProcess, stopWorkerProcess, workerNiceness, workerProcessState } from '#services/worker_process'
import { IMPORT_JOB } from '#kernel/background_imports'

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const runningPid = () => {
  const state = workerProcessState()
  return state?.running && state.pid ? state.pid : undefined
}

const jobLeft = async (id: string) =>
  (await db.rawQuery('SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE id = ?', [id])).rows[0].n > 0

test.group('Job worker in a child process (AFFIX_WORKER=process)', () => {
  test('runs the jobs niced, is restarted when it dies, and stops with the server', async ({ assert, cleanup }) => {
    const logger = await app.container.make('logger')
    // This process's own worker stops, so only the child can run what is queued.
    await stopWorker()
    cleanup(async () => {
      await stopWorkerProcess()
      await startWorker(logger)
    })
    assert.isFalse(jobWorkerRunning())

    startWorkerProcess(logger, { nice: 7 })
    const pid = await until('the worker process', runningPid)
    assert.equal(getPriority(pid), 7)

    // A job queued by this (web) process is run and completed by the child.
    const job = await enqueueJob(IMPORT_JOB, { importId: 2_000_000_000 })
    await until('the child to complete the job', async () => !(await jobLeft(job)) || undefined)

    // Killed (out of memory, say): a new one takes its place.
    process.kill(pid, 'SIGKILL')
    const replacement = await until('a replacement worker process', () => {
      const next = runningPid()
      return next && next !== pid ? next : undefined
    })
    assert.equal(getPriority(replacement), 7)
    const second = await enqueueJob(IMPORT_JOB, { importId: 2_000_000_001 })
    await until('the replacement to complete a job', async () => !(await jobLeft(second)) || undefined)

    // Stopping waits for the child to exit (before pools and the embedded database close).
    await stopWorkerProcess()
    assert.isFalse(alive(replacement))
    assert.isUndefined(workerProcessState())
  }).timeout(90_000)

  test('AFFIX_WORKER_NICE must be a whole number from 0 to 19', ({ assert }) => {
    assert.equal(workerNiceness(undefined), 10)
    assert.equal(workerNiceness(0), 0)
    assert.equal(workerNiceness(19), 19)
    for (const wrong of [-1, 20, 2.5, Number.NaN])
      assert.throws(() => workerNiceness(wrong), /AFFIX_WORKER_NICE must be a whole number from 0 to 19/)
  })
})
