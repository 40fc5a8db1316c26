import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import User from '#models/user'
import { createTenant } from '#tests/helpers/fixtures'

/** A second panel for the same person: same address and password hash, another organisation and role. */
async function secondPanel(user: User, role: User['role'] = 'affiliate') {
  const org = await Organization.create({
    name: `Second ${Math.random().toString(36).slice(2, 8)}`,
    type: 'parent',
    panelType: 'network',
    preferences: {},
  })
  const hashRow = await db.from('users').where('id', user.id).select('password').first()
  const [row] = await db
    .table('users')
    .insert({
      organization_id: org.id,
      email: user.email.toUpperCase(),
      password: hashRow.password,
      role,
      status: 'active',
      name: 'Second panel',
    })
    .returning('id')
  return { org, panelId: Number(row.id ?? row) }
}

test.group('panels: one person, several organisations', () => {
  test('login opens the chosen panel, lists every panel, and switching issues a token for the other one', async ({
    client,
    assert,
  }) => {
    const { user, org, password } = await createTenant('admin')
    const { org: otherOrg, panelId } = await secondPanel(user)

    const first = await client.post('/api/v1/auth/login').json({ email: user.email, password, organizationId: org.id })
    first.assertStatus(200)
    assert.equal(first.body().data.org.id, org.id)
    assert.equal(first.body().data.user.role, 'admin')
    const panels = first.body().data.panels as Array<{
      id: number
      organizationId: number
      role: string
      current: boolean
    }>
    assert.sameMembers(
      panels.map((panel) => panel.organizationId),
      [org.id, otherOrg.id]
    )
    assert.isTrue(panels.find((panel) => panel.organizationId === org.id)!.current)

    const second = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password, organizationId: otherOrg.id })
    second.assertStatus(200)
    assert.equal(second.body().data.org.id, otherOrg.id)
    assert.equal(second.body().data.user.role, 'affiliate')

    // Without organizationId the most recently used panel opens.
    const latest = await client.post('/api/v1/auth/login').json({ email: user.email, password })
    assert.equal(latest.body().data.org.id, otherOrg.id)

    const adminToken = first.body().data.token
    const listed = await client.get('/api/v1/auth/panels').bearerToken(adminToken)
    listed.assertStatus(200)
    assert.lengthOf(listed.body().data, 2)

    const switched = await client.post(`/api/v1/auth/panels/${panelId}/switch`).bearerToken(adminToken)
    switched.assertStatus(200)
    assert.equal(switched.body().data.org.id, otherOrg.id)
    const account = await client.get('/api/v1/account').bearerToken(switched.body().data.token)
    assert.equal(account.body().data.user.role, 'affiliate')
    // The admin token still works: tokens are per panel.
    ;(await client.get('/api/v1/account').bearerToken(adminToken)).assertStatus(200)
  })

  test('a wrong password or an organisation without a panel of the person give the same 401', async ({
    client,
    assert,
  }) => {
    const { user, password } = await createTenant('admin')
    const { org: stranger } = await createTenant('admin')
    const wrong = await client.post('/api/v1/auth/login').json({ email: user.email, password: 'Wrong#12345' })
    wrong.assertStatus(401)
    const elsewhere = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password, organizationId: stranger.id })
    elsewhere.assertStatus(401)
    assert.deepEqual(elsewhere.body().error, wrong.body().error)
    const bad = await client
      .post('/api/v1/auth/login')
      .header('accept-language', 'pt')
      .json({ email: user.email, password, organizationId: 'x' })
    bad.assertStatus(422)
  })

  test("nobody can switch to another person's panel, nor to a disabled one", async ({ client, assert }) => {
    const { token, user } = await createTenant('admin')
    const { user: stranger } = await createTenant('admin')
    ;(await client.post(`/api/v1/auth/panels/${stranger.id}/switch`).bearerToken(token)).assertStatus(404)
    const { panelId } = await secondPanel(user)
    await db.from('users').where('id', panelId).update({ status: 'disabled' })
    const disabled = await client.post(`/api/v1/auth/panels/${panelId}/switch`).bearerToken(token)
    disabled.assertStatus(403)
    assert.equal(disabled.body().type, 'account_inactive')
    const listed = await client.get('/api/v1/auth/panels').bearerToken(token)
    assert.lengthOf(listed.body().data, 1)
  })

  test('the person has one password: a reset applies to every panel and ends every session', async ({
    client,
    assert,
  }) => {
    const { user, token, password } = await createTenant('admin')
    const { org: otherOrg } = await secondPanel(user)
    const other = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password, organizationId: otherOrg.id })
    const otherToken = other.body().data.token

    const code = 'panel-reset-code-0123456789'
    const { createHash } = await import('node:crypto')
    await db.table('password_resets').insert({
      user_id: user.id,
      code_hash: createHash('sha256').update(code).digest('hex'),
      expires_at: new Date(Date.now() + 60_000),
    })
    ;(
      await client
        .post('/api/v1/auth/password/reset')
        .json({ code, password: 'Fresh#2026x', passwordConfirmation: 'Fresh#2026x' })
    ).assertStatus(200)
    ;(await client.get('/api/v1/account').bearerToken(token)).assertStatus(401)
    ;(await client.get('/api/v1/account').bearerToken(otherToken)).assertStatus(401)
    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: 'Fresh#2026x', organizationId: otherOrg.id })
    login.assertStatus(200)
    assert.notInclude(JSON.stringify(login.body()), 'scrypt')
  })

  test('an address is unique within an organisation, whatever its case', async ({ assert }) => {
    const { user } = await createTenant('admin')
    await assert.rejects(() =>
      db.table('users').insert({
        organization_id: user.organizationId,
        email: user.email.toUpperCase(),
        password: 'x',
        role: 'affiliate',
        status: 'active',
      })
    )
  })

  test('panels a typed password opens become one credential; a panel with another password stays apart', async ({
    client,
    assert,
  }) => {
    const { user, org, password } = await createTenant('admin')
    const { org: sameOrg, panelId: samePanel } = await secondPanel(user)
    const { org: otherOrg, panelId: otherPanel } = await secondPanel(user)
    // Each hashed on its own (as two signups would): one with the same password, one with another.
    const hash = (await import('@adonisjs/core/services/hash')).default
    await db
      .from('users')
      .where('id', samePanel)
      .update({ password: await hash.use('scrypt').make(password) })
    await db
      .from('users')
      .where('id', otherPanel)
      .update({ password: await hash.use('scrypt').make('Other#2026') })

    const login = await client.post('/api/v1/auth/login').json({ email: user.email, password, organizationId: org.id })
    login.assertStatus(200)
    assert.sameMembers(
      login.body().data.panels.map((panel: any) => panel.organizationId),
      [org.id, sameOrg.id]
    )
    const token = login.body().data.token
    ;(await client.post(`/api/v1/auth/panels/${samePanel}/switch`).bearerToken(token)).assertStatus(200)
    ;(await client.post(`/api/v1/auth/panels/${otherPanel}/switch`).bearerToken(token)).assertStatus(404)
    const other = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: 'Other#2026', organizationId: otherOrg.id })
    other.assertStatus(200)
    assert.deepEqual(
      other.body().data.panels.map((panel: any) => panel.organizationId),
      [otherOrg.id]
    )
  })
})
