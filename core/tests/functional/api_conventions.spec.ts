import { test } from '@japa/runner'
import { createTenant } from '#tests/helpers/fixtures'

test.group('API conventions', () => {
  test('GET /health reports the database, the counter store and the job worker', async ({ client, assert }) => {
    const response = await client.get('/health')
    response.assertStatus(200)
    assert.equal(response.body().data.database, 'up')
    assert.equal(response.body().data.redis, process.env.REDIS_URL ? 'up' : 'memory')
    // The test process runs its worker itself.
    assert.equal(response.body().data.worker, 'in-process')
    assert.isTrue(response.body().success)
  })

  test('x-request-id is echoed when given and generated when absent', async ({ client, assert }) => {
    const echoed = await client.get('/health').header('x-request-id', 'trace-123')
    assert.equal(echoed.header('x-request-id'), 'trace-123')
    const generated = await client.get('/health')
    assert.match(generated.header('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
    const unsafe = await client.get('/health').header('x-request-id', 'bad id with spaces')
    assert.notEqual(unsafe.header('x-request-id'), 'bad id with spaces')
  })

  test('an unknown API route answers the 404 envelope', async ({ client, assert }) => {
    const response = await client.get('/api/v1/does-not-exist')
    response.assertStatus(404)
    assert.deepEqual(response.body(), {
      success: false,
      data: null,
      error: { message: 'Sorry, the page you visited does not exist.' },
      status: 404,
      type: 'not_found',
    })
  })

  test('no token answers the 401 envelope, translated', async ({ client, assert }) => {
    const response = await client.get('/api/v1/brands/brands').header('accept-language', 'tr')
    response.assertStatus(401)
    assert.equal(response.body().type, 'unauthorized')
    assert.equal(response.body().error.message, 'Oturumunuzun süresi doldu veya geçersiz. Lütfen tekrar giriş yapın.')
    const garbage = await client.get('/api/v1/account').bearerToken('afx_not-a-token')
    garbage.assertStatus(401)
  })

  test('login returns a token that works, and logout revokes it', async ({ client, assert }) => {
    const { user, password } = await createTenant('admin')
    const login = await client.post('/api/v1/auth/login').json({ email: user.email.toUpperCase(), password })
    login.assertStatus(200)
    const token = login.body().data.token as string
    assert.match(token, /^afx_/)
    assert.notProperty(login.body().data.user, 'password')
    const account = await client.get('/api/v1/account').bearerToken(token)
    account.assertStatus(200)
    assert.equal(account.body().data.user.email, user.email)
    assert.equal(account.body().data.org.id, user.organizationId)
    assert.deepInclude(account.body().data.abilities, { subject: 'brands', action: 'manage' })
    const logout = await client.post('/api/v1/auth/logout').bearerToken(token)
    logout.assertStatus(200)
    const after = await client.get('/api/v1/account').bearerToken(token)
    after.assertStatus(401)
  })

  test('a wrong password is a 401 with a clear message; bad login input is a 422', async ({ client, assert }) => {
    const { user } = await createTenant('admin')
    const wrong = await client.post('/api/v1/auth/login').json({ email: user.email, password: 'Wrong#1234' })
    wrong.assertStatus(401)
    assert.equal(wrong.body().error.message, 'Invalid email or password.')
    const invalid = await client.post('/api/v1/auth/login').header('accept-language', 'pt').json({ email: 'nope' })
    invalid.assertStatus(422)
    assert.deepInclude(invalid.body().error.fields, {
      field: 'password',
      message: 'Senha é obrigatório',
      rule: 'required',
    })
  })

  test('too many logins answer 429 with the spec message', async ({ client, assert }) => {
    const { user } = await createTenant('admin')
    let last
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await client.post('/api/v1/auth/login').json({ email: user.email, password: 'Wrong#1234' })
    }
    last!.assertStatus(429)
    assert.equal(
      last!.body().error.message,
      "Hold up! Looks like you've been moving too fast. Why not take a sip of coffee and wait a moment before trying again?"
    )
    // The seconds left in the 60-second window.
    const retryAfter = Number(last!.header('retry-after'))
    assert.isTrue(retryAfter >= 1 && retryAfter <= 60, `retry-after ${retryAfter}`)
  })

  test('a disabled user is forced out with 406', async ({ client, assert }) => {
    const { user, token } = await createTenant('admin')
    user.status = 'disabled'
    await user.save()
    const response = await client.get('/api/v1/account').bearerToken(token)
    response.assertStatus(406)
    assert.equal(response.body().type, 'forced_logout')
  })

  test('malformed JSON and bad list parameters are 4xx, never 500', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const badJson = await client
      .post('/api/v1/brands/brands')
      .bearerToken(token)
      .header('content-type', 'application/json')
      .json('{"name": ' as any)
    assert.isBelow(badJson.status(), 500)
    assert.isAtLeast(badJson.status(), 400)
    const cases: Array<[string, string]> = [
      ['sort=password', 'sort'],
      ['limit=100000', 'limit'],
      ['page=0', 'page'],
      ['range=[5,1]', 'range'],
      ['filter={bad', 'filter'],
      ['filter={"password":"x"}', 'password'],
      ['limit=abc', 'limit'],
      ['status=banned', 'status'],
      ['managerId=abc', 'managerId'],
      ['filter={"id":["x"]}', 'id'],
    ]
    for (const [qs, field] of cases) {
      const response = await client.get(`/api/v1/brands/brands?${qs}`).bearerToken(token)
      assert.equal(response.status(), 422, qs)
      assert.isFalse(response.body().success)
      assert.equal(response.body().error.fields[0].field, field, qs)
      assert.isString(response.body().error.fields[0].message)
    }
    const products = await client.get('/api/v1/brands/products?brandId=abc').bearerToken(token)
    products.assertStatus(422)
    assert.equal(products.body().error.fields[0].field, 'brandId')
  })
})
