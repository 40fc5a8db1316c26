import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant, followInvitation } from '#tests/helpers/fixtures'

const CHILD = { name: 'Child Casino', adminEmail: '' }
const CHILD_PASSWORD = 'Child#1234'
const childBody = () => ({ ...CHILD, adminEmail: `child-${Math.random().toString(36).slice(2)}@test.affix.dev` })

test.group('organisation: preferences and timeline', () => {
  test('reads defaults, updates preferences and records who changed what', async ({ client, assert }) => {
    const { token, user } = await createTenant('admin')
    const before = await client.get('/api/v1/organization').bearerToken(token)
    before.assertStatus(200)
    assert.deepEqual(before.body().data.preferences, {
      currency: 'BRL',
      language: 'en',
      timezone: 'UTC',
      themeColor: 'purple',
      weekStartDay: 'monday',
      defaultReportDays: 30,
      maskCustomerId: false,
    })
    const updated = await client
      .patch('/api/v1/organization')
      .bearerToken(token)
      .json({
        name: 'Renamed Network',
        preferences: {
          currency: 'usd',
          language: 'tr',
          weekStartDay: 'sunday',
          defaultReportDays: 7,
          maskCustomerId: true,
          themeColor: '#112233',
        },
      })
    updated.assertStatus(200)
    assert.include(updated.body().data.preferences, {
      currency: 'USD',
      language: 'tr',
      weekStartDay: 'sunday',
      defaultReportDays: 7,
      maskCustomerId: true,
      themeColor: '#112233',
    })
    assert.equal(updated.body().data.name, 'Renamed Network')

    const timeline = await client.get('/api/v1/organization/timeline').bearerToken(token)
    timeline.assertStatus(200)
    const entry = timeline.body().data[0]
    assert.equal(entry.action, 'organization.updated')
    assert.equal(entry.userId, user.id)
    assert.deepEqual(entry.changes['preferences.currency'], { from: 'BRL', to: 'USD' })
    assert.deepEqual(entry.changes.name.to, 'Renamed Network')
  })

  test('the timezone is locked, and bad preferences are refused with translated messages', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const timezone = await client
      .patch('/api/v1/organization')
      .bearerToken(token)
      .json({ preferences: { timezone: 'America/Sao_Paulo' } })
    timezone.assertStatus(422)
    assert.equal(timezone.body().error.message, 'Timezone change requires contacting the account manager.')
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', { preferences: { currency: 'XXXX' } }, 'preferences.currency', 'Please select a value'],
      ['pt', { preferences: { language: 'de' } }, 'preferences.language', 'Por favor, selecione um valor'],
      [
        'en',
        { preferences: { defaultReportDays: 0 } },
        'preferences.defaultReportDays',
        'Default report days must not be less than 1',
      ],
      ['pt', { name: '' }, 'name', 'Nome é obrigatório'],
      ['en', { preferences: { themeColor: 'rainbow' } }, 'preferences.themeColor', 'Theme colour must be valid'],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client
        .patch('/api/v1/organization')
        .bearerToken(token)
        .header('accept-language', locale)
        .json(body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      const found = response.body().error.fields.find((entry: any) => entry.field === field)
      assert.equal(found?.message, message, JSON.stringify(body))
    }
    const stored = await db.from('organizations').where('id', org.id).first()
    assert.deepEqual(stored.preferences, {})
  })

  test('only roles granted organisation:manage may change it', async ({ client }) => {
    const { org } = await createTenant('admin')
    const subAdmin = await addUser(org.id, 'sub-admin')
    ;(await client.get('/api/v1/organization').bearerToken(subAdmin.token)).assertStatus(200)
    ;(await client.patch('/api/v1/organization').bearerToken(subAdmin.token).json({ name: 'No' })).assertStatus(403)
    const affiliate = await addUser(org.id, 'affiliate')
    ;(await client.get('/api/v1/organization').bearerToken(affiliate.token)).assertStatus(403)
  })
})

test.group('organisation: children and coid', () => {
  test('a child gets the time zone chosen at its creation, else its parent’s (never a silent UTC)', async ({
    client,
    assert,
  }) => {
    const parent = await createTenant('admin')
    await db
      .from('organizations')
      .where('id', parent.org.id)
      .update({ preferences: JSON.stringify({ timezone: 'America/Sao_Paulo' }) })
    const inherited = await client.post('/api/v1/organization/child').bearerToken(parent.token).json(childBody())
    inherited.assertStatus(201)
    assert.equal(inherited.body().data.preferences.timezone, 'America/Sao_Paulo')
    const chosen = await client
      .post('/api/v1/organization/child')
      .bearerToken(parent.token)
      .json({ ...childBody(), timezone: 'Asia/Tokyo' })
    chosen.assertStatus(201)
    assert.equal(chosen.body().data.preferences.timezone, 'Asia/Tokyo')
    const unknown = await client
      .post('/api/v1/organization/child')
      .bearerToken(parent.token)
      .json({ ...childBody(), timezone: 'Asia/Atlantis' })
    unknown.assertStatus(422)
    assert.equal(unknown.body().error.fields[0].field, 'timezone')
  })

  test('a parent registers a child with its admin, lists it and acts on it with coid', async ({ client, assert }) => {
    const parent = await createTenant('admin')
    const body = childBody()
    const created = await client.post('/api/v1/organization/child').bearerToken(parent.token).json(body)
    created.assertStatus(201)
    const child = created.body().data
    assert.include(child, { name: 'Child Casino', type: 'child', parentId: parent.org.id })
    const children = await client.get('/api/v1/organization/child').bearerToken(parent.token)
    assert.deepEqual(
      children.body().data.map((row: any) => row.id),
      [child.id]
    )

    // The child's admin has no password until following the invitation mailed to them.
    const admin = await db.from('users').where('organization_id', child.id).firstOrFail()
    assert.include(admin, { email: body.adminEmail, role: 'admin', status: 'active' })
    assert.match(admin.password, /^!unusable:/)
    await followInvitation(admin.id, CHILD_PASSWORD)
    const login = await client.post('/api/v1/auth/login').json({ email: body.adminEmail, password: CHILD_PASSWORD })
    login.assertStatus(200)
    const childToken = login.body().data.token
    const brand = (
      await client.post('/api/v1/brands/brands').bearerToken(childToken).json({ name: 'Child Brand' })
    ).body().data

    // The parent's admin sees and changes the child's brands through coid…
    const viaCoid = await client.get(`/api/v1/brands/brands?coid=${child.id}`).bearerToken(parent.token)
    viaCoid.assertStatus(200)
    assert.deepEqual(
      viaCoid.body().data.map((row: any) => row.id),
      [brand.id]
    )
    ;(
      await client
        .patch(`/api/v1/brands/brands/${brand.id}?coid=${child.id}`)
        .bearerToken(parent.token)
        .json({ status: 'inactive' })
    ).assertStatus(200)
    // …but not without it, and is limited there (no plugin switches in a child).
    ;(await client.get(`/api/v1/brands/brands/${brand.id}`).bearerToken(parent.token)).assertStatus(404)
    ;(
      await client.patch(`/api/v1/plugins/brands?coid=${child.id}`).bearerToken(parent.token).json({ enabled: false })
    ).assertStatus(403)
    const org = await client.get(`/api/v1/organization?coid=${child.id}`).bearerToken(parent.token)
    assert.equal(org.body().data.id, child.id)
    // /account ignores coid (spec §7).
    const account = await client.get(`/api/v1/account?coid=${child.id}`).bearerToken(parent.token)
    assert.equal(account.body().data.org.id, parent.org.id)
  })

  test('coid cannot reach an organisation that is not one’s child, nor be used by other roles', async ({
    client,
    assert,
  }) => {
    const parent = await createTenant('admin')
    const stranger = await createTenant('admin')
    const child = (await client.post('/api/v1/organization/child').bearerToken(parent.token).json(childBody())).body()
      .data

    const foreign = await client.get(`/api/v1/brands/brands?coid=${child.id}`).bearerToken(stranger.token)
    foreign.assertStatus(403)
    assert.equal(foreign.body().error.message, 'You cannot act on that organisation.')
    const subAdmin = await addUser(parent.org.id, 'sub-admin')
    ;(await client.get(`/api/v1/brands/brands?coid=${child.id}`).bearerToken(subAdmin.token)).assertStatus(403)
    // A child cannot act on its parent.
    const childAdmin = await addUser(child.id, 'admin')
    ;(await client.get(`/api/v1/brands/brands?coid=${parent.org.id}`).bearerToken(childAdmin.token)).assertStatus(403)
    const bad = await client.get('/api/v1/brands/brands?coid=abc').bearerToken(parent.token)
    bad.assertStatus(422)
    assert.equal(bad.body().error.fields[0].field, 'coid')
    ;(await client.get(`/api/v1/brands/brands?coid=999999`).bearerToken(parent.token)).assertStatus(403)
  })

  test('child registration validates and writes nothing on failure', async ({ client, assert }) => {
    const parent = await createTenant('admin')
    const count = async () =>
      Number((await db.from('organizations').where('parent_id', parent.org.id).count('* as total'))[0].total)
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      [
        'en',
        { ...childBody(), password: 'Child#1234', passwordConfirmation: 'Child#1234' },
        'password',
        'A password is chosen only by its person: leave it out, and an invitation to set it is mailed to the address.',
      ],
      [
        'pt',
        { ...childBody(), passwordConfirmation: 'Other#1234' },
        'passwordConfirmation',
        'A senha é escolhida apenas pela própria pessoa: deixe-a de fora, e um convite para defini-la é enviado ao endereço.',
      ],
      ['pt', { ...childBody(), adminEmail: 'nope' }, 'adminEmail', 'E-mail do administrador deve ser um e-mail válido'],
      ['pt', { ...childBody(), name: undefined }, 'name', 'Nome é obrigatório'],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client
        .post('/api/v1/organization/child')
        .bearerToken(parent.token)
        .header('accept-language', locale)
        .json(body)
      assert.equal(response.status(), 422, `${locale} ${field}`)
      const found = response.body().error.fields.find((entry: any) => entry.field === field)
      assert.equal(found?.message, message, `${locale} ${field}`)
    }
    assert.equal(await count(), 0)
    // A child organisation cannot have children of its own.
    const child = (await client.post('/api/v1/organization/child').bearerToken(parent.token).json(childBody())).body()
      .data
    const childAdmin = await addUser(child.id, 'admin')
    const nested = await client.post('/api/v1/organization/child').bearerToken(childAdmin.token).json(childBody())
    nested.assertStatus(422)
    assert.equal(nested.body().error.message, 'Only a parent organisation can have child organisations.')
  })

  test("an address with panels elsewhere can be a child's admin: invited, never given a password it has elsewhere", async ({
    client,
    assert,
  }) => {
    const parent = await createTenant('admin')
    const elsewhere = await createTenant('admin')
    const created = await client
      .post('/api/v1/organization/child')
      .bearerToken(parent.token)
      .json({ name: 'Second home', adminEmail: elsewhere.user.email })
    created.assertStatus(201)
    const childId = created.body().data.id
    ;(
      await client
        .post('/api/v1/auth/login')
        .json({ email: elsewhere.user.email, password: elsewhere.password, organizationId: childId })
    ).assertStatus(401)
    const panel = await db.from('users').where('organization_id', childId).firstOrFail()
    await followInvitation(panel.id, CHILD_PASSWORD)
    ;(
      await client
        .post('/api/v1/auth/login')
        .json({ email: elsewhere.user.email, password: CHILD_PASSWORD, organizationId: childId })
    ).assertStatus(200)
    assert.lengthOf(await db.from('users').whereRaw('lower(email) = ?', [elsewhere.user.email.toLowerCase()]), 2)
  })
})
