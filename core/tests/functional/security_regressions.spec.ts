/*
 * Attacks found by review, each proven to fail now: a reset code redirected by changing a
 * member's address, a login-as session escaping into the target's other panels or leaving
 * credentials behind, a password planted by signing up first with someone else's address,
 * and API keys minted for a child organisation acted on with coid.
 */
import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import { addUser, createTenant } from '#tests/helpers/fixtures'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2)}@test.affix.dev`
const MEMBER = { name: 'Member', role: 'afm', password: 'Member#2026', passwordConfirmation: 'Member#2026' }

test.group('security regressions', () => {
  test("a reset code mailed to a member's old address does not work after the address changes", async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const victim = await createTenant('admin')
    const created = await client.post('/api/v1/team-members').bearerToken(token).json({ ...MEMBER, email: uniqueEmail('decoy') })
    created.assertStatus(201)
    const memberId = created.body().data.id
    const code = 'attacker-known-reset-code-0123456789'
    await db.table('password_resets').insert({ user_id: memberId, code_hash: sha256(code), expires_at: new Date(Date.now() + 3_600_000) })

    ;(await client.patch(`/api/v1/team-members/${memberId}`).bearerToken(token).json({ email: victim.user.email })).assertStatus(200)
    const reset = await client.post('/api/v1/auth/password/reset').json({ code, password: 'Pwned#2026', passwordConfirmation: 'Pwned#2026' })
    reset.assertStatus(422)
    ;(await client.post('/api/v1/auth/login').json({ email: victim.user.email, password: 'Pwned#2026', organizationId: victim.org.id })).assertStatus(401)
    ;(await client.get('/api/v1/account').bearerToken(victim.token)).assertStatus(200)
    assert.equal(Number((await db.from('password_resets').where('user_id', memberId).count('* as n'))[0].n), 0)
  })

  test("a login-as session can neither list nor open the target's panels elsewhere", async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const target = await addUser(org.id, 'affiliate')
    const elsewhere = await Organization.create({ name: 'Target HQ', type: 'parent', panelType: 'network', preferences: {} })
    const hashRow = await db.from('users').where('id', target.user.id).select('password').first()
    const [row] = await db
      .table('users')
      .insert({ organization_id: elsewhere.id, email: target.user.email, password: hashRow.password, role: 'admin', status: 'active' })
      .returning('id')
    const acting = (await client.post('/api/v1/auth/login-as').bearerToken(token).json({ userId: target.user.id })).body().data.token
    ;(await client.get('/api/v1/auth/panels').bearerToken(acting)).assertStatus(403)
    const escape = await client.post(`/api/v1/auth/panels/${row.id}/switch`).bearerToken(acting)
    escape.assertStatus(403)
    assert.notProperty(escape.body().data ?? {}, 'token')
    // The person themself still can.
    ;(await client.post(`/api/v1/auth/panels/${row.id}/switch`).bearerToken(target.token)).assertStatus(200)
  })

  test('a login-as session cannot create API keys or OAuth apps that would outlive it', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const target = await addUser(org.id, 'affiliate')
    const acting = (await client.post('/api/v1/auth/login-as').bearerToken(token).json({ userId: target.user.id })).body().data.token
    const key = await client.post('/api/v1/api-keys').bearerToken(acting).json({ name: 'Backdoor', scopes: [{ resource: 'account', operations: ['read'] }] })
    key.assertStatus(403)
    assert.equal(key.body().error.message, 'Only you can do this, from your own panel — not while acting for someone else or for a child organisation.')
    const app = await client
      .post('/api/v1/oauth/apps')
      .bearerToken(acting)
      .json({ name: 'Backdoor', redirectUris: ['https://example.com/cb'], scopes: [{ resource: 'account', operations: ['read'] }] })
    app.assertStatus(403)
    assert.equal(Number((await db.from('api_keys').where('user_id', target.user.id).count('* as n'))[0].n), 0)
  })

  test('signing up first with an address does not plant the password of a future team member', async ({ client }) => {
    const { org, token } = await createTenant('admin')
    const email = uniqueEmail('future')
    // A pending (unapproved, unverified) affiliate panel made by someone else.
    const other = await Organization.create({ name: 'Open Signups', type: 'parent', panelType: 'network', preferences: {} })
    await client
      .post(`/api/v1/auth/register/affiliate/${other.id}`)
      .json({ email, name: 'Planter', password: 'Attack#123', passwordConfirmation: 'Attack#123', acceptTerms: true })
      .then((response: any) => response.assertStatus(201))
    ;(await client.post('/api/v1/team-members').bearerToken(token).json({ ...MEMBER, email })).assertStatus(201)
    ;(await client.post('/api/v1/auth/login').json({ email, password: 'Attack#123', organizationId: org.id })).assertStatus(401)
    ;(await client.post('/api/v1/auth/login').json({ email, password: MEMBER.password, organizationId: org.id })).assertStatus(200)
  })

  test('API keys are never minted for a child organisation acted on with coid', async ({ client }) => {
    const { token } = await createTenant('admin')
    const child = await client
      .post('/api/v1/organization/child')
      .bearerToken(token)
      .json({ name: 'Child', adminEmail: uniqueEmail('child'), password: 'Child#1234', passwordConfirmation: 'Child#1234' })
    child.assertStatus(201)
    const key = await client
      .post('/api/v1/api-keys')
      .qs({ coid: child.body().data.id })
      .bearerToken(token)
      .json({ name: 'Child key', scopes: [{ resource: 'account', operations: ['read'] }] })
    key.assertStatus(403)
  })

  test('an OAuth token cannot change the password nor ask for e-mail verification', async ({ client, assert }) => {
    const { token, password } = await createTenant('admin')
    const redirectUri = 'https://example.com/cb'
    const app = (
      await client.post('/api/v1/oauth/apps').bearerToken(token).json({ name: 'Reader', redirectUris: [redirectUri], scopes: [{ resource: 'account', operations: ['read', 'write'] }] })
    ).body().data
    const consent = await client.post('/api/v1/oauth/authorize').bearerToken(token).json({ clientId: app.clientId, redirectUri, state: 'xyz' })
    consent.assertStatus(200)
    const code = new URL(consent.body().data.redirectTo).searchParams.get('code')
    const issued = await client
      .post('/api/v1/oauth/token')
      .json({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: app.clientId, client_secret: app.clientSecret })
    issued.assertStatus(200)
    const accessToken = issued.body().access_token
    ;(await client.get('/api/v1/account').bearerToken(accessToken)).assertStatus(200)
    const change = await client.post('/api/v1/account/change-password').bearerToken(accessToken).json({ currentPassword: password, password: 'Other#2026', passwordConfirmation: 'Other#2026' })
    change.assertStatus(403)
    ;(await client.post('/api/v1/account/email/verification').bearerToken(accessToken)).assertStatus(403)
    assert.equal((await client.get('/api/v1/account').bearerToken(token)).status(), 200)
  })
})
