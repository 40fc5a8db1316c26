import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import pg from 'pg'
import { CORE_DIR } from '@affix/core/testing'

/*
 * Crash test (issue 6 "Done when"): a real server process takes concurrent clicks and is
 * SIGKILLed mid-load; every click answered with a 302 must be in the database, because the
 * answer waits for the click's batch to commit.
 */
const CORE = CORE_DIR
const PG_BASE = (process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '')
const DB = `${process.env.TEST_DB_NAME ?? `affix_test_japa${process.env.AFFIX_TEST_DB_SUFFIX ?? ''}`}_crash`

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

test.group('Tracking: crash', () => {
  test('SIGKILL mid-load loses no click that was answered with a 302', async ({ assert }) => {
    const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${DB}`)
    await admin.end()
    const port = await freePort()
    const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/start.ts'], {
      cwd: CORE,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: `${PG_BASE}/${DB}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // One process, SIGKILLed whole: the job worker in it (npm start's default child
        // worker would stop gracefully when its server dies).
        AFFIX_WORKER: 'true',
        AFFIX_MIGRATE_ON_START: 'true',
        AFFIX_SEED_DEMO: 'true',
        AFFIX_COUNTER_NAMESPACE: `crash-${Date.now()}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    const url = `http://127.0.0.1:${port}`
    const sql = new pg.Client({ connectionString: `${PG_BASE}/${DB}` })
    try {
      const deadline = Date.now() + 90_000
      for (;;) {
        if (child.exitCode !== null) throw new Error('server exited early')
        if (
          await fetch(`${url}/health`).then(
            (r) => r.ok,
            () => false
          )
        )
          break
        if (Date.now() > deadline) throw new Error('server did not start')
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      await sql.connect()
      const {
        rows: [org],
      } = await sql.query('SELECT min(id) AS id FROM organizations')
      const {
        rows: [brand],
      } = await sql.query('SELECT id FROM brands WHERE organization_id = $1 ORDER BY id LIMIT 1', [org.id])
      const {
        rows: [campaign],
      } = await sql.query(
        `INSERT INTO campaigns (organization_id, brand_id, title, status, visibility, default_url, currency) VALUES ($1, $2, 'Crash', 'active', 'public', 'https://brand.example/?click={click_id}', 'USD') RETURNING id`,
        [org.id, brand.id]
      )
      const {
        rows: [affiliate],
      } = await sql.query(
        `INSERT INTO users (organization_id, email, password, role, status) VALUES ($1, 'crash@affiliates.example', '!', 'affiliate', 'active') RETURNING id`,
        [org.id]
      )

      const answered: string[] = []
      let failures = 0
      let running = true
      const worker = async () => {
        while (running) {
          try {
            const response = await fetch(`${url}/c/${campaign.id}?pub_id=${affiliate.id}`, { redirect: 'manual' })
            const location = response.headers.get('location')
            if (response.status === 302 && location) answered.push(new URL(location).searchParams.get('click')!)
          } catch {
            failures++
            if (child.exitCode !== null || child.signalCode) return
          }
        }
      }
      const workers = Array.from({ length: 32 }, worker)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      child.kill('SIGKILL')
      await new Promise((resolve) => child.once('exit', resolve))
      running = false
      await Promise.all(workers)

      assert.isAbove(answered.length, 100, 'the load ran')
      assert.isAbove(failures, 0, 'the kill interrupted clicks in flight')
      const { rows } = await sql.query('SELECT count(*) AS n FROM tracking_clicks WHERE click_id = ANY($1::uuid[])', [
        answered,
      ])
      assert.equal(Number(rows[0].n), answered.length)
    } finally {
      if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL')
      await sql.end().catch(() => {})
    }
  }).timeout(180_000)
})
