import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant } from '@affix/core/testing'
import { clearOidc, configureOidc, startOidcProvider, type LocalProvider } from '../helpers/oidc_provider.js'

const URL_PATH = '/api/v1/auth/oidc/url'
const LOGIN = '/api/v1/auth/oidc/login'
const REDIRECT_URI = 'https://panel.affix.test/auth/verify/google'

test.group('OIDC sign-in: not set up', (group) => {
  group.each.setup(() => clearOidc())

  test('without provider settings the URL says "not configured" (no error), the login 404 not_configured', async ({
    client,
    assert,
  }) => {
    // Every login page asks: a plain answer, not an error in each visitor's console.
    const url = await client.get(URL_PATH)
    url.assertStatus(200)
    assert.deepEqual(url.body().data, { configured: false })
    const english = await client.post(LOGIN).json({ code: 'x', state: 'y' })
    english.assertStatus(404)
    assert.equal(english.body().type, 'not_configured')
    assert.equal(english.body().error.message, 'Sign-in with an external provider is not set up.')
    const login = await client.post(LOGIN).header('accept-language', 'pt').json({ code: 'x', state: 'y' })
    login.assertStatus(404)
    assert.equal(login.body().error.message, 'O login com um provedor externo não está configurado.')
  })
})

test.group('OIDC sign-in against a local provider', (group) => {
  let provider: LocalProvider
  group.setup(async () => {
    provider = await startOidcProvider({ redirectUri: REDIRECT_URI })
    return async () => {
      clearOidc()
      await provider.close()
    }
  })
  group.each.setup(() => configureOidc(provider, REDIRECT_URI))

  /** The browser's part: ask for the URL, sign in at the provider, come back with a code. */
  async function roundTrip(client: any, email: string) {
    const started = await client.get(URL_PATH)
    started.assertStatus(200)
    const callback = await provider.signIn(started.body().data.url, email)
    return { started: started.body().data as { url: string; state: string }, callback }
  }
  const loginBody = (callback: URL) => ({
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
    iss: callback.searchParams.get('iss') ?? undefined,
  })

  test('full round trip: URL with PKCE, state and nonce → provider → code → session that works', async ({
    client,
    assert,
  }) => {
    const { user } = await createTenant('admin')
    provider.addAccount({ email: user.email })
    const { started, callback } = await roundTrip(client, user.email)

    const url = new URL(started.url)
    assert.equal(url.origin + url.pathname, `${provider.issuer}/auth`)
    assert.equal(url.searchParams.get('client_id'), provider.clientId)
    assert.equal(url.searchParams.get('redirect_uri'), REDIRECT_URI)
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256')
    assert.match(url.searchParams.get('code_challenge')!, /^[A-Za-z0-9_-]{43}$/)
    assert.equal(url.searchParams.get('state'), started.state)
    assert.equal(url.searchParams.get('scope'), 'openid email profile')
    const nonce = url.searchParams.get('nonce')!
    assert.isAtLeast(nonce.length, 20)
    // Kept server side: state hashed, nonce and verifier encrypted.
    const stored = await db.from('oidc_states').orderBy('id', 'desc').first()
    assert.notInclude(JSON.stringify(stored), started.state)
    assert.notInclude(JSON.stringify(stored), nonce)

    assert.equal(callback.searchParams.get('state'), started.state)
    assert.equal(callback.searchParams.get('iss'), provider.issuer)
    const login = await client.post(LOGIN).json(loginBody(callback))
    login.assertStatus(200)
    const session = login.body().data
    assert.equal(session.type, 'bearer')
    assert.equal(session.user.email, user.email)
    const account = await client.get('/api/v1/account').bearerToken(session.token)
    account.assertStatus(200)
    assert.equal(account.body().data.user.id, user.id)
    assert.equal(Number((await db.from('oidc_states').where('state_hash', stored.state_hash).count('* as n'))[0].n), 0)
  })

  test('a state works once; unknown and expired states are refused with 422', async ({ client, assert }) => {
    const { user } = await createTenant('admin')
    provider.addAccount({ email: user.email })
    const { callback } = await roundTrip(client, user.email)
    ;(await client.post(LOGIN).json(loginBody(callback))).assertStatus(200)
    const replayed = await client.post(LOGIN).json(loginBody(callback))
    replayed.assertStatus(422)
    assert.equal(
      replayed.body().error.message,
      'This sign-in attempt is invalid, has expired or was already used. Please sign in again.'
    )
    assert.equal(replayed.body().error.fields[0].field, 'state')

    const unknown = await client
      .post(LOGIN)
      .header('accept-language', 'pt')
      .json({ code: 'abc', state: 'never-issued' })
    unknown.assertStatus(422)
    assert.equal(
      unknown.body().error.message,
      'Esta tentativa de login é inválida, expirou ou já foi usada. Faça login novamente.'
    )

    const late = await roundTrip(client, user.email)
    await db.from('oidc_states').update({ expires_at: new Date(Date.now() - 1000) })
    ;(await client.post(LOGIN).json(loginBody(late.callback))).assertStatus(422)
  })

  test('a code the provider refuses is a 422, and a foreign iss is refused', async ({ client, assert }) => {
    const { user } = await createTenant('admin')
    provider.addAccount({ email: user.email })
    const { callback } = await roundTrip(client, user.email)
    const forged = await client.post(LOGIN).json({ ...loginBody(callback), code: 'not-a-real-code' })
    forged.assertStatus(422)
    assert.equal(forged.body().error.message, 'The sign-in provider refused this sign-in. Please sign in again.')

    const again = await roundTrip(client, user.email)
    const mixedUp = await client.post(LOGIN).json({ ...loginBody(again.callback), iss: 'https://evil.example' })
    mixedUp.assertStatus(422)
    assert.equal(mixedUp.body().error.fields[0].field, 'iss')
  })

  test('an e-mail address without an account gets a clear 401 (en, pt)', async ({ client, assert }) => {
    const email = `stranger-${Date.now()}@test.affix.dev`
    provider.addAccount({ email })
    const first = await roundTrip(client, email)
    const response = await client.post(LOGIN).json(loginBody(first.callback))
    response.assertStatus(401)
    assert.equal(
      response.body().error.message,
      'No account uses this e-mail address. Ask your organisation for an invitation.'
    )
    const second = await roundTrip(client, email)
    const pt = await client.post(LOGIN).header('accept-language', 'pt').json(loginBody(second.callback))
    pt.assertStatus(401)
    assert.equal(
      pt.body().error.message,
      'Nenhuma conta usa este endereço de e-mail. Peça um convite à sua organização.'
    )
  })

  test('validation: code and state are required', async ({ client, assert }) => {
    const response = await client.post(LOGIN).header('accept-language', 'pt').json({})
    response.assertStatus(422)
    const fields = response.body().error.fields.map((entry: any) => `${entry.field}: ${entry.message}`)
    assert.includeMembers(fields, ['code: Código é obrigatório', 'state: Estado é obrigatório'])
  })

  test('organizationId picks the panel of a person with several; inactive panels are refused', async ({
    client,
    assert,
  }) => {
    const first = await createTenant('admin')
    const second = await createTenant('affiliate')
    await db.from('users').where('id', second.user.id).update({ email: first.user.email })
    provider.addAccount({ email: first.user.email })
    const pick = await roundTrip(client, first.user.email)
    const login = await client.post(LOGIN).json({ ...loginBody(pick.callback), organizationId: second.org.id })
    login.assertStatus(200)
    assert.equal(login.body().data.user.id, second.user.id)
    assert.equal(login.body().data.user.role, 'affiliate')

    const disabled = await addUser(first.org.id, 'affiliate', 'disabled')
    provider.addAccount({ email: disabled.user.email })
    const refused = await roundTrip(client, disabled.user.email)
    ;(await client.post(LOGIN).json(loginBody(refused.callback))).assertStatus(403)
    // Leave one panel per address behind: the suite's rollback restores a global unique index.
    await db.from('users').where('id', second.user.id).update({ email: second.user.email })
  })

  test('explicit endpoints instead of discovery work the same', async ({ client, assert }) => {
    configureOidc(provider, REDIRECT_URI, {
      OIDC_AUTHORIZATION_ENDPOINT: provider.endpoints.authorization,
      OIDC_TOKEN_ENDPOINT: provider.endpoints.token,
      OIDC_JWKS_URI: provider.endpoints.jwks,
      OIDC_USERINFO_ENDPOINT: provider.endpoints.userinfo,
    })
    const { user } = await createTenant('admin')
    provider.addAccount({ email: user.email })
    const { callback } = await roundTrip(client, user.email)
    const login = await client.post(LOGIN).json(loginBody(callback))
    login.assertStatus(200)
    assert.equal(login.body().data.user.id, user.id)
  })
})

test.group('OIDC sign-in: provider claims and failures', () => {
  test('e-mail claims in the id_token (Google style); an unverified address is refused', async ({ client, assert }) => {
    const provider = await startOidcProvider({ redirectUri: REDIRECT_URI, conformIdTokenClaims: false })
    try {
      configureOidc(provider, REDIRECT_URI)
      const verified = await createTenant('admin')
      provider.addAccount({ email: verified.user.email })
      const started = (await client.get(URL_PATH)).body().data
      const callback = await provider.signIn(started.url, verified.user.email)
      const login = await client
        .post(LOGIN)
        .json({ code: callback.searchParams.get('code'), state: callback.searchParams.get('state') })
      login.assertStatus(200)

      const unverified = await createTenant('admin')
      provider.addAccount({ email: unverified.user.email, emailVerified: false })
      const next = (await client.get(URL_PATH)).body().data
      const back = await provider.signIn(next.url, unverified.user.email)
      const refused = await client
        .post(LOGIN)
        .json({ code: back.searchParams.get('code'), state: back.searchParams.get('state') })
      refused.assertStatus(401)
      assert.equal(refused.body().error.message, 'The sign-in provider has not verified this e-mail address.')
    } finally {
      clearOidc()
      await provider.close()
    }
  })

  test('a provider that is down answers 502 with a clear message, never 500', async ({ client, assert }) => {
    const provider = await startOidcProvider({ redirectUri: REDIRECT_URI })
    const { user } = await createTenant('admin')
    provider.addAccount({ email: user.email })
    // Explicit endpoints: nothing is cached from a discovery, every call goes to the provider.
    configureOidc(provider, REDIRECT_URI, {
      OIDC_AUTHORIZATION_ENDPOINT: provider.endpoints.authorization,
      OIDC_TOKEN_ENDPOINT: provider.endpoints.token,
      OIDC_JWKS_URI: provider.endpoints.jwks,
    })
    try {
      const started = (await client.get(URL_PATH)).body().data
      const callback = await provider.signIn(started.url, user.email)
      await provider.close()
      const login = await client
        .post(LOGIN)
        .json({ code: callback.searchParams.get('code'), state: callback.searchParams.get('state') })
      login.assertStatus(502)
      assert.equal(login.body().type, 'provider_error')
      assert.equal(
        login.body().error.message,
        'The sign-in provider could not complete the sign-in. Please try again later.'
      )

      // Discovery against a provider that is gone.
      configureOidc(provider, REDIRECT_URI)
      const url = await client.get(URL_PATH).header('accept-language', 'pt')
      url.assertStatus(502)
      assert.equal(
        url.body().error.message,
        'O provedor de login não conseguiu concluir o login. Tente novamente mais tarde.'
      )
    } finally {
      clearOidc()
    }
  })
})
