import { test } from '@japa/runner'
import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant } from '@affix/core/testing'

const APPS = '/api/v1/oauth/apps'
const AUTHORIZE = '/api/v1/oauth/authorize'
const TOKEN = '/api/v1/oauth/token'
const REDIRECT = 'https://app.example.com/callback'
const readBrands = [{ resource: 'brands', operations: ['read'] }]

type Client = any

async function registerApp(client: Client, token: string, body: Record<string, unknown> = {}) {
  const response = await client
    .post(APPS)
    .bearerToken(token)
    .json({ name: 'Reporting app', redirectUris: [REDIRECT], scopes: readBrands, ...body })
  response.assertStatus(201)
  return response.body().data as { id: number; clientId: string; clientSecret: string; scopes: unknown }
}

/** The user consents; returns the code from the redirect. */
async function consent(client: Client, userToken: string, clientId: string, extra: Record<string, unknown> = {}) {
  const response = await client
    .post(AUTHORIZE)
    .bearerToken(userToken)
    .json({ clientId, redirectUri: REDIRECT, state: 'xyz-123', ...extra })
  response.assertStatus(200)
  const redirect = new URL(response.body().data.redirectTo)
  return { code: redirect.searchParams.get('code')!, redirect, body: response.body() }
}

/** The app's server trades the code: form-encoded with HTTP Basic, as most OAuth libraries do. */
function exchange(client: Client, app: { clientId: string; clientSecret: string }, fields: Record<string, string>) {
  return client
    .post(TOKEN)
    .basicAuth(app.clientId, app.clientSecret)
    .form({ grant_type: 'authorization_code', redirect_uri: REDIRECT, ...fields })
}

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

test.group('OAuth apps', () => {
  test('secret shown once; consent → code → token → calls within the granted scopes; the secret never comes back', async ({
    client,
    assert,
  }) => {
    const { org, user, token } = await createTenant('admin')
    const bodies: string[] = []
    const seen = <T extends { body(): unknown }>(response: T) => {
      bodies.push(JSON.stringify(response.body()))
      return response
    }

    const app = await registerApp(client, token, {
      scopes: [
        { resource: 'brands', operations: ['read', 'write'] },
        { resource: 'account', operations: ['read'] },
      ],
    })
    assert.match(app.clientId, /^afc_[A-Za-z0-9_-]{24}$/)
    assert.match(app.clientSecret, /^[A-Za-z0-9_-]{43}$/)
    const stored = await db.from('oauth_apps').where('id', app.id).first()
    assert.notInclude(JSON.stringify(stored), app.clientSecret)
    assert.equal(stored.client_secret_hash, createHash('sha256').update(app.clientSecret).digest('hex'))

    const listed = seen(await client.get(APPS).bearerToken(token))
    listed.assertStatus(200)
    assert.equal(listed.body().data[0].clientId, app.clientId)
    assert.equal(listed.body().data[0].secretPreview, `…${app.clientSecret.slice(-4)}`)
    assert.notProperty(listed.body().data[0], 'clientSecret')

    const described = seen(
      await client
        .get(AUTHORIZE)
        .qs({ clientId: app.clientId, redirectUri: REDIRECT, scope: 'brands:read' })
        .bearerToken(token)
    )
    described.assertStatus(200)
    assert.equal(described.body().data.app.name, 'Reporting app')
    assert.deepEqual(described.body().data.scopes, readBrands)

    // Consent to a subset: brands read only.
    const { code, redirect, body } = await consent(client, token, app.clientId, { scope: 'brands:read' })
    bodies.push(JSON.stringify(body))
    assert.equal(redirect.origin + redirect.pathname, REDIRECT)
    assert.equal(redirect.searchParams.get('state'), 'xyz-123')
    assert.equal(body.data.scope, 'brands:read')
    const codeRow = await db.from('oauth_auth_codes').where('app_id', app.id).first()
    assert.notInclude(JSON.stringify(codeRow), code)

    const issued = seen(await exchange(client, app, { code }))
    issued.assertStatus(200)
    assert.equal(issued.header('cache-control'), 'no-store')
    const grant = issued.body()
    assert.equal(grant.token_type, 'Bearer')
    assert.equal(grant.expires_in, 3600)
    assert.equal(grant.scope, 'brands:read')
    assert.match(grant.access_token, /^afo_\d+\.[A-Za-z0-9_-]{43}$/)
    assert.notInclude(
      JSON.stringify(await db.from('oauth_access_tokens').where('app_id', app.id)),
      grant.access_token.split('.')[1]
    )

    const access = grant.access_token as string
    const brands = seen(await client.get('/api/v1/brands/brands').bearerToken(access))
    brands.assertStatus(200)
    // Write was not granted, products not in scope, the account scope was not consented to.
    seen(await client.post('/api/v1/brands/brands').bearerToken(access).json({ name: 'Via OAuth' })).assertStatus(403)
    seen(await client.get('/api/v1/brands/products').bearerToken(access)).assertStatus(403)
    // Session, credential and consent calls need the person's own panel session.
    const panels = seen(await client.get('/api/v1/auth/panels').bearerToken(access))
    panels.assertStatus(403)
    assert.equal(
      panels.body().error.message,
      'This call needs your own panel session: API keys and OAuth tokens cannot make it.'
    )
    seen(await client.get(APPS).bearerToken(access)).assertStatus(403)
    seen(
      await client.post('/api/v1/api-keys').bearerToken(access).json({ name: 'x', scopes: readBrands })
    ).assertStatus(403)
    assert.isNotNull((await db.from('oauth_access_tokens').where('app_id', app.id).first()).last_used_at)

    const codes = seen(await client.get(`${APPS}/${app.id}/codes`).bearerToken(token))
    codes.assertStatus(200)
    assert.lengthOf(codes.body().data, 1)
    assert.equal(codes.body().data[0].status, 'used')
    assert.equal(codes.body().data[0].userId, user.id)
    assert.equal(codes.body().data[0].userEmail, user.email)
    assert.isNotNull(codes.body().data[0].usedAt)
    assert.notInclude(JSON.stringify(codes.body()), code)

    for (const text of bodies) assert.notInclude(text, app.clientSecret)
    assert.equal(Number((await db.from('oauth_apps').where('organization_id', org.id).count('* as n'))[0].n), 1)
  })

  test('token endpoint: client authentication, grant type, redirect URI, expiry, reuse (RFC 6749 errors)', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const app = await registerApp(client, token)

    const wrongSecret = await client
      .post(TOKEN)
      .basicAuth(app.clientId, 'not-the-secret')
      .form({ grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT })
    wrongSecret.assertStatus(401)
    assert.deepEqual(wrongSecret.body(), {
      error: 'invalid_client',
      error_description: 'Client authentication failed.',
    })
    assert.include(wrongSecret.header('www-authenticate'), 'Basic')
    const wrongInBody = await client.post(TOKEN).header('accept-language', 'pt').json({
      grant_type: 'authorization_code',
      code: 'x',
      redirect_uri: REDIRECT,
      client_id: app.clientId,
      client_secret: 'nope',
    })
    wrongInBody.assertStatus(401)
    assert.deepEqual(wrongInBody.body(), {
      error: 'invalid_client',
      error_description: 'A autenticação do cliente falhou.',
    })
    const unsupported = await client
      .post(TOKEN)
      .basicAuth(app.clientId, app.clientSecret)
      .form({ grant_type: 'password', username: 'a', password: 'b' })
    unsupported.assertStatus(400)
    assert.equal(unsupported.body().error, 'unsupported_grant_type')
    const noCode = await exchange(client, app, {})
    noCode.assertStatus(400)
    assert.deepEqual(noCode.body(), { error: 'invalid_request', error_description: 'code is required.' })

    // A redirect_uri other than the authorised one is refused, and does not burn the code.
    const { code } = await consent(client, token, app.clientId)
    const otherRedirect = await exchange(client, app, { code, redirect_uri: 'https://app.example.com/other' })
    otherRedirect.assertStatus(400)
    assert.equal(otherRedirect.body().error, 'invalid_grant')
    assert.equal(otherRedirect.body().error_description, 'redirect_uri does not match the one the code was issued for.')

    // JSON body with client_id/client_secret works too.
    const issued = await client.post(TOKEN).json({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    })
    issued.assertStatus(200)
    const access = issued.body().access_token
    ;(await client.get('/api/v1/brands/brands').bearerToken(access)).assertStatus(200)

    // Replaying a code fails and revokes what it issued.
    const replay = await exchange(client, app, { code })
    replay.assertStatus(400)
    assert.deepEqual(replay.body(), {
      error: 'invalid_grant',
      error_description: 'The authorization code was already used; the tokens it issued are revoked.',
    })
    const afterReplay = await client.get('/api/v1/brands/brands').bearerToken(access)
    afterReplay.assertStatus(401)
    assert.equal(afterReplay.body().error.message, 'This OAuth access token is not valid.')

    // An expired code.
    const late = await consent(client, token, app.clientId)
    await db
      .from('oauth_auth_codes')
      .whereNull('used_at')
      .update({ expires_at: new Date(Date.now() - 1000) })
    const expired = await exchange(client, app, { code: late.code })
    expired.assertStatus(400)
    assert.deepEqual(expired.body(), {
      error: 'invalid_grant',
      error_description: 'The authorization code is invalid or has expired.',
    })

    // Another app's code.
    const other = await registerApp(client, token, { name: 'Other' })
    const foreign = await consent(client, token, app.clientId)
    ;(await exchange(client, other, { code: foreign.code })).assertStatus(400)

    // An expired access token.
    const fresh = await exchange(client, app, { code: foreign.code })
    fresh.assertStatus(200)
    await db.from('oauth_access_tokens').update({ expires_at: new Date(Date.now() - 1000) })
    const stale = await client
      .get('/api/v1/brands/brands')
      .bearerToken(fresh.body().access_token)
      .header('accept-language', 'pt')
    stale.assertStatus(401)
    assert.equal(stale.body().error.message, 'Este token de acesso OAuth expirou.')
    ;(await client.get('/api/v1/brands/brands').bearerToken('afo_1.tampered-tampered-tampered')).assertStatus(401)
  })

  test('PKCE S256: the verifier must match; plain is refused', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const app = await registerApp(client, token)
    const { verifier, challenge } = pkcePair()

    const first = await consent(client, token, app.clientId, { codeChallenge: challenge, codeChallengeMethod: 'S256' })
    const missing = await exchange(client, app, { code: first.code })
    missing.assertStatus(400)
    assert.deepEqual(missing.body(), {
      error: 'invalid_grant',
      error_description: 'code_verifier does not match the code challenge.',
    })
    const wrong = await exchange(client, app, { code: first.code, code_verifier: pkcePair().verifier })
    wrong.assertStatus(400)
    assert.equal(wrong.body().error, 'invalid_grant')
    ;(await exchange(client, app, { code: first.code, code_verifier: verifier })).assertStatus(200)

    // A verifier for a code that had no challenge is a mistake too.
    const plainCode = await consent(client, token, app.clientId)
    ;(await exchange(client, app, { code: plainCode.code, code_verifier: verifier })).assertStatus(400)

    const plain = await client.post(AUTHORIZE).bearerToken(token).json({
      clientId: app.clientId,
      redirectUri: REDIRECT,
      state: 's',
      codeChallenge: challenge,
      codeChallengeMethod: 'plain',
    })
    plain.assertStatus(422)
    assert.equal(plain.body().error.fields[0].message, 'Only the S256 code challenge method is supported')
    const noMethod = await client
      .post(AUTHORIZE)
      .bearerToken(token)
      .header('accept-language', 'pt')
      .json({ clientId: app.clientId, redirectUri: REDIRECT, state: 's', codeChallenge: challenge })
    noMethod.assertStatus(422)
    assert.equal(
      noMethod.body().error.fields[0].message,
      'O método do desafio do código é obrigatório com um desafio do código'
    )
  })

  test('consent rules: registered redirect URI, scopes of the app, active app (en, pt)', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const app = await registerApp(client, token)
    const cases: Array<[string, Record<string, unknown>, number, string, string]> = [
      [
        'en',
        { redirectUri: 'https://app.example.com/callback/' },
        422,
        'redirectUri',
        'This redirect URI is not registered for the app',
      ],
      [
        'pt',
        { redirectUri: 'https://evil.example/callback' },
        422,
        'redirectUri',
        'Esta URI de redirecionamento não está registrada para o aplicativo',
      ],
      ['en', { scope: 'brands:write' }, 422, 'scope', 'The app may not ask for the scope brands:write'],
      [
        'pt',
        { scope: 'brands:read products:read' },
        422,
        'scope',
        'O aplicativo não pode pedir o escopo products:read',
      ],
      ['en', { state: undefined }, 422, 'state', 'State is required'],
    ]
    for (const [locale, extra, status, field, message] of cases) {
      const response = await client
        .post(AUTHORIZE)
        .bearerToken(token)
        .header('accept-language', locale)
        .json({ clientId: app.clientId, redirectUri: REDIRECT, state: 's', ...extra })
      assert.equal(response.status(), status, JSON.stringify(extra))
      const found = response.body().error.fields?.find((entry: any) => entry.field === field)
      assert.equal(found?.message, message, JSON.stringify(extra))
    }
    const unknown = await client
      .post(AUTHORIZE)
      .bearerToken(token)
      .json({ clientId: 'afc_nope', redirectUri: REDIRECT, state: 's' })
    unknown.assertStatus(404)
    assert.equal(unknown.body().error.message, 'No active OAuth app with this client ID exists in your organisation.')
    assert.equal(Number((await db.from('oauth_auth_codes').where('app_id', app.id).count('* as n'))[0].n), 0)

    // Revoking the app stops its tokens at once and refuses new consents and exchanges.
    const { code } = await consent(client, token, app.clientId)
    const pending = await consent(client, token, app.clientId)
    const access = (await exchange(client, app, { code })).body().access_token
    ;(await client.get('/api/v1/brands/brands').bearerToken(access)).assertStatus(200)
    const revoked = await client.delete(`${APPS}/${app.id}`).bearerToken(token)
    revoked.assertStatus(200)
    assert.isNotNull(revoked.body().data.revokedAt)
    ;(await client.get('/api/v1/brands/brands').bearerToken(access)).assertStatus(401)
    ;(
      await client
        .post(AUTHORIZE)
        .bearerToken(token)
        .json({ clientId: app.clientId, redirectUri: REDIRECT, state: 's' })
    ).assertStatus(404)
    const afterRevoke = await exchange(client, app, { code: pending.code })
    afterRevoke.assertStatus(401)
    assert.equal(afterRevoke.body().error, 'invalid_client')

    // An app past its expiry date.
    const expiring = await registerApp(client, token, { name: 'Expiring' })
    await db
      .from('oauth_apps')
      .where('id', expiring.id)
      .update({ expires_at: new Date(Date.now() - 1000) })
    ;(
      await client
        .post(AUTHORIZE)
        .bearerToken(token)
        .json({ clientId: expiring.clientId, redirectUri: REDIRECT, state: 's' })
    ).assertStatus(404)

    // Allowed IPs apply to the token endpoint.
    const fenced = await registerApp(client, token, { name: 'Fenced', allowedIps: ['10.0.0.0/8'] })
    const fencedCode = await consent(client, token, fenced.clientId)
    const outside = await exchange(client, fenced, { code: fencedCode.code })
    outside.assertStatus(401)
    assert.equal(outside.body().error_description, 'This OAuth app may not be used from your IP address.')
  })

  test('tenant isolation and roles: other organisations, affiliates, sub-admins, API keys', async ({
    client,
    assert,
  }) => {
    const a = await createTenant('admin')
    const app = await registerApp(client, a.token)
    const b = await createTenant('admin')

    assert.lengthOf((await client.get(APPS).bearerToken(b.token)).body().data, 0)
    ;(await client.delete(`${APPS}/${app.id}`).bearerToken(b.token)).assertStatus(404)
    ;(await client.get(`${APPS}/${app.id}/codes`).bearerToken(b.token)).assertStatus(404)
    ;(
      await client
        .post(AUTHORIZE)
        .bearerToken(b.token)
        .json({ clientId: app.clientId, redirectUri: REDIRECT, state: 's' })
    ).assertStatus(404)
    ;(
      await client.get(AUTHORIZE).qs({ clientId: app.clientId, redirectUri: REDIRECT }).bearerToken(b.token)
    ).assertStatus(404)
    assert.isNull((await db.from('oauth_apps').where('id', app.id).first()).revoked_at)

    // Affiliates register apps of their own; an affiliate's app is theirs alone to authorise.
    const affiliate = await addUser(a.org.id, 'affiliate')
    const own = await registerApp(client, affiliate.token, {
      name: 'Mine',
      scopes: [{ resource: 'account', operations: ['read'] }],
    })
    assert.deepEqual(
      (await client.get(APPS).bearerToken(affiliate.token)).body().data.map((row: any) => row.name),
      ['Mine']
    )
    ;(await client.delete(`${APPS}/${app.id}`).bearerToken(affiliate.token)).assertStatus(404)
    ;(
      await client
        .post(AUTHORIZE)
        .bearerToken(a.token)
        .json({ clientId: own.clientId, redirectUri: REDIRECT, state: 's' })
    ).assertStatus(404)
    const mine = await consent(client, affiliate.token, own.clientId)
    const access = (await exchange(client, own, { code: mine.code })).body().access_token
    const account = await client.get('/api/v1/account').bearerToken(access)
    account.assertStatus(200)
    assert.equal(account.body().data.user.id, affiliate.user.id)
    // The affiliate can consent to the organisation's app; the token acts as the affiliate.
    const staffApp = await consent(client, affiliate.token, app.clientId)
    const affiliateAccess = (await exchange(client, app, { code: staffApp.code })).body().access_token
    ;(await client.get('/api/v1/brands/brands').bearerToken(affiliateAccess)).assertStatus(403)

    const subAdmin = await addUser(a.org.id, 'sub-admin')
    ;(await client.get(APPS).bearerToken(subAdmin.token)).assertStatus(403)
    ;(
      await client
        .post(APPS)
        .bearerToken(subAdmin.token)
        .json({ name: 'x', redirectUris: [REDIRECT], scopes: readBrands })
    ).assertStatus(403)

    const key = (
      await client
        .post('/api/v1/api-keys')
        .bearerToken(a.token)
        .json({ name: 'k', scopes: [{ resource: 'oauth_apps', operations: ['read', 'write'] }] })
    ).body().data.key
    const viaKey = await client
      .post(APPS)
      .bearerToken(key)
      .json({ name: 'x', redirectUris: [REDIRECT], scopes: readBrands })
    viaKey.assertStatus(403)
    ;(
      await client.post(AUTHORIZE).bearerToken(key).json({ clientId: app.clientId, redirectUri: REDIRECT, state: 's' })
    ).assertStatus(403)
  })

  test('registration is validated with translated messages and writes nothing when refused', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const base = { name: 'App', redirectUris: [REDIRECT], scopes: readBrands }
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', { ...base, scopes: [] }, 'scopes', 'Scopes are required'],
      ['pt', { ...base, scopes: undefined }, 'scopes', 'Os escopos são obrigatórios'],
      [
        'en',
        { ...base, scopes: [...readBrands, { resource: 'brands', operations: ['write'] }] },
        'scopes.1.resource',
        'Resource must be unique',
      ],
      [
        'pt',
        { ...base, scopes: [...readBrands, { resource: 'brands', operations: ['write'] }] },
        'scopes.1.resource',
        'O recurso deve ser único',
      ],
      [
        'en',
        { ...base, scopes: [{ resource: 'spaceships', operations: ['read'] }] },
        'scopes.0.resource',
        'Please select a value',
      ],
      [
        'en',
        { ...base, scopes: [{ resource: 'api_keys', operations: ['write'] }] },
        'scopes.0.resource',
        'This resource cannot be granted to an OAuth app',
      ],
      [
        'pt',
        { ...base, scopes: [{ resource: 'login_as', operations: ['write'] }] },
        'scopes.0.resource',
        'Este recurso não pode ser concedido a um aplicativo OAuth',
      ],
      ['en', { ...base, redirectUris: [] }, 'redirectUris', 'At least one redirect URI is required'],
      ['pt', { ...base, redirectUris: [] }, 'redirectUris', 'Pelo menos uma URI de redirecionamento é obrigatória'],
      [
        'en',
        { ...base, redirectUris: Array.from({ length: 11 }, (_, i) => `https://app.example.com/${i}`) },
        'redirectUris',
        'At most 10 redirect URIs are allowed',
      ],
      [
        'en',
        { ...base, redirectUris: ['http://app.example.com/callback'] },
        'redirectUris.0',
        'Redirect URI must be an absolute https URL without a fragment (http only for localhost)',
      ],
      [
        'pt',
        { ...base, redirectUris: [REDIRECT, '/relative'] },
        'redirectUris.1',
        'A URI de redirecionamento deve ser uma URL https absoluta sem fragmento (http apenas para localhost)',
      ],
      [
        'en',
        { ...base, redirectUris: ['https://app.example.com/cb#frag'] },
        'redirectUris.0',
        'Redirect URI must be an absolute https URL without a fragment (http only for localhost)',
      ],
      ['en', { ...base, name: '' }, 'name', 'Name is required'],
      ['pt', { ...base, name: 'x'.repeat(351) }, 'name', 'Nome deve ter no máximo 350 caracteres'],
      ['en', { ...base, allowedIps: ['999.1.1.1'] }, 'allowedIps.0', 'Please enter a valid IP address or CIDR block'],
      ['en', { ...base, expiresAt: '2001-01-01' }, 'expiresAt', 'Expiry date must be today or later'],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.post(APPS).bearerToken(token).header('accept-language', locale).json(body)
      assert.equal(response.status(), 422, `${locale} ${JSON.stringify(body)}`)
      const found = response.body().error.fields.find((entry: any) => entry.field === field)
      assert.equal(found?.message, message, `${locale} ${JSON.stringify(body)}`)
    }
    assert.equal(Number((await db.from('oauth_apps').where('organization_id', org.id).count('* as n'))[0].n), 0)
    // Loopback redirect URIs may use http (native and development apps).
    await registerApp(client, token, {
      redirectUris: ['http://127.0.0.1:8765/cb', 'http://localhost/cb', 'http://[::1]:9000/cb'],
    })
  })
})
