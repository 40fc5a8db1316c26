import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { addUser, createTenant } from '#tests/helpers/fixtures'

test.group('login-as (audited)', () => {
  test('an admin logs in as an affiliate, is recorded, and logout ends only that session', async ({
    client,
    assert,
  }) => {
    const { org, user: admin, token } = await createTenant('admin')
    const affiliate = await addUser(org.id, 'affiliate')
    const response = await client.post('/api/v1/auth/login-as').bearerToken(token).json({ userId: affiliate.user.id })
    response.assertStatus(200)
    const session = response.body().data
    assert.equal(session.user.id, affiliate.user.id)
    assert.deepEqual(session.impersonatedBy, { id: admin.id, email: admin.email })

    const account = await client.get('/api/v1/account').bearerToken(session.token)
    assert.equal(account.body().data.user.role, 'affiliate')
    ;(await client.get('/api/v1/brands/brands').bearerToken(session.token)).assertStatus(403)

    const trail = await client.get('/api/v1/auth/login-as').bearerToken(token)
    assert.include(trail.body().data[0], { actorId: admin.id, targetId: affiliate.user.id, endedAt: null })

    ;(await client.post('/api/v1/auth/logout').bearerToken(session.token)).assertStatus(200)
    ;(await client.get('/api/v1/account').bearerToken(session.token)).assertStatus(401)
    // Back to the original panel: the admin's own token still works.
    ;(await client.get('/api/v1/account').bearerToken(token)).assertStatus(200)
    const ended = await client.get('/api/v1/auth/login-as').bearerToken(token)
    assert.isNotNull(ended.body().data[0].endedAt)
  })

  test('who may act as whom', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const otherAdmin = await addUser(org.id, 'admin')
    const brand = await addUser(org.id, 'brand')
    const other = await createTenant('admin')
    const foreignAffiliate = await addUser(other.org.id, 'affiliate')
    const subAdmin = await addUser(org.id, 'sub-admin')
    const affiliate = await addUser(org.id, 'affiliate')

    ;(await client.post('/api/v1/auth/login-as').bearerToken(token).json({ userId: brand.user.id })).assertStatus(200)
    const asAdmin = await client.post('/api/v1/auth/login-as').bearerToken(token).json({ userId: otherAdmin.user.id })
    asAdmin.assertStatus(403)
    assert.equal(asAdmin.body().error.message, 'You cannot log in as this user.')
    ;(
      await client.post('/api/v1/auth/login-as').bearerToken(token).json({ userId: foreignAffiliate.user.id })
    ).assertStatus(404)
    ;(
      await client.post('/api/v1/auth/login-as').bearerToken(subAdmin.token).json({ userId: affiliate.user.id })
    ).assertStatus(403)
    ;(
      await client.post('/api/v1/auth/login-as').bearerToken(affiliate.token).json({ userId: brand.user.id })
    ).assertStatus(403)
    ;(await client.post('/api/v1/auth/login-as').bearerToken(token).json({ userId: 'x' })).assertStatus(422)

    // A superadmin logs in as an admin of any organisation.
    const superadmin = await createTenant('superadmin')
    const asOtherAdmin = await client
      .post('/api/v1/auth/login-as')
      .bearerToken(superadmin.token)
      .json({ userId: other.user.id })
    asOtherAdmin.assertStatus(200)
    ;(await client.get('/api/v1/brands/brands').bearerToken(asOtherAdmin.body().data.token)).assertStatus(200)
    const audits = await db.from('login_as_audits').where('actor_id', superadmin.user.id)
    assert.lengthOf(audits, 1)
    assert.equal(audits[0].organization_id, other.org.id)
  })

  test('a login-as session ends when the admin who started it is disabled', async ({ client }) => {
    const { org, user: admin, token } = await createTenant('admin')
    const affiliate = await addUser(org.id, 'affiliate')
    const session = (
      await client.post('/api/v1/auth/login-as').bearerToken(token).json({ userId: affiliate.user.id })
    ).body().data
    await User.query().where('id', admin.id).update({ status: 'disabled' })
    ;(await client.get('/api/v1/account').bearerToken(session.token)).assertStatus(406)
  })
})
