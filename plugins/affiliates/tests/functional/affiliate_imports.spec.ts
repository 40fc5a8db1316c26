import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { parse } from 'csv-parse/sync'
import { addUser, createTenant, csv, installTestPlugin, waitForImport } from '@affix/core/testing'
import { groupUsage } from '../../src/contracts.js'

/*
 * The affiliate importers (new affiliates, and updates of existing ones) through the
 * kernel's background imports; the import machinery itself is tested in core.
 */

const AFF_IMPORT = '/api/v1/affiliates/affiliates/import'
const AFF_UPDATE = '/api/v1/affiliates/affiliates/import-update'
const AFFILIATES_API = '/api/v1/affiliates/affiliates'

async function upload(
  client: any,
  path: string,
  token: string,
  body: Buffer,
  options: { filename?: string; contentType?: string; language?: string } = {}
) {
  return client
    .post(path)
    .bearerToken(token)
    .header('accept-language', options.language ?? 'en')
    .file('file', body, {
      filename: options.filename ?? 'affiliates.csv',
      contentType: options.contentType ?? 'text/csv',
    })
}

const affiliatesOf = (organizationId: number) =>
  db
    .from('users')
    .where('organization_id', organizationId)
    .where('role', 'affiliate')
    .orderBy('id')
    .select('id', 'email', 'name', 'status', 'country', 'phone', 'password')

const profileOf = (userId: number) => db.from('affiliate_profiles').where('user_id', userId).first()
const paymentOf = (userId: number) => db.from('affiliate_payment_details').where('user_id', userId).first()

async function failedRowsOf(client: any, token: string, record: { failedRowsUrl: string }) {
  const response = await client.get(record.failedRowsUrl).bearerToken(token)
  response.assertStatus(200)
  return parse(response.text(), { columns: true }) as Array<Record<string, string>>
}

test.group('background imports: affiliates', () => {
  test('imports affiliates in the background (202), with their profile and payment details and no usable password', async ({
    client,
    assert,
  }) => {
    const tenant = await createTenant('admin')
    const manager = await (await import('@affix/core/testing')).addUser(tenant.org.id, 'afm')
    const group = await db
      .table('affiliate_groups')
      .insert({ organization_id: tenant.org.id, name: 'VIP' })
      .returning('id')
    const file = csv([
      'email,name,status,contact,tags,country,currency,manager_email,group,referred_by_email,fee_percent,negative_carryover,email_notification,payment_method,bank_name,cpf',
      `Jane@Example.com,Jane,active,+44 20 7946 0958,vip|casino,gb,gbp,${manager.user.email},vip,,12.5,yes,no,bank,Barclays,`,
      'joao@example.com,João,pending,,,BR,BRL,,,jane@example.com,,,,cpf,,123.456.789-09',
    ])
    const response = await upload(client, AFF_IMPORT, tenant.token, file)
    response.assertStatus(202)
    assert.include(response.body().data, {
      status: 'queued',
      pluginId: 'affiliates',
      type: 'affiliates',
      totalRows: 2,
      processedRows: 0,
    })
    const { record } = await waitForImport(client, tenant.token, response.body().data.id, [
      'completed',
      'failed',
      'imported_partially',
    ])
    assert.include(record, { status: 'completed', importedRows: 2, failedRows: 0, processedRows: 2 })

    const [jane, joao] = await affiliatesOf(tenant.org.id)
    assert.include(jane, {
      email: 'jane@example.com',
      name: 'Jane',
      status: 'active',
      country: 'GB',
      phone: '+44 20 7946 0958',
    })
    assert.include(joao, { email: 'joao@example.com', status: 'pending' })
    const janeProfile = await profileOf(jane.id)
    assert.include(janeProfile, {
      currency: 'GBP',
      manager_id: manager.user.id,
      group_id: group[0].id,
      negative_carryover: true,
      email_notification: false,
    })
    assert.include(await paymentOf(jane.id), { default_method: 'bank', bank_name: 'Barclays', cpf: null })
    assert.deepEqual(janeProfile.tags, ['vip', 'casino'])
    assert.equal(Number(janeProfile.fee_percent), 12.5)
    // A referrer may come earlier in the same file.
    assert.include(await profileOf(joao.id), {
      referred_by: jane.id,
      email_notification: true,
      negative_carryover: false,
    })
    assert.include(await paymentOf(joao.id), { cpf: '12345678909', default_method: 'cpf' })
    // No password works until the affiliate sets one with "forgot password".
    for (const password of ['', 'Test#12345', jane.password]) {
      const login = await client.post('/api/v1/auth/login').json({ email: jane.email, password })
      assert.oneOf(login.status(), [401, 422])
    }
  })

  test('imported partially: the failed-rows file names each bad row and why, in en and in pt', async ({
    client,
    assert,
  }) => {
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
      const { record } = await waitForImport(client, tenant.token, response.body().data.id, [
        'imported_partially',
        'completed',
        'failed',
      ])
      assert.include(record, { status: 'imported_partially', totalRows: 9, importedRows: 1, failedRows: 8 })
      const rows = await failedRowsOf(client, tenant.token, record)
      assert.deepEqual(Object.keys(rows[0]), [
        'line',
        'email',
        'name',
        'status',
        'contact',
        'fee_percent',
        'group',
        'cpf',
        'error',
      ])
      const errors = Object.fromEntries(rows.map((row) => [row.line, row.error]))
      assert.deepEqual(Object.keys(errors), ['3', '4', '5', '6', '7', '8', '9', '10'])
      const expected =
        language === 'pt'
          ? {
              '4': 'Número de telefone inválido',
              '6': 'Nenhum grupo de afiliados chamado "Nowhere"',
              '7': 'O e-mail good@example.com já está na linha 2 deste arquivo',
              '9': 'O CPF deve ter 11 dígitos',
              '10': `O e-mail ${tenant.user.email} já é usado nesta organização`,
            }
          : {
              '4': 'Invalid phone number',
              '6': 'No affiliate group named "Nowhere"',
              '7': 'The email good@example.com is already on line 2 of this file',
              '9': 'CPF must have 11 digits',
              '10': `The email ${tenant.user.email} is already used in this organisation`,
            }
      for (const [line, message] of Object.entries(expected)) assert.equal(errors[line], message)
      assert.include(errors['3'], language === 'pt' ? 'E-mail' : 'Email')
      assert.include(errors['5'], language === 'pt' ? 'Taxa %' : 'Fee %')
      assert.equal((await affiliatesOf(tenant.org.id)).length, 1)
    }
  })

  test('importing the same file twice does not duplicate affiliates; no good row means failed', async ({
    client,
    assert,
  }) => {
    const tenant = await createTenant('admin')
    const file = csv(['email,name', 'a@example.com,A', 'b@example.com,B'])
    const first = await upload(client, AFF_IMPORT, tenant.token, file)
    assert.equal(
      (await waitForImport(client, tenant.token, first.body().data.id, ['completed', 'failed'])).record.status,
      'completed'
    )
    const second = await upload(client, AFF_IMPORT, tenant.token, file)
    const { record } = await waitForImport(client, tenant.token, second.body().data.id, [
      'completed',
      'failed',
      'imported_partially',
    ])
    assert.include(record, { status: 'failed', importedRows: 0, failedRows: 2 })
    assert.deepEqual(
      (await failedRowsOf(client, tenant.token, record)).map((row) => row.error),
      [
        'An affiliate with the email a@example.com already exists',
        'An affiliate with the email b@example.com already exists',
      ]
    )
    assert.equal((await affiliatesOf(tenant.org.id)).length, 2)
    // Another organisation may hold the same addresses.
    const other = await createTenant('admin')
    const theirs = await upload(client, AFF_IMPORT, other.token, file)
    assert.equal(
      (await waitForImport(client, other.token, theirs.body().data.id, ['completed', 'failed'])).record.status,
      'completed'
    )
  })

  test('a wrong file type, size or header is refused at once with "Please upload a valid file"', async ({
    client,
    assert,
  }) => {
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
      assert.isTrue(
        message.startsWith(
          options.language === 'pt' ? 'Por favor, envie um arquivo válido' : 'Please upload a valid file'
        ),
        `case ${index}: ${message}`
      )
    }
    const none = await client.post(AFF_IMPORT).bearerToken(tenant.token)
    none.assertStatus(422)
    assert.equal(none.body().error.message, 'Please upload a valid file')
    const history = await client.get('/api/v1/imports').bearerToken(tenant.token)
    assert.lengthOf(history.body().data, 0)
  })

  test('the update file changes the filled cells of affiliates named by email or id', async ({ client, assert }) => {
    const tenant = await createTenant('admin')
    const created = await upload(
      client,
      AFF_IMPORT,
      tenant.token,
      csv([
        'email,name,country,currency,fee_percent,tags',
        'one@example.com,One,GB,GBP,5,a|b',
        'two@example.com,Two,BR,BRL,,',
        'three@example.com,Three,,,,',
      ])
    )
    await waitForImport(client, tenant.token, created.body().data.id, ['completed'])
    const [one, two, three] = await affiliatesOf(tenant.org.id)
    const other = await createTenant('admin')
    const foreign = await (await import('@affix/core/testing')).addUser(other.org.id, 'affiliate')
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
    const { record } = await waitForImport(client, tenant.token, response.body().data.id, [
      'imported_partially',
      'completed',
      'failed',
    ])
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

  test('the update file keeps core’s panel rules: a new address voids the password and sessions, a stopped panel is logged out', async ({
    client,
    assert,
  }) => {
    const tenant = await createTenant('admin')
    const moving = await addUser(tenant.org.id, 'affiliate')
    const stopping = await addUser(tenant.org.id, 'affiliate')
    const staying = await addUser(tenant.org.id, 'affiliate')
    await db.table('password_resets').insert({
      user_id: moving.user.id,
      code_hash: 'b'.repeat(64),
      expires_at: new Date(Date.now() + 60_000),
    })
    const file = csv([
      'id,email,status,city',
      `${moving.user.id},moved@example.com,,`,
      `${stopping.user.id},,disabled,`,
      `${staying.user.id},,,Porto`,
    ])
    const response = await upload(client, AFF_UPDATE, tenant.token, file)
    const { record } = await waitForImport(client, tenant.token, response.body().data.id, [
      'completed',
      'imported_partially',
      'failed',
    ])
    assert.include(record, { status: 'completed', importedRows: 3 })
    const moved = await db.from('users').where('id', moving.user.id).first()
    assert.equal(moved.email, 'moved@example.com')
    assert.isTrue(String(moved.password).startsWith('!unusable:'))
    assert.lengthOf(await db.from('password_resets').where('user_id', moving.user.id), 0)
    ;(
      await client.post('/api/v1/auth/login').json({ email: 'moved@example.com', password: moving.password })
    ).assertStatus(401)
    ;(await client.get('/api/v1/account').bearerToken(moving.token)).assertStatus(401)
    ;(await client.get('/api/v1/account').bearerToken(stopping.token)).assertStatus(406)
    ;(await client.get('/api/v1/account').bearerToken(staying.token)).assertStatus(200)
    assert.equal((await db.from('users').where('id', staying.user.id).first()).city, 'Porto')
  })

  test('only those who manage affiliates import them; the samples list every column', async ({ client, assert }) => {
    const tenant = await createTenant('admin')
    const { addUser } = await import('@affix/core/testing')
    const affiliate = await addUser(tenant.org.id, 'affiliate')
    ;(await upload(client, AFF_IMPORT, affiliate.token, csv(['email', 'x@example.com']))).assertStatus(403)
    ;(await client.get(`${AFF_IMPORT}/sample`).bearerToken(affiliate.token)).assertStatus(403)
    const sample = await client.get(`${AFF_IMPORT}/sample`).bearerToken(tenant.token)
    sample.assertStatus(200)
    const [header, ...rows] = parse(sample.text()) as string[][]
    assert.deepEqual(header.slice(0, 6), ['email', 'name', 'status', 'contact', 'skype', 'tags'])
    assert.includeMembers(header, [
      'manager_email',
      'group',
      'referred_by_email',
      'fee_percent',
      'payment_method',
      'cpf',
      'crypto_address',
    ])
    assert.lengthOf(rows, 2)
    const updateSample = await client.get(`${AFF_UPDATE}/sample`).bearerToken(tenant.token)
    assert.deepEqual((parse(updateSample.text()) as string[][])[0].slice(0, 2), ['id', 'email'])
    // The sample itself imports cleanly.
    const imported = await upload(client, AFF_IMPORT, tenant.token, Buffer.from(sample.text()))
    const { record } = await waitForImport(client, tenant.token, imported.body().data.id, [
      'completed',
      'failed',
      'imported_partially',
    ])
    assert.equal(record.status, 'completed')
  })
})

test.group('background imports: affiliates keep groups and managers consistent', () => {
  const GROUPS = '/api/v1/affiliates/groups'
  const membersOf = async (groupId: number) =>
    (await db.from('affiliate_group_members').where('group_id', groupId).orderBy('affiliate_id')).map(
      (row) => row.affiliate_id
    )
  const assigned = async (memberId: number) =>
    (await db.from('team_member_affiliates').where('member_id', memberId).orderBy('affiliate_id')).map(
      (row) => row.affiliate_id
    )

  test('import: manager_email takes the API roles and message; the group becomes a membership unless in use', async ({
    client,
    assert,
    cleanup,
  }) => {
    for (const language of ['en', 'pt']) {
      const tenant = await createTenant('admin')
      const [subAdmin, afm, adm, brand] = [
        await addUser(tenant.org.id, 'sub-admin'),
        await addUser(tenant.org.id, 'afm'),
        await addUser(tenant.org.id, 'adm'),
        await addUser(tenant.org.id, 'brand'),
      ]
      const deletedAfm = await addUser(tenant.org.id, 'afm', 'deleted')
      const [vip] = await db
        .table('affiliate_groups')
        .insert({ organization_id: tenant.org.id, name: 'VIP' })
        .returning('id')
      const [locked] = await db
        .table('affiliate_groups')
        .insert({ organization_id: tenant.org.id, name: 'Locked' })
        .returning('id')
      const unregister = installTestPlugin({
        id: 'test-group-usage',
        dependsOn: ['affiliates'],
        hooks: [
          groupUsage.provide(
            async (organizationId, groupId) => organizationId === tenant.org.id && groupId === locked.id
          ),
        ],
      })
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
      const { record } = await waitForImport(client, tenant.token, response.body().data.id, [
        'imported_partially',
        'completed',
        'failed',
      ])
      assert.include(record, { status: 'imported_partially', importedRows: 3, failedRows: 4 })
      const errors = Object.fromEntries(
        (await failedRowsOf(client, tenant.token, record)).map((row) => [row.line, row.error])
      )
      const invalidManager =
        language === 'pt' ? 'Por favor, selecione um gerente válido' : 'Please select a valid manager'
      assert.deepEqual(errors, {
        '5': invalidManager,
        '6': invalidManager,
        '7': invalidManager,
        '8':
          language === 'pt'
            ? 'Este grupo está vinculado a uma campanha e não pode ser atualizado'
            : 'This group is tied to a campaign and cannot be updated',
      })
      const [bySub, byAfm, byAdm] = await affiliatesOf(tenant.org.id)
      assert.deepEqual(await membersOf(vip.id), [bySub.id, byAdm.id])
      assert.deepEqual(await membersOf(locked.id), [])
      assert.deepEqual((await client.get(`${GROUPS}/${vip.id}`).bearerToken(tenant.token)).body().data.affiliateIds, [
        bySub.id,
        byAdm.id,
      ])
      // Each manager is assigned its affiliates, as with POST /affiliates.
      assert.deepEqual(await assigned(subAdmin.user.id), [bySub.id])
      assert.deepEqual(await assigned(afm.user.id), [byAfm.id])
      assert.deepEqual(await assigned(adm.user.id), [byAdm.id])
      unregister()
    }
  })

  test('update: a new group moves the membership, a new manager moves the assignment; in-use or emptied groups refused', async ({
    client,
    assert,
    cleanup,
  }) => {
    const tenant = await createTenant('admin')
    const created = await upload(
      client,
      AFF_IMPORT,
      tenant.token,
      csv([
        'email,name',
        'one@example.com,One',
        'two@example.com,Two',
        'three@example.com,Three',
        'four@example.com,Four',
      ])
    )
    await waitForImport(client, tenant.token, created.body().data.id, ['completed'])
    const [one, two, three, four] = await affiliatesOf(tenant.org.id)
    const [first, second] = [await addUser(tenant.org.id, 'afm'), await addUser(tenant.org.id, 'sub-admin')]
    const makeGroup = async (name: string, affiliateIds: number[]) =>
      (await client.post(GROUPS).bearerToken(tenant.token).json({ name, affiliateIds })).body().data.id as number
    const a = await makeGroup('A', [one.id, two.id])
    const b = await makeGroup('B', [four.id])
    const solo = await makeGroup('Solo', [three.id])
    const locked = await makeGroup('Locked', [four.id])
    ;(
      await client
        .post(`${AFFILIATES_API}/group`)
        .bearerToken(tenant.token)
        .json({ ids: [one.id, two.id], groupId: a })
    ).assertStatus(200)
    ;(
      await client
        .post(`${AFFILIATES_API}/group`)
        .bearerToken(tenant.token)
        .json({ ids: [three.id], groupId: solo })
    ).assertStatus(200)
    ;(
      await client
        .post(`${AFFILIATES_API}/manager`)
        .bearerToken(tenant.token)
        .json({ ids: [one.id], managerId: first.user.id })
    ).assertStatus(200)
    const unregister = installTestPlugin({
      id: 'test-group-usage',
      dependsOn: ['affiliates'],
      hooks: [
        groupUsage.provide(async (organizationId, groupId) => organizationId === tenant.org.id && groupId === locked),
      ],
    })
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
    const { record } = await waitForImport(client, tenant.token, response.body().data.id, [
      'imported_partially',
      'completed',
      'failed',
    ])
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
