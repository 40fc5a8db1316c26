/*
 * Japa test entry point (`node ace.js test` or `npm test -w @affix/core`).
 * Uses a database of its own (TEST_PG_URL + affix_test_japa by default), recreated on
 * every run, and Redis when REDIS_URL is set.
 */
process.env.NODE_ENV = 'test'
process.env.APP_KEY ??= 'test-app-key-0123456789abcdefghijkl'
// Rate-limit counters of this run only: Redis outlives runs, and limits have 15-minute windows.
process.env.AFFIX_COUNTER_NAMESPACE = `test-${process.pid}-${Date.now()}`
// Uploads of this run (logos, media, import files) in a folder of its own, never the repo's data/.
if (!process.env.DATA_DIR) {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'affix-test-data-'))
}

import 'reflect-metadata'
import pg from 'pg'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { configure, processCLIArgs, run } from '@japa/runner'

const APP_ROOT = new URL('../', import.meta.url)
const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

async function prepareDatabase() {
  if (process.env.DATABASE_URL) return
  const base = (process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '')
  const name = process.env.TEST_DB_NAME ?? `affix_test_japa${process.env.AFFIX_TEST_DB_SUFFIX ?? ''}`
  const client = new pg.Client({ connectionString: `${base}/postgres` })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  process.env.DATABASE_URL = `${base}/${name}`
}

/** The in-process HTTP server of the functional suite listens on a free loopback port. */
async function choosePort() {
  const { createServer } = await import('node:net')
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
  const port = (server.address() as { port: number }).port
  await new Promise((done) => server.close(done))
  process.env.HOST = '127.0.0.1'
  process.env.PORT = String(port)
}

await prepareDatabase()
await choosePort()

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.js')
    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      ...{
        setup: runnerHooks.setup,
        teardown: runnerHooks.teardown.concat([() => app.terminate()]),
      },
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
