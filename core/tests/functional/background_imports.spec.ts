import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import vine from '@vinejs/vine'
import { parse } from 'csv-parse/sync'
import DataImport from '#models/data_import'
import { defineImportType, queueImport, runImportJob } from '#kernel/background_imports'
import { startWorker, stopWorker } from '#services/jobs'
import { createTenant, csv } from '#tests/helpers/fixtures'
import { installTestPlugin } from '#tests/helpers/plugins'
import { waitForImport } from '#tests/helpers/imports'

/*
 * The background-import machinery, through an import type registered by the test: it
 * writes into a scratch table and can be slowed down, so that progress and cancelling a
 * running import are observable. The affiliate importers are tested beside their plugin
 * (plugins/affiliates/tests/functional/affiliate_imports.spec.ts).
 */

const itemRow = vine.compile(
  vine.object({ name: vine.string().trim().minLength(3).maxLength(50), size: vine.number().min(0).optional() })
)
let delayMs = 0

const TEST_ITEMS = defineImportType({
  pluginId: 'test-imports',
  type: 'test-items',
  columns: { required: ['name'], optional: ['size'] },
  chunkSize: 5,
  async prepare(job) {
    const rows = await job.trx.from('test_import_items').where('organization_id', job.organizationId).select('name')
    return { taken: new Set(rows.map((row) => row.name as string)) }
  },
  async processChunk(rows, job, state) {
    if (delayMs) await new Promise((done) => setTimeout(done, delayMs))
    const failures = []
    const accepted = []
    for (const row of rows) {
      if (row.values.name === 'explode') throw new Error('secret internal detail')
      const input = Object.fromEntries(Object.entries(row.values).filter(([, value]) => value !== ''))
      const checked = await job.check(itemRow, input)
      if (!checked.ok) {
        failures.push({ ...row, error: checked.error })
        continue
      }
      if (state.taken.has(checked.data.name)) {
        failures.push({ ...row, error: job.t('upload.invalid_file') })
        continue
      }
      state.taken.add(checked.data.name)
      accepted.push({ organization_id: job.organizationId, name: checked.data.name })
    }
    if (accepted.length) await job.trx.insertQuery().table('test_import_items').multiInsert(accepted)
    return { imported: accepted.length, failures }
  },
})

const itemCount = async (organizationId: number) =>
  Number((await db.from('test_import_items').where('organization_id', organizationId).count('* as total'))[0].total)

async function queue(tenant: { org: { id: number }; user: { id: number } }, lines: string[], locale = 'en') {
  const body = lines.slice(1).filter((line) => line !== '')
  return queueImport({
    organizationId: tenant.org.id,
    userId: tenant.user.id,
    locale,
    definition: TEST_ITEMS,
    fileName: 'items.csv',
    contents: csv(lines),
    totalRows: body.length,
  })
}

test.group('background imports: the job', (group) => {
  group.setup(async () => {
    const uninstall = installTestPlugin({ id: 'test-imports', imports: [TEST_ITEMS] })
    await db.rawQuery(
      'CREATE TABLE IF NOT EXISTS test_import_items (id serial primary key, organization_id integer not null, name text not null, unique (organization_id, name))'
    )
    return uninstall
  })
  group.each.teardown(() => {
    delayMs = 0
  })

  test('queued → processing → completed, with progress shown while it runs', async ({ client, assert }) => {
    const tenant = await createTenant('admin')
    delayMs = 30
    const lines = ['name,size', ...Array.from({ length: 40 }, (_, i) => `item-${i},${i}`)]
    const queued = await queue(tenant, lines)
    assert.equal(queued.status, 'queued')
    const progress = new Set<number>()
    const deadline = Date.now() + 20_000
    let record
    do {
      record = (await client.get(`/api/v1/imports/${queued.id}`).bearerToken(tenant.token)).body().data
      if (record.status === 'processing') progress.add(record.processedRows)
      await new Promise((done) => setTimeout(done, 10))
    } while (record.status !== 'completed' && Date.now() < deadline)
    assert.include(record, {
      status: 'completed',
      totalRows: 40,
      processedRows: 40,
      importedRows: 40,
      failedRows: 0,
      failedRowsUrl: null,
      error: null,
    })
    assert.isString(record.startedAt)
    assert.isString(record.finishedAt)
    // Progress moved in steps of the chunk size while the rows were still uncommitted.
    assert.isAbove([...progress].filter((rows) => rows > 0 && rows < 40).length, 0)
    assert.equal(await itemCount(tenant.org.id), 40)
  })

  test('imported partially: the failed-rows file names each bad row and why, in the uploader language', async ({
    client,
    assert,
  }) => {
    for (const [locale, tooShort] of [
      ['en', 'at least 3 characters'],
      ['pt', 'pelo menos 3 caracteres'],
    ]) {
      const tenant = await createTenant('admin')
      const queued = await queue(tenant, ['name,size', 'alpha,1', 'ab,2', 'beta,-4', 'alpha,3', 'gamma,'], locale)
      const { record } = await waitForImport(client, tenant.token, queued.id, [
        'imported_partially',
        'completed',
        'failed',
      ])
      assert.include(record, { status: 'imported_partially', totalRows: 5, importedRows: 2, failedRows: 3 })
      assert.equal(record.failedRowsUrl, `/api/v1/imports/${queued.id}/failed-rows`)
      const file = await client.get(record.failedRowsUrl).bearerToken(tenant.token)
      file.assertStatus(200)
      const rows: string[][] = parse(file.text())
      assert.deepEqual(rows[0], ['line', 'name', 'size', 'error'])
      assert.deepEqual(
        rows.slice(1).map((row) => row.slice(0, 3)),
        [
          ['3', 'ab', '2'],
          ['4', 'beta', '-4'],
          ['5', 'alpha', '3'],
        ]
      )
      assert.include(rows[1][3], tooShort)
      assert.equal(rows[3][3], locale === 'pt' ? 'Por favor, envie um arquivo válido' : 'Please upload a valid file')
      assert.equal(await itemCount(tenant.org.id), 2)
    }
  })

  test('failed when no row is good; an unexpected error rolls back and says nothing of its cause', async ({
    client,
    assert,
  }) => {
    const tenant = await createTenant('admin')
    const none = await queue(tenant, ['name', 'a', 'b'])
    const failed = (await waitForImport(client, tenant.token, none.id, ['failed', 'completed', 'imported_partially']))
      .record
    assert.include(failed, { status: 'failed', importedRows: 0, failedRows: 2, error: null })

    const crash = await queue(tenant, ['name', ...Array.from({ length: 12 }, (_, i) => `fine-${i}`), 'explode'], 'pt')
    const crashed = (await waitForImport(client, tenant.token, crash.id, ['failed', 'completed', 'imported_partially']))
      .record
    assert.include(crashed, { status: 'failed', importedRows: 0, failedRows: 0, failedRowsUrl: null })
    assert.equal(crashed.error, 'Não foi possível concluir a importação. Nada foi importado; tente novamente.')
    assert.notInclude(JSON.stringify(crashed), 'secret internal detail')
    // The two chunks before the bad row were rolled back with it.
    assert.equal(await itemCount(tenant.org.id), 0)
  })

  test('cancelling a queued import cancels it at once; cancelling a processing one rolls it back', async ({
    client,
    assert,
  }) => {
    const tenant = await createTenant('admin')
    const logger = await app.container.make('logger')
    await stopWorker()
    let queued
    try {
      queued = await queue(tenant, ['name', 'first', 'second'])
      const cancelled = await client.post(`/api/v1/imports/${queued.id}/cancel`).bearerToken(tenant.token)
      cancelled.assertStatus(200)
      assert.equal(cancelled.body().data.status, 'cancelled')
    } finally {
      await startWorker(logger)
    }
    delayMs = 60
    const slow = await queue(tenant, ['name', ...Array.from({ length: 100 }, (_, i) => `slow-${i}`)])
    const running = await waitForImport(client, tenant.token, slow.id, ['processing'])
    assert.equal(running.record.status, 'processing')
    const deadline = Date.now() + 10_000
    while ((await DataImport.findOrFail(slow.id)).processedRows < 10 && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 10))
    const requested = await client.post(`/api/v1/imports/${slow.id}/cancel`).bearerToken(tenant.token)
    requested.assertStatus(200)
    assert.isTrue(requested.body().data.cancelRequested)
    const { record } = await waitForImport(client, tenant.token, slow.id, ['cancelled', 'completed'])
    assert.equal(record.status, 'cancelled')
    assert.equal(record.importedRows, 0)
    // Nothing of the first queued import either: it never ran.
    assert.equal(await itemCount(tenant.org.id), 0)
    // A finished import stays as it is.
    const again = await client.post(`/api/v1/imports/${queued.id}/cancel`).bearerToken(tenant.token)
    assert.equal(again.body().data.status, 'cancelled')
  })

  test('an import left processing by a dead worker starts again from scratch, a limited number of times', async ({
    client,
    assert,
  }) => {
    const tenant = await createTenant('admin')
    const logger = await app.container.make('logger')
    await stopWorker()
    let first
    let exhausted
    try {
      first = await queue(tenant, ['name', 'one', 'two', 'three'])
      exhausted = await queue(tenant, ['name', 'four'])
      // What a crash leaves behind: 'processing', half the progress, no live transaction.
      await db.from('imports').where('id', first.id).update({ status: 'processing', processed_rows: 2, attempts: 1 })
      await db
        .from('imports')
        .where('id', exhausted.id)
        .update({ status: 'processing', processed_rows: 1, attempts: 3 })
    } finally {
      await startWorker(logger)
    }
    const done = (await waitForImport(client, tenant.token, first.id, ['completed', 'failed'])).record
    assert.include(done, { status: 'completed', importedRows: 3, processedRows: 3 })
    const gaveUp = (await waitForImport(client, tenant.token, exhausted.id, ['completed', 'failed'])).record
    assert.equal(gaveUp.status, 'failed')
    assert.equal(gaveUp.error, 'The import could not be completed. Nothing was imported; please try again.')
    assert.equal(await itemCount(tenant.org.id), 3)
    // Running the job again for a finished import changes nothing.
    await runImportJob({ importId: first.id })
    assert.equal((await DataImport.findOrFail(first.id)).status, 'completed')
    assert.equal(await itemCount(tenant.org.id), 3)
  })

  test('an import, its original file and its failed rows belong to its organisation only', async ({
    client,
    assert,
  }) => {
    const owner = await createTenant('admin')
    const other = await createTenant('admin')
    const lines = ['name', 'valid-name', 'no']
    const queued = await queue(owner, lines)
    await waitForImport(client, owner.token, queued.id, ['imported_partially'])
    const original = await client.get(`/api/v1/imports/${queued.id}/file`).bearerToken(owner.token)
    original.assertStatus(200)
    assert.equal(original.text(), csv(lines).toString())
    assert.include(original.header('content-disposition'), 'items.csv')
    for (const path of ['', '/file', '/failed-rows']) {
      const response = await client.get(`/api/v1/imports/${queued.id}${path}`).bearerToken(other.token)
      response.assertStatus(404)
    }
    ;(await client.post(`/api/v1/imports/${queued.id}/cancel`).bearerToken(other.token)).assertStatus(404)
    const list = await client.get('/api/v1/imports').bearerToken(other.token)
    assert.notInclude(
      list.body().data.map((row: any) => row.id),
      queued.id
    )
    // An affiliate of the same organisation has no access to the import history.
    const { addUser } = await import('#tests/helpers/fixtures')
    const affiliate = await addUser(owner.org.id, 'affiliate')
    ;(await client.get(`/api/v1/imports/${queued.id}/file`).bearerToken(affiliate.token)).assertStatus(403)
  })
})
