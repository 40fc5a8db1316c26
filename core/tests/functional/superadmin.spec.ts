import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import User from '#models/user'
import { addUser, createTenant } from '#tests/helpers/fixtures'

const LOGIN = '/api/v1/superuser/auth/login'
const ACCOUNTS = '/api/v1/superadmin/accounts'
const PASSWORD = 'Test#12345'

test.group('superadmin: login and logout', () => {
  test('only a superadmin panel opens here; anyone else gets the same 401 as a wrong password', async ({
    client,
    assert,
  }) => {
    const superadmin = await createTenant('superadmin')
    const admin = await createTenant('admin')

    const ok = await client.post(LOGIN).json({ email: superadmin.user.email.toUpperCase(), password: PASSWORD })
    ok.assertStatus(200)
    assert.isTrue(ok.body().data.su)
    assert.equal(ok.body().data.user.id, superadmin.user.id)
    assert.isNull(ok.body().data.idToken)
    assert.deepEqual(ok.body().data.childOrgs, [])
    ;(await client.get(`${ACCOUNTS}?limit=1`).bearerToken(ok.body().data.token)).assertStatus(200)

    const wrongPassword = await client.post(LOGIN).json({ email: superadmin.user.email, password: 'Wrong#12345' })
    const notSuperadmin = await client.post(LOGIN).json({ email: admin.user.email, password: PASSWORD })
    const unknown = await client
      .post(LOGIN)
      .json({ email: `nobody-${randomUUID()}@test.affix.dev`, password: PASSWORD })
    for (const refused of [wrongPassword, notSuperadmin, unknown]) {
      refused.assertStatus(401)
      assert.deepEqual(refused.body(), wrongPassword.body())
      assert.equal(refused.body().error.message, 'Invalid email or password.')
    }
    const pt = await client
      .post(LOGIN)
      .header('accept-language', 'pt')
      .json({ email: admin.user.email, password: PASSWORD })
    assert.equal(pt.body().error.message, 'E-mail ou senha inválidos.')

    // The panel login keeps working for everyone, superadmins included.
    ;(await client.post('/api/v1/auth/login').json({ email: admin.user.email, password: PASSWORD })).assertStatus(200)
    ;(await client.post('/api/v1/auth/login').json({ email: superadmin.user.email, password: PASSWORD })).assertStatus(
      200
    )

    const invalid = await client.post(LOGIN).json({ email: 'not-an-email', password: '' })
    invalid.assertStatus(422)
    assert.equal(invalid.body().error.fields[0].field, 'email')
  })

  test('a person with an admin panel and a superadmin panel gets the superadmin one; an inactive one is refused', async ({
    client,
    assert,
  }) => {
    const email = `both-${randomUUID()}@test.affix.dev`
    const admin = await createTenant('admin')
    const platform = await createTenant('superadmin')
    await User.create({ organizationId: admin.org.id, email, password: PASSWORD, role: 'admin', status: 'active' })
    const superPanel = await User.create({
      organizationId: platform.org.id,
      email,
      password: PASSWORD,
      role: 'superadmin',
      status: 'active',
    })
    const session = await client.post(LOGIN).json({ email, password: PASSWORD })
    session.assertStatus(200)
    assert.equal(session.body().data.user.id, superPanel.id)
    assert.equal(session.body().data.user.role, 'superadmin')

    superPanel.status = 'disabled'
    await superPanel.save()
    const inactive = await client.post(LOGIN).json({ email, password: PASSWORD })
    inactive.assertStatus(403)
    assert.equal(inactive.body().error.message, 'This account is not active.')
    // Migration 1700000000009's rollback (end of the run) needs addresses unique again.
    await User.query().where('id', superPanel.id).delete()
  })

  test('logout/su ends the superadmin token, or a superadmin-as-admin session back to the superadmin panel', async ({
    client,
    assert,
  }) => {
    const superadmin = await createTenant('superadmin')
    const target = await createTenant('admin')
    const asAdmin = await client
      .post('/api/v1/auth/login-as')
      .bearerToken(superadmin.token)
      .json({ userId: target.user.id })
    asAdmin.assertStatus(200)
    const asAdminToken = asAdmin.body().data.token

    const back = await client.post('/api/v1/auth/logout/su').bearerToken(asAdminToken)
    back.assertStatus(200)
    assert.deepEqual(back.body().data, { loggedOut: true, returnTo: 'superadmin' })
    ;(await client.get('/api/v1/account').bearerToken(asAdminToken)).assertStatus(401)
    ;(await client.get('/api/v1/account').bearerToken(superadmin.token)).assertStatus(200)
    const audit = await db.from('login_as_audits').where('actor_id', superadmin.user.id).first()
    assert.isNotNull(audit.ended_at)

    // An admin's own session, or an admin-as-affiliate session, is not a superadmin one.
    ;(await client.post('/api/v1/auth/logout/su').bearerToken(target.token)).assertStatus(403)
    const affiliate = await addUser(target.org.id, 'affiliate')
    const asAffiliate = (
      await client.post('/api/v1/auth/login-as').bearerToken(target.token).json({ userId: affiliate.user.id })
    ).body().data
    ;(await client.post('/api/v1/auth/logout/su').bearerToken(asAffiliate.token)).assertStatus(403)
    ;(await client.get('/api/v1/account').bearerToken(asAffiliate.token)).assertStatus(200)

    const out = await client.post('/api/v1/auth/logout/su').bearerToken(superadmin.token)
    out.assertStatus(200)
    assert.deepEqual(out.body().data, { loggedOut: true, returnTo: 'superadminLogin' })
    ;(await client.get('/api/v1/account').bearerToken(superadmin.token)).assertStatus(401)
    ;(await client.post('/api/v1/auth/logout/su')).assertStatus(401)
  })
})

test.group('account payload (spec §7 "GET current user")', () => {
  test('carries su, idToken (null) and childOrgs for the panels that can act on children', async ({
    client,
    assert,
  }) => {
    const parent = await createTenant('admin')
    const second = await Organization.create({
      name: 'Zulu child',
      type: 'child',
      panelType: 'network',
      parentId: parent.org.id,
      preferences: {},
    })
    const first = await Organization.create({
      name: 'Alpha child',
      type: 'child',
      panelType: 'network',
      parentId: parent.org.id,
      preferences: {},
    })
    const account = (await client.get('/api/v1/account').bearerToken(parent.token)).body().data
    assert.isFalse(account.su)
    assert.isNull(account.idToken)
    assert.deepEqual(account.childOrgs, [
      { id: first.id, name: 'Alpha child' },
      { id: second.id, name: 'Zulu child' },
    ])
    const affiliate = await addUser(parent.org.id, 'affiliate')
    assert.deepEqual((await client.get('/api/v1/account').bearerToken(affiliate.token)).body().data.childOrgs, [])
    const childAdmin = await addUser(first.id, 'admin')
    assert.deepEqual((await client.get('/api/v1/account').bearerToken(childAdmin.token)).body().data.childOrgs, [])
  })
})
