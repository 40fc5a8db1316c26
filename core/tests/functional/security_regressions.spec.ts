/*
 * Attacks found by review, each proven to fail now: a reset code redirected by changing a
 * member's address, a login-as session escaping into the target's other panels or leaving
 * credentials behind, a password planted by signing up first with someone else's address or
 * lent by a panel another organisation created (cross-tenant takeover), mailed links built
 * from the request's Host headers, API keys minted for a child organisation acted on with
 * coid or "logged out" while they keep working, and a disabled affiliate's session.
 */
import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import { configuredBaseUrl } from '#kernel/links'
import { addUser, createTenant, followInvitation } from '#tests/helpers/fixtures'
import { startSmtpServer } from '#tests/helpers/smtp'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2)}@test.affix.dev`
const MEMBER = { name: 'Member', role: 'afm' }
const AFFILIATES = '/api/v1/affiliates/affiliates'
const login = (email: string, password: string, organizationId?: number) => ({ email, password, organizationId })

test.group('security regressions', () => {
  test("a reset code mailed to a member's old address does not work after the address changes", async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const victim = await createTenant('admin')
    const created = await client
      .post('/api/v1/team-members')
      .bearerToken(token)
      .json({ ...MEMBER, email: uniqueEmail('decoy') })
    created.assertStatus(201)
    const memberId = created.body().data.id
    const code = 'attacker-known-reset-code-0123456789'
    await db
      .table('password_resets')
      .insert({ user_id: memberId, code_hash: sha256(code), expires_at: new Date(Date.now() + 3_600_000) })

    ;(
      await client.patch(`/api/v1/team-members/${memberId}`).bearerToken(token).json({ email: victim.user.email })
    ).assertStatus(200)
    const reset = await client
      .post('/api/v1/auth/password/reset')
      .json({ code, password: 'Pwned#2026', passwordConfirmation: 'Pwned#2026' })
    reset.assertStatus(422)
    ;(
      await client
        .post('/api/v1/auth/login')
        .json({ email: victim.user.email, password: 'Pwned#2026', organizationId: victim.org.id })
    ).assertStatus(401)
    ;(await client.get('/api/v1/account').bearerToken(victim.token)).assertStatus(200)
    // The known code died with the old address; the new address was sent an invitation of its own.
    assert.isNull(await db.from('password_resets').where('code_hash', sha256(code)).first())
    const left = await db.from('password_resets').where('user_id', memberId)
    assert.deepEqual(
      left.map((row) => row.purpose),
      ['invitation']
    )
  })

  test("a login-as session can neither list nor open the target's panels elsewhere", async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const target = await addUser(org.id, 'affiliate')
    const elsewhere = await Organization.create({
      name: 'Target HQ',
      type: 'parent',
      panelType: 'network',
      preferences: {},
    })
    const hashRow = await db.from('users').where('id', target.user.id).select('password').first()
    const [row] = await db
      .table('users')
      .insert({
        organization_id: elsewhere.id,
        email: target.user.email,
        password: hashRow.password,
        role: 'admin',
        status: 'active',
      })
      .returning('id')
    const acting = (
      await client.post('/api/v1/auth/login-as').bearerToken(token).json({ userId: target.user.id })
    ).body().data.token
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
    const acting = (
      await client.post('/api/v1/auth/login-as').bearerToken(token).json({ userId: target.user.id })
    ).body().data.token
    const key = await client
      .post('/api/v1/api-keys')
      .bearerToken(acting)
      .json({ name: 'Backdoor', scopes: [{ resource: 'account', operations: ['read'] }] })
    key.assertStatus(403)
    assert.equal(
      key.body().error.message,
      'Only you can do this, from your own panel — not while acting for someone else or for a child organisation.'
    )
    const app = await client
      .post('/api/v1/oauth/apps')
      .bearerToken(acting)
      .json({
        name: 'Backdoor',
        redirectUris: ['https://example.com/cb'],
        scopes: [{ resource: 'account', operations: ['read'] }],
      })
    app.assertStatus(403)
    assert.equal(Number((await db.from('api_keys').where('user_id', target.user.id).count('* as n'))[0].n), 0)
  })

  test('signing up first with an address does not plant the password of a future team member', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const email = uniqueEmail('future')
    // An affiliate panel made by someone else with the address, at an organisation that approves at once.
    const other = await Organization.create({
      name: 'Open Signups',
      type: 'parent',
      panelType: 'network',
      preferences: {},
    })
    await db
      .from('organizations')
      .where('id', other.id)
      .update({ signup_settings: JSON.stringify({ autoApprove: true, fields: [] }) })
    const planted = await client
      .post(`/api/v1/signup/affiliate/${other.id}`)
      .json({ email, name: 'Planter', password: 'Attack#123', passwordConfirmation: 'Attack#123', acceptTerms: true })
    planted.assertStatus(201)
    const member = await client
      .post('/api/v1/team-members')
      .bearerToken(token)
      .json({ ...MEMBER, email })
    member.assertStatus(201)
    ;(await client.post('/api/v1/auth/login').json(login(email, 'Attack#123', org.id))).assertStatus(401)
    // The planter's session neither lists nor opens the member's panel, and changing "its"
    // password does not reach it.
    const attacker = (await client.post('/api/v1/auth/login').json(login(email, 'Attack#123'))).body().data
    assert.deepEqual(
      attacker.panels.map((panel: any) => panel.organizationId),
      [other.id]
    )
    ;(
      await client.post(`/api/v1/auth/panels/${member.body().data.id}/switch`).bearerToken(attacker.token)
    ).assertStatus(404)
    ;(
      await client
        .post('/api/v1/account/change-password')
        .bearerToken(attacker.token)
        .json({ currentPassword: 'Attack#123', password: 'Attack#456', passwordConfirmation: 'Attack#456' })
    ).assertStatus(200)
    ;(await client.post('/api/v1/auth/login').json(login(email, 'Attack#456', org.id))).assertStatus(401)
    // The person follows the invitation: their password, on every panel of their address.
    await followInvitation(member.body().data.id, 'Member#2026')
    ;(await client.post('/api/v1/auth/login').json(login(email, 'Member#2026', org.id))).assertStatus(200)
    ;(await client.post('/api/v1/auth/login').json(login(email, 'Attack#456'))).assertStatus(401)
  })

  test('cross-tenant takeover: a panel organisation B made for an address never opens, nor sets, the panel organisation A makes later', async ({
    client,
    assert,
  }) => {
    const victim = uniqueEmail('victim')
    const orgA = await createTenant('admin')
    const orgB = await createTenant('admin')

    // B's admin tries to choose the password of a panel for the address: refused.
    const chosenByB = await client
      .post(AFFILIATES)
      .bearerToken(orgB.token)
      .json({ email: victim, name: 'Pre-claimed', password: 'Attack#123' })
    chosenByB.assertStatus(422)
    assert.equal(chosenByB.body().error.fields[0].field, 'password')
    assert.equal(
      chosenByB.body().error.message,
      'A password is chosen only by its person: leave it out, and an invitation to set it is mailed to the address.'
    )
    // Without a password B's panel exists, with none usable (the person is invited).
    const affiliateB = await client
      .post(AFFILIATES)
      .bearerToken(orgB.token)
      .json({ email: victim, name: 'Pre-claimed' })
    affiliateB.assertStatus(201)
    assert.isFalse(affiliateB.body().data.hasPassword)
    ;(await client.post('/api/v1/auth/login').json(login(victim, 'Attack#123'))).assertStatus(401)

    // A adds the address as a team member and, later, as an affiliate: A cannot choose a password either.
    const chosenByA = await client
      .post('/api/v1/team-members')
      .bearerToken(orgA.token)
      .json({ ...MEMBER, email: victim, password: 'Mine#1234', passwordConfirmation: 'Mine#1234' })
    chosenByA.assertStatus(422)
    const memberA = await client
      .post('/api/v1/team-members')
      .bearerToken(orgA.token)
      .json({ ...MEMBER, email: victim })
    memberA.assertStatus(201)
    for (const password of ['Attack#123', 'Mine#1234']) {
      const attempt = await client.post('/api/v1/auth/login').json(login(victim, password, orgA.org.id))
      attempt.assertStatus(401)
    }

    // Whatever B did to its own panel (its admin is not the person) never reaches A's.
    const rows = await db.from('users').whereRaw('lower(email) = ?', [victim]).select('id', 'password')
    assert.lengthOf(rows, 2)
    for (const row of rows) assert.match(row.password, /^!unusable:/)
    assert.notEqual(rows[0].password, rows[1].password)

    // Only the person, through the link mailed to the address, sets the password.
    await followInvitation(memberA.body().data.id, 'Victim#2026')
    const session = await client.post('/api/v1/auth/login').json(login(victim, 'Victim#2026', orgA.org.id))
    session.assertStatus(200)
    assert.equal(session.body().data.user.id, memberA.body().data.id)
    ;(await client.post('/api/v1/auth/login').json(login(victim, 'Attack#123', orgA.org.id))).assertStatus(401)
  })

  test('API keys are never minted for a child organisation acted on with coid', async ({ client }) => {
    const { token } = await createTenant('admin')
    const child = await client
      .post('/api/v1/organization/child')
      .bearerToken(token)
      .json({ name: 'Child', adminEmail: uniqueEmail('child') })
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
      await client
        .post('/api/v1/oauth/apps')
        .bearerToken(token)
        .json({
          name: 'Reader',
          redirectUris: [redirectUri],
          scopes: [{ resource: 'account', operations: ['read', 'write'] }],
        })
    ).body().data
    const consent = await client
      .post('/api/v1/oauth/authorize')
      .bearerToken(token)
      .json({ clientId: app.clientId, redirectUri, state: 'xyz' })
    consent.assertStatus(200)
    const code = new URL(consent.body().data.redirectTo).searchParams.get('code')
    const issued = await client.post('/api/v1/oauth/token').json({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    })
    issued.assertStatus(200)
    const accessToken = issued.body().access_token
    ;(await client.get('/api/v1/account').bearerToken(accessToken)).assertStatus(200)
    const change = await client
      .post('/api/v1/account/change-password')
      .bearerToken(accessToken)
      .json({ currentPassword: password, password: 'Other#2026', passwordConfirmation: 'Other#2026' })
    change.assertStatus(403)
    ;(await client.post('/api/v1/account/email/verification').bearerToken(accessToken)).assertStatus(403)
    assert.equal((await client.get('/api/v1/account').bearerToken(token)).status(), 200)
  })

  test('a disabled affiliate is logged out with 406, like every panel; enabled again, old sessions do not return', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const affiliate = await addUser(org.id, 'affiliate')
    const other = await addUser(org.id, 'affiliate')
    ;(await client.get('/api/v1/account').bearerToken(affiliate.token)).assertStatus(200)
    ;(
      await client
        .post(`${AFFILIATES}/status`)
        .bearerToken(token)
        .json({ ids: [affiliate.user.id], status: 'disabled' })
    ).assertStatus(200)
    const forced = await client.get('/api/v1/account').bearerToken(affiliate.token)
    forced.assertStatus(406)
    assert.equal(forced.body().type, 'forced_logout')
    ;(await client.patch(`${AFFILIATES}/${other.user.id}`).bearerToken(token).json({ status: 'banned' })).assertStatus(
      200
    )
    ;(await client.get('/api/v1/account').bearerToken(other.token)).assertStatus(406)
    ;(
      await client
        .post(`${AFFILIATES}/status`)
        .bearerToken(token)
        .json({ ids: [affiliate.user.id], status: 'active' })
    ).assertStatus(200)
    ;(await client.get('/api/v1/account').bearerToken(affiliate.token)).assertStatus(401)
  })

  test("a team member's report scope names only campaigns of the organisation", async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const stranger = await createTenant('admin')
    const member = await addUser(org.id, 'afm')
    const [brand] = await db
      .insertQuery()
      .table('brands')
      .insert({ organization_id: stranger.org.id, name: 'Foreign brand' })
      .returning('id')
    const [foreign] = await db
      .insertQuery()
      .table('campaigns')
      .insert({
        organization_id: stranger.org.id,
        brand_id: Number(brand.id),
        title: 'Their private campaign',
        default_url: 'https://their.example/?c={click_id}',
        currency: 'USD',
        visibility: 'private',
      })
      .returning('id')
    for (const campaigns of [[Number(foreign.id)], [999999]]) {
      const refused = await client
        .patch(`/api/v1/team-members/${member.user.id}`)
        .bearerToken(token)
        .json({ reportScope: { campaigns } })
      refused.assertStatus(422)
      assert.equal(refused.body().error.message, `These ids are not campaigns of your organisation: ${campaigns[0]}`)
      assert.equal(refused.body().error.fields[0].field, 'reportScope.campaigns')
    }
    const stored = await db.from('users').where('id', member.user.id).first()
    assert.notInclude(JSON.stringify(stored.report_scope ?? null), String(foreign.id))
  })

  test('logging out with an API key is refused with a message; the key keeps working until revoked', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const key = (
      await client
        .post('/api/v1/api-keys')
        .bearerToken(token)
        .json({ name: 'Script', scopes: [{ resource: 'account', operations: ['read'] }] })
    ).body().data
    for (const [locale, message] of [
      [
        'en',
        'An API key is not a session and cannot log out: it keeps working until it is revoked on the API keys screen (DELETE /api/v1/api-keys/:id).',
      ],
      [
        'tr',
        'API anahtarı bir oturum değildir ve çıkış yapamaz: API anahtarları ekranında iptal edilene kadar çalışmaya devam eder (DELETE /api/v1/api-keys/:id).',
      ],
    ]) {
      const logout = await client
        .post('/api/v1/auth/logout')
        .header('x-api-key', key.key)
        .header('accept-language', locale)
      logout.assertStatus(422)
      assert.equal(logout.body().error.message, message)
      assert.notProperty(logout.body().data ?? {}, 'loggedOut')
    }
    ;(await client.get('/api/v1/account').header('x-api-key', key.key)).assertStatus(200)
    ;(await client.delete(`/api/v1/api-keys/${key.id}`).bearerToken(token)).assertStatus(200)
    ;(await client.get('/api/v1/account').header('x-api-key', key.key)).assertStatus(401)
  })
})

test.group('mailed links are built on configured addresses only', (group) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  group.setup(async () => {
    smtp = await startSmtpServer()
    process.env.SMTP_URL = smtp.url
    return async () => {
      delete process.env.SMTP_URL
      await smtp.close()
    }
  })
  const lastMailTo = (email: string) => smtp.inbox.filter((mail) => mail.to.includes(email.toLowerCase())).at(-1)
  const HOSTILE = { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' }
  const withHostile = (request: any) => {
    for (const [name, value] of Object.entries(HOSTILE)) request.header(name, value)
    return request
  }

  test('reset, invitation, activation and welcome mails ignore Host and X-Forwarded-Host (APP_URL unset)', async ({
    client,
    assert,
  }) => {
    assert.isUndefined(process.env.APP_URL)
    const base = configuredBaseUrl()
    assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/)
    const { org, token, user } = await createTenant('admin')

    await withHostile(client.post('/api/v1/auth/password/forgot')).json({ email: user.email })
    const reset = lastMailTo(user.email)!
    assert.match(reset.text, new RegExp(`${base}/password/reset/[\\w-]{20,}`))

    const email = uniqueEmail('invited')
    ;(
      await withHostile(client.post('/api/v1/team-members'))
        .bearerToken(token)
        .json({ ...MEMBER, email })
    ).assertStatus(201)
    const invitation = lastMailTo(email)!
    assert.match(invitation.text, new RegExp(`${base}/invitation/[\\w-]{20,}`))
    assert.include(invitation.text, org.name)

    const owner = uniqueEmail('owner')
    ;(
      await withHostile(client.post('/api/v1/auth/register')).json({
        organizationName: 'Hostile Inc',
        name: 'Owner',
        email: owner,
        password: 'Strong#2026',
        passwordConfirmation: 'Strong#2026',
        acceptTerms: true,
      })
    ).assertStatus(201)
    assert.match(lastMailTo(owner)!.text, new RegExp(`${base}/auth/verify/[\\w-]{20,}`))

    const signup = uniqueEmail('signup')
    ;(
      await withHostile(client.post(`/api/v1/signup/affiliate/${org.id}`)).json({
        email: signup,
        name: 'Signup',
        password: 'Strong#2026',
        passwordConfirmation: 'Strong#2026',
        acceptTerms: true,
      })
    ).assertStatus(201)
    assert.include(lastMailTo(signup)!.text, `${base}/login`)

    const meta = await withHostile(client.get(`/api/v1/auth/meta?orgId=${org.id}`))
    assert.equal(meta.body().data.affiliateSignupUrl, `${base}/register/affiliate/${org.id}`)

    for (const mail of smtp.inbox) assert.notInclude(mail.text, 'evil.test')
  })

  test("an organisation's white-label domain is the base of its people's links; APP_URL otherwise", async ({
    client,
    assert,
    cleanup,
  }) => {
    process.env.APP_URL = 'https://panel.affix.example/'
    cleanup(() => {
      delete process.env.APP_URL
    })
    const { token } = await createTenant('admin')
    const plain = uniqueEmail('plain')
    await withHostile(client.post('/api/v1/team-members'))
      .bearerToken(token)
      .json({ ...MEMBER, email: plain })
    assert.match(lastMailTo(plain)!.text, /https:\/\/panel\.affix\.example\/invitation\/[\w-]{20,}/)

    const name = `panel-${Math.random().toString(36).slice(2, 8)}.brand.example`
    ;(await client.post('/api/v1/domains/domains').bearerToken(token).json({ name, type: 'white_label' })).assertStatus(
      201
    )
    const branded = uniqueEmail('branded')
    await withHostile(client.post('/api/v1/team-members'))
      .bearerToken(token)
      .json({ ...MEMBER, email: branded })
    assert.match(lastMailTo(branded)!.text, new RegExp(`https://${name.replace(/\./g, '\\.')}/invitation/[\\w-]{20,}`))
    for (const mail of smtp.inbox) assert.notInclude(mail.text, 'evil.test')
  })
})
