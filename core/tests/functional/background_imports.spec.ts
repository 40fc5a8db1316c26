import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import vine from '@vinejs/vine'
import { parse } from 'csv-parse/sync'
import DataImport from '#models/data_import'
import { defineImportType, queueImport, registerImportType, runImportJob } from '#kernel/background_imports'
import { startWorker, stopWorker } from '#services/jobs'
import { addUser, createTenant, csv } from '#tests/helpers/fixtures'
import { registerGroupUsageCheck } from '../../../plugins/affiliates/src/groups/usage.js'

/*
 * The background-import machinery, through an import type registered by the test: it
 * writes into a scratch table and can be slowed down, so that progress and cancelling a
 * running import are observable. The affiliate importers are tested further down.
 */

const itemRow = vine.compile(vine.object({ name: vine.string().trim().minLength(3).maxLength(50), size: vine.number().min(0).optional() }))
let delayMs = 0

const TEST_ITEMS = defineImportType({
  pluginId: 'brands',
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

/** Polls GET /imports/:id until its status is one of `statuses`. */
export async function waitForImport(client: any, token: string, id: number, statuses: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  const seen: string[] = []
  for (;;) {
    const response = await client.get(`/api/v1/imports/${id}`).bearerToken(token)
    response.assertStatus(200)
    const record = response.body().data
    if (seen.at(-1) !== record.status) seen.push(record.status)
    if (statuses.includes(record.status)) return { record, seen }
    if (Date.now() > deadline) throw new Error(`import ${id} still ${record.status} after ${timeoutMs} ms (seen ${seen.join(' → ')})`)
    await new Promise((done) => setTimeout(done, 25))
  }
}

test.group('background imports: the job', (group) => {
  group.setup(async () => {
    registerImportType(TEST_ITEMS)
    await db.rawQuery('CREATE TABLE IF NOT EXISTS test_import_items (id serial primary key, organization_id integer not null, name text not null, unique (organization_id, name))')
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
    assert.include(record, { status: 'completed', totalRows: 40, processedRows: 40, importedRows: 40, failedRows: 0, failedRowsUrl: null, error: null })
    assert.isString(record.startedAt)
    assert.isString(record.finishedAt)
    // Progress moved in steps of the chunk size while the rows were still uncommitted.
    assert.isAbove([...progress].filter((rows) => rows > 0 && rows < 40).length, 0)
    assert.equal(await itemCount(tenant.org.id), 40)
  })

  test('imported partially: the failed-rows file names each bad row and why, in the uploader language', async ({ client, assert }) => {
    for (const [locale, tooShort] of [
      ['en', 'at least 3 characters'],
      ['pt', 'pelo menos 3 caracteres'],
    ]) {
      const tenant = await createTenant('admin')
      const queued = await queue(tenant, ['name,size', 'alpha,1', 'ab,2', 'beta,-4', 'alpha,3', 'gamma,'], locale)
      const { record } = await waitForImport(client, tenant.token, queued.id, ['imported_partially', 'completed', 'failed'])
      assert.include(record, { status: 'imported_partially', totalRows: 5, importedRows: 2, failedRows: 3 })
      assert.equal(record.failedRowsUrl, `/api/v1/imports/${queued.id}/failed-rows`)
      const file = await client.get(record.failedRowsUrl).bearerToken(tenant.token)
      file.assertStatus(200)
      const rows: string[][] = parse(file.text())
      assert.deepEqual(rows[0], ['line', 'name', 'size', 'error'])
      assert.deepEqual(rows.slice(1).map((row) => row.slice(0, 3)), [['3', 'ab', '2'], ['4', 'beta', '-4'], ['5', 'alpha', '3']])
      assert.include(rows[1][3], tooShort)
      assert.equal(rows[3][3], locale === 'pt' ? 'Por favor, envie um arquivo válido' : 'Please upload a valid file')
      assert.equal(await itemCount(tenant.org.id), 2)
    }
  })

  test('failed when no row is good; an unexpected error rolls back and says nothing of its cause', async ({ client, assert }) => {
    const tenant = await createTenant('admin')
    const none = await queue(tenant, ['name', 'a', 'b'])
    const failed = (await waitForImport(client, tenant.token, none.id, ['failed', 'completed', 'imported_partially'])).record
    assert.include(failed, { status: 'failed', importedRows: 0, failedRows: 2, error: null })

    const crash = await queue(tenant, ['name', ...Array.from({ length: 12 }, (_, i) => `fine-${i}`), 'explode'], 'pt')
    const crashed = (await waitForImport(client, tenant.token, crash.id, ['failed', 'completed', 'imported_partially'])).record
    assert.include(crashed, { status: 'failed', importedRows: 0, failedRows: 0, failedRowsUrl: null })
    assert.equal(crashed.error, 'Não foi possível concluir a importação. Nada foi importado; tente novamente.')
    assert.notInclude(JSON.stringify(crashed), 'secret internal detail')
    // The two chunks before the bad row were rolled back with it.
    assert.equal(await itemCount(tenant.org.id), 0)
  })

  test('cancelling a queued import cancels it at once; cancelling a processing one rolls it back', async ({ client, assert }) => {
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
    while ((await DataImport.findOrFail(slow.id)).processedRows < 10 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 10))
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

  test('an import left processing by a dead worker starts again from scratch, a limited number of times', async ({ client, assert }) => {
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
      await db.from('imports').where('id', exhausted.id).update({ status: 'processing', processed_rows: 1, attempts: 3 })
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

  test('an import, its original file and its failed rows belong to its organisation only', async ({ client, assert }) => {
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
    assert.notInclude(list.body().data.map((row: any) => row.id), queued.id)
    // An affiliate of the same organisation has no access to the import history.
    const { addUser } = await import('#tests/helpers/fixtures')
    const affiliate = await addUser(owner.org.id, 'affiliate')
    ;(await client.get(`/api/v1/imports/${queued.id}/file`).bearerToken(affiliate.token)).assertStatus(403)
  })
})

/* ---------------------------------------------------------------- affiliates */

const AFF_IMPORT = '/api/v1/affiliates/affiliates/import'
const AFF_UPDATE = '/api/v1/affiliates/affiliates/import-update'
const AFFILIATES_API = '/api/v1/affiliates/affiliates'

async function upload(client: any, path: string, token: string, body: Buffer, options: { filename?: string; contentType?: string; language?: string } = {}) {
  return client
    .post(path)
    .bearerToken(token)
    .header('accept-language', options.language ?? 'en')
    .file('file', body, { filename: options.filename ?? 'affiliates.csv', contentType: options.contentType ?? 'text/csv' })
}

const affiliatesOf = (organizationId: number) =>
  db.from('users').where('organization_id', organizationId).where('role', 'affiliate').orderBy('id').select('id', 'email', 'name', 'status', 'country', 'phone', 'password')

const profileOf = (userId: number) => db.from('affiliate_profiles').where('user_id', userId).first()
const paymentOf = (userId: number) => db.from('affiliate_payment_details').where('user_id', userId).first()

async function failedRowsOf(client: any, token: string, record: { failedRowsUrl: string }) {
  const response = await client.get(record.failedRowsUrl).bearerToken(token)
  response.assertStatus(200)
  return parse(response.text(), { columns: true }) as Array<Record<string, string>>
}

test.group('background imports: affiliates', () => {
  test('imports affiliates in the background (202), with their profile and payment details and no usable password', async ({ client, assert }) => {
    const tenant = await createTenant('admin')
    const manager = await (await import('#tests/helpers/fixtures')).addUser(tenant.org.id, 'afm')
    const group = await db.table('affiliate_groups').insert({ organization_id: tenant.org.id, name: 'VIP' }).returning('id')
    const file = csv([
      'email,name,status,contact,tags,country,currency,manager_email,group,referred_by_email,fee_percent,negative_carryover,email_notification,payment_method,bank_name,cpf',
      `Jane@Example.com,Jane,active,+44 20 7946 0958,vip|casino,gb,gbp,${manager.user.email},vip,,12.5,yes,no,bank,Barclays,`,
      'joao@example.com,João,pending,,,BR,BRL,,,jane@example.com,,,,cpf,,123.456.789-09',
    ])
    const response = await upload(client, AFF_IMPORT, tenant.token, file)
    response.assertStatus(202)
    assert.include(response.body().data, { status: 'queued', pluginId: 'affiliates', type: 'affiliates', totalRows: 2, processedRows: 0 })
    const { record } = await waitForImport(client, tenant.token, response.body().data.id, ['completed', 'failed', 'imported_partially'])
    assert.include(record, { status: 'completed', importedRows: 2, failedRows: 0, processedRows: 2 })

    const [jane, joao] = await affiliatesOf(tenant.org.id)
    assert.include(jane, { email: 'jane@example.com', name: 'Jane', status: 'active', country: 'GB', phone: '+44 20 7946 0958' })
    assert.include(joao, { email: 'joao@example.com', status: 'pending' })
    const janeProfile = await profileOf(jane.id)
    assert.include(janeProfile, { currency: 'GBP', manager_id: manager.user.id, group_id: group[0].id, negative_carryover: true, email_notification: false })
    assert.include(await paymentOf(jane.id), { default_method: 'bank', bank_name: 'Barclays', cpf: null })
    assert.deepEqual(janeProfile.tags, ['vip', 'casino'])
    assert.equal(Number(janeProfile.fee_percent), 12.5)
    // A referrer may come earlier in the same file.
    assert.include(await profileOf(joao.id), { referred_by: jane.id, email_notification: true, negative_carryover: false })
    assert.include(await paymentOf(joao.id), { cpf: '12345678909', default_method: 'cpf' })
    // No password works until the affiliate sets one with "forgot password".
    for (const password of ['', 'Test#12345', jane.password]) {
      const login = await client.post('/api/v1/auth/login').json({ email: jane.email, password })
      assert.oneOf(login.status(), [401, 422])
    }
  })

  test('imported partially: the failed-rows file names each bad row and why, in en and in pt', async ({ client, assert }) => {
    for (const language of ['en', 'pt']) {
      const tenant = await createTenant('admin')
      const file = csv([
        'email,name,status,contact,fee_percent,group,cpf',
        'good@example.com,Good,active,,5,,',
        'not-an-email,Bad,active,,,,',
        'phone@example.com,Phone,active,abc,,,',
        'fee@example.com,Fee,active,,150,,',
        'group@example.com,Group,active,,,Nowhere,',
        'GOOD@example.com,Again,active,,,,',
        'status@example.com,Status,sleeping,,,,',
        'cpf@example.com,Cpf,,,,,123',
        `${tenant.user.email},Admin,,,,,`,
      ])
      const response = await upload(client, AFF_IMPORT, tenant.token, file, { language })
      response.assertStatus(202)
      const { record } = await waitForImport(client, tenant.token, response.body().data.id, ['imported_partially', 'completed', 'failed'])
      assert.include(record, { status: 'imported_partially', totalRows: 9, importedRows: 1, failedRows: 8 })
      const rows = await failedRowsOf(client, tenant.token, record)
      assert.deepEqual(Object.keys(rows[0]), ['line', 'email', 'name', 'status', 'contact', 'fee_percent', 'group', 'cpf', 'error'])
      const errors = Object.fromEntries(rows.map((row) => [row.line, row.error]))
      assert.deepEqual(Object.keys(errors), ['3', '4', '5', '6', '7', '8', '9', '10'])
      const expected =
        language === 'pt'
          ? { '4': 'Número de telefone inválido', '6': 'Nenhum grupo de afiliados chamado "Nowhere"', '7': 'O e-mail good@example.com já está na linha 2 deste arquivo', '9': 'O CPF deve ter 11 dígitos', '10': `O e-mail ${tenant.user.email} já é usado nesta organização` }
          : { '4': 'Invalid phone number', '6': 'No affiliate group named "Nowhere"', '7': 'The email good@example.com is already on line 2 of this file', '9': 'CPF must have 11 digits', '10': `The email ${tenant.user.email} is already used in this organisation` }
      for (const [line, message] of Object.entries(expected)) assert.equal(errors[line], message)
      assert.include(errors['3'], language === 'pt' ? 'E-mail' : 'Email')
      assert.include(errors['5'], language === 'pt' ? 'Taxa %' : 'Fee %')
      assert.equal((await affiliatesOf(tenant.org.id)).length, 1)
    }
  })

  test('importing the same file twice does not duplicate affiliates; no good row means failed', async ({ client, assert }) => {
    const tenant = await createTenant('admin')
    const file = csv(['email,name', 'a@example.com,A', 'b@example.com,B'])
    const first = await upload(client, AFF_IMPORT, tenant.token, file)
    assert.equal((await waitForImport(client, tenant.token, first.body().data.id, ['completed', 'failed'])).record.status, 'completed')
    const second = await upload(client, AFF_IMPORT, tenant.token, file)
    const { record } = await waitForImport(client, tenant.token, second.body().data.id, ['completed', 'failed', 'imported_partially'])
    assert.include(record, { status: 'failed', importedRows: 0, failedRows: 2 })
    assert.deepEqual((await failedRowsOf(client, tenant.token, record)).map((row) => row.error), ['An affiliate with the email a@example.com already exists', 'An affiliate with the email b@example.com already exists'])
    assert.equal((await affiliatesOf(tenant.org.id)).length, 2)
    // Another organisation may hold the same addresses.
    const other = await createTenant('admin')
    const theirs = await upload(client, AFF_IMPORT, other.token, file)
    assert.equal((await waitForImport(client, other.token, theirs.body().data.id, ['completed', 'failed'])).record.status, 'completed')
  })

  test('a wrong file type, size or header is refused at once with "Please upload a valid file"', async ({ client, assert }) => {
    const tenant = await createTenant('admin')
    const cases: Array<[string, Buffer, { filename?: string; contentType?: string; language?: string }]> = [
      [AFF_IMPORT, Buffer.from('%PDF-1.4 not a csv'), { filename: 'affiliates.pdf', contentType: 'application/pdf' }],
      [AFF_IMPORT, Buffer.alloc(10 * 1024 * 1024 + 10, 'a'), {}],
      [AFF_IMPORT, csv(['name,country', 'Jane,GB']), {}],
      [AFF_IMPORT, csv(['email,favourite_colour', 'jane@example.com,blue']), { language: 'pt' }],
      [AFF_IMPORT, csv(['email']), {}],
      [AFF_UPDATE, csv(['name', 'Jane']), { language: 'pt' }],
    ]
    for (const [index, [path, body, options]] of cases.entries()) {
      const response = await upload(client, path, tenant.token, body, options)
      assert.oneOf(response.status(), [413, 422], `case ${index}`)
      const message = response.body().error.message as string
      assert.isTrue(message.startsWith(options.language === 'pt' ? 'Por favor, envie um arquivo válido' : 'Please upload a valid file'), `case ${index}: ${message}`)
    }
    const none = await client.post(AFF_IMPORT).bearerToken(tenant.token)
    none.assertStatus(422)
    assert.equal(none.body().error.message, 'Please upload a valid file')
    const history = await client.get('/api/v1/imports').bearerToken(tenant.token)
    assert.lengthOf(history.body().data, 0)
  })

  test('the update file changes the filled cells of affiliates named by email or id', async ({ client, assert }) => {
    const tenant = await createTenant('admin')
    const created = await upload(client, AFF_IMPORT, tenant.token, csv(['email,name,country,currency,fee_percent,tags', 'one@example.com,One,GB,GBP,5,a|b', 'two@example.com,Two,BR,BRL,,', 'three@example.com,Three,,,,']))
    await waitForImport(client, tenant.token, created.body().data.id, ['completed'])
    const [one, two, three] = await affiliatesOf(tenant.org.id)
    const other = await createTenant('admin')
    const foreign = await (await import('#tests/helpers/fixtures')).addUser(other.org.id, 'affiliate')
    const file = csv([
      'id,email,name,country,fee_percent,tags,status',
      ',one@example.com,,DE,7.25,,disabled',
      `${two.id},two.new@example.com,Two New,,,x,`,
      ',nobody@example.com,X,,,,',
      `${foreign.user.id},,Stolen,,,,`,
      `${three.id},one@example.com,,,,,`,
      ',three@example.com,,,,,',
      ',,Keyless,,,,',
    ])
    const response = await upload(client, AFF_UPDATE, tenant.token, file, { filename: 'updates.csv' })
    response.assertStatus(202)
    assert.include(response.body().data, { type: 'affiliate-updates' })
    const { record } = await waitForImport(client, tenant.token, response.body().data.id, ['imported_partially', 'completed', 'failed'])
    assert.include(record, { status: 'imported_partially', importedRows: 2, failedRows: 5 })
    const errors = (await failedRowsOf(client, tenant.token, record)).map((row) => `${row.line}: ${row.error}`)
    assert.deepEqual(errors, [
      '4: No affiliate with this email or id',
      '5: No affiliate with this email or id',
      '6: The email one@example.com is already used in this organisation',
      '7: Nothing to update: every column is empty',
      "8: Give the affiliate's email or id",
    ])
    const after = await affiliatesOf(tenant.org.id)
    assert.include(after[0], { email: 'one@example.com', name: 'One', country: 'DE', status: 'disabled' })
    assert.include(after[1], { email: 'two.new@example.com', name: 'Two New', country: 'BR' })
    assert.include(await profileOf(one.id), { currency: 'GBP' })
    assert.equal(Number((await profileOf(one.id)).fee_percent), 7.25)
    assert.deepEqual((await profileOf(one.id)).tags, ['a', 'b'])
    assert.deepEqual((await profileOf(two.id)).tags, ['x'])
    assert.equal((await db.from('users').where('id', foreign.user.id).first()).name, foreign.user.name)
  })

  test('only those who manage affiliates import them; the samples list every column', async ({ client, assert }) => {
    const tenant = await createTenant('admin')
    const { addUser } = await import('#tests/helpers/fixtures')
    const affiliate = await addUser(tenant.org.id, 'affiliate')
    ;(await upload(client, AFF_IMPORT, affiliate.token, csv(['email', 'x@example.com']))).assertStatus(403)
    ;(await client.get(`${AFF_IMPORT}/sample`).bearerToken(affiliate.token)).assertStatus(403)
    const sample = await client.get(`${AFF_IMPORT}/sample`).bearerToken(tenant.token)
    sample.assertStatus(200)
    const [header, ...rows] = parse(sample.text()) as string[][]
    assert.deepEqual(header.slice(0, 6), ['email', 'name', 'status', 'contact', 'skype', 'tags'])
    assert.includeMembers(header, ['manager_email', 'group', 'referred_by_email', 'fee_percent', 'payment_method', 'cpf', 'crypto_address'])
    assert.lengthOf(rows, 2)
    const updateSample = await client.get(`${AFF_UPDATE}/sample`).bearerToken(tenant.token)
    assert.deepEqual((parse(updateSample.text()) as string[][])[0].slice(0, 2), ['id', 'email'])
    // The sample itself imports cleanly.
    const imported = await upload(client, AFF_IMPORT, tenant.token, Buffer.from(sample.text()))
    const { record } = await waitForImport(client, tenant.token, imported.body().data.id, ['completed', 'failed', 'imported_partially'])
    assert.equal(record.status, 'completed')
  })
})

test.group('background imports: affiliates keep groups and managers consistent', () => {
  const GROUPS = '/api/v1/affiliates/groups'
  const membersOf = async (groupId: number) => (await db.from('affiliate_group_members').where('group_id', groupId).orderBy('affiliate_id')).map((row) => row.affiliate_id)
  const assigned = async (memberId: number) => (await db.from('team_member_affiliates').where('member_id', memberId).orderBy('affiliate_id')).map((row) => row.affiliate_id)

  test('import: manager_email takes the API roles and message; the group becomes a membership unless in use', async ({ client, assert, cleanup }) => {
    for (const language of ['en', 'pt']) {
      const tenant = await createTenant('admin')
      const [subAdmin, afm, adm, brand] = [await addUser(tenant.org.id, 'sub-admin'), await addUser(tenant.org.id, 'afm'), await addUser(tenant.org.id, 'adm'), await addUser(tenant.org.id, 'brand')]
      const deletedAfm = await addUser(tenant.org.id, 'afm', 'deleted')
      const [vip] = await db.table('affiliate_groups').insert({ organization_id: tenant.org.id, name: 'VIP' }).returning('id')
      const [locked] = await db.table('affiliate_groups').insert({ organization_id: tenant.org.id, name: 'Locked' }).returning('id')
      const unregister = registerGroupUsageCheck(async (organizationId, groupId) => organizationId === tenant.org.id && groupId === locked.id)
      cleanup(() => void unregister())
      const file = csv([
        'email,name,manager_email,group',
        `by-sub@example.com,Sub,${subAdmin.user.email},vip`,
        `by-afm@example.com,Afm,${afm.user.email},`,
        `by-adm@example.com,Adm,${adm.user.email},VIP`,
        `by-admin@example.com,Admin,${tenant.user.email},`,
        `by-brand@example.com,Brand,${brand.user.email},`,
        `by-gone@example.com,Gone,${deletedAfm.user.email},`,
        'locked@example.com,Locked,,Locked',
      ])
      const response = await upload(client, AFF_IMPORT, tenant.token, file, { language })
      const { record } = await waitForImport(client, tenant.token, response.body().data.id, ['imported_partially', 'completed', 'failed'])
      assert.include(record, { status: 'imported_partially', importedRows: 3, failedRows: 4 })
      const errors = Object.fromEntries((await failedRowsOf(client, tenant.token, record)).map((row) => [row.line, row.error]))
      const invalidManager = language === 'pt' ? 'Por favor, selecione um gerente válido' : 'Please select a valid manager'
      assert.deepEqual(errors, {
        '5': invalidManager,
        '6': invalidManager,
        '7': invalidManager,
        '8': language === 'pt' ? 'Este grupo está vinculado a uma campanha e não pode ser atualizado' : 'This group is tied to a campaign and cannot be updated',
      })
      const [bySub, byAfm, byAdm] = await affiliatesOf(tenant.org.id)
      assert.deepEqual(await membersOf(vip.id), [bySub.id, byAdm.id])
      assert.deepEqual(await membersOf(locked.id), [])
      assert.deepEqual((await client.get(`${GROUPS}/${vip.id}`).bearerToken(tenant.token)).body().data.affiliateIds, [bySub.id, byAdm.id])
      // Each manager is assigned its affiliates, as with POST /affiliates.
      assert.deepEqual(await assigned(subAdmin.user.id), [bySub.id])
      assert.deepEqual(await assigned(afm.user.id), [byAfm.id])
      assert.deepEqual(await assigned(adm.user.id), [byAdm.id])
      unregister()
    }
  })

  test('update: a new group moves the membership, a new manager moves the assignment; in-use or emptied groups refused', async ({ client, assert, cleanup }) => {
    const tenant = await createTenant('admin')
    const created = await upload(client, AFF_IMPORT, tenant.token, csv(['email,name', 'one@example.com,One', 'two@example.com,Two', 'three@example.com,Three', 'four@example.com,Four']))
    await waitForImport(client, tenant.token, created.body().data.id, ['completed'])
    const [one, two, three, four] = await affiliatesOf(tenant.org.id)
    const [first, second] = [await addUser(tenant.org.id, 'afm'), await addUser(tenant.org.id, 'sub-admin')]
    const makeGroup = async (name: string, affiliateIds: number[]) => (await client.post(GROUPS).bearerToken(tenant.token).json({ name, affiliateIds })).body().data.id as number
    const a = await makeGroup('A', [one.id, two.id])
    const b = await makeGroup('B', [four.id])
    const solo = await makeGroup('Solo', [three.id])
    const locked = await makeGroup('Locked', [four.id])
    ;(await client.post(`${AFFILIATES_API}/group`).bearerToken(tenant.token).json({ ids: [one.id, two.id], groupId: a })).assertStatus(200)
    ;(await client.post(`${AFFILIATES_API}/group`).bearerToken(tenant.token).json({ ids: [three.id], groupId: solo })).assertStatus(200)
    ;(await client.post(`${AFFILIATES_API}/manager`).bearerToken(tenant.token).json({ ids: [one.id], managerId: first.user.id })).assertStatus(200)
    const unregister = registerGroupUsageCheck(async (organizationId, groupId) => organizationId === tenant.org.id && groupId === locked)
    cleanup(() => void unregister())

    const file = csv([
      'email,group,manager_email',
      `one@example.com,B,${second.user.email}`,
      'three@example.com,B,',
      'two@example.com,Locked,',
      'two@example.com,B,',
      `four@example.com,,${tenant.user.email}`,
    ])
    const response = await upload(client, AFF_UPDATE, tenant.token, file, { language: 'pt' })
    const { record } = await waitForImport(client, tenant.token, response.body().data.id, ['imported_partially', 'completed', 'failed'])
    assert.include(record, { status: 'imported_partially', importedRows: 1, failedRows: 4 })
    assert.deepEqual(
      (await failedRowsOf(client, tenant.token, record)).map((row) => `${row.line}: ${row.error}`),
      [
        '3: O grupo de afiliados precisa de pelo menos um afiliado',
        '4: Este grupo está vinculado a uma campanha e não pode ser atualizado',
        // Line 2 took "one" out of A: "two" is now its last affiliate.
        '5: O grupo de afiliados precisa de pelo menos um afiliado',
        '6: Por favor, selecione um gerente válido',
      ]
    )
    assert.include(await profileOf(one.id), { group_id: b, manager_id: second.user.id })
    assert.deepEqual(await membersOf(a), [two.id])
    assert.deepEqual(await membersOf(b), [one.id, four.id])
    assert.deepEqual(await membersOf(solo), [three.id])
    assert.deepEqual(await membersOf(locked), [four.id])
    assert.include(await profileOf(two.id), { group_id: a })
    assert.deepEqual(await assigned(first.user.id), [])
    assert.deepEqual(await assigned(second.user.id), [one.id])
    const shown = (await client.get(`${AFFILIATES_API}/${one.id}`).bearerToken(tenant.token)).body().data
    assert.include(shown, { groupId: b, managerId: second.user.id })
    assert.deepEqual(shown.otherGroupIds, [])
  })
})
