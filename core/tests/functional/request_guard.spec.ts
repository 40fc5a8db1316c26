/*
 * The input rules every route shares (request_guard_middleware.ts, kernel/request_shape.ts,
 * the body parser limits, the exception handler and the HTTP server): hostile text is a
 * 422 before any handler, and the request's shape must be the one the OpenAPI document
 * describes. Each refusal says what is wrong, in the caller's language.
 */
import { test } from '@japa/runner'
import { request as httpRequest } from 'node:http'
import db from '@adonisjs/lucid/services/db'
import { createTenant } from '#tests/helpers/fixtures'

const BRANDS = '/api/v1/brands/brands'
const NUL = 'Lucky\u0000Spin'
const LONE = 'ana\ud800@example.com'

/** A raw request, for bodies and heads the API client cannot send. */
function raw(options: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer }) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: process.env.HOST,
        port: Number(process.env.PORT),
        method: options.method,
        path: options.path,
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() })
        )
      }
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

const brandCount = async (organizationId: number) =>
  Number((await db.from('brands').where('organization_id', organizationId).count('* as n'))[0].n)

test.group('request guard: hostile text', () => {
  test('a NUL byte in a text field or in q is a 422 naming the field, and nothing is written', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    for (const [locale, message] of [
      ['en', 'Name contains a character that is not allowed (a NUL byte or an unpaired surrogate)'],
      ['pt', 'Nome contém um caractere não permitido (um byte NUL ou um surrogate sem par)'],
      ['tr', 'Ad izin verilmeyen bir karakter içeriyor (NUL baytı veya eşlenmemiş vekil karakter)'],
    ]) {
      const response = await client
        .post(BRANDS)
        .bearerToken(token)
        .header('accept-language', locale)
        .json({ name: NUL })
      response.assertStatus(422)
      assert.equal(response.body().error.message, message)
      assert.deepInclude(response.body().error.fields[0], { field: 'name', rule: 'text' })
    }
    assert.equal(await brandCount(org.id), 0)

    const search = await client.get(`${BRANDS}?q=%00`).bearerToken(token)
    search.assertStatus(422)
    assert.equal(search.body().error.fields[0].field, 'q')
    const nested = await client
      .post('/api/v1/api-keys')
      .bearerToken(token)
      .json({ name: 'k', scopes: [{ resource: 'brands\u0000', operations: ['read'] }] })
    nested.assertStatus(422)
    assert.equal(nested.body().error.fields[0].field, 'scopes.0.resource')
  })

  test('a lone surrogate in an e-mail is a 422 on every unauthenticated form, never a 500', async ({
    client,
    assert,
  }) => {
    const { org } = await createTenant('admin')
    const password = 'Secret#2026'
    const forms: Array<[string, Record<string, unknown>]> = [
      ['/api/v1/auth/login', { email: LONE, password }],
      ['/api/v1/auth/password/forgot', { email: LONE }],
      ['/api/v1/auth/verify/email', { email: LONE }],
      [
        '/api/v1/auth/register',
        {
          organizationName: 'Acme',
          name: 'Ana',
          email: LONE,
          password,
          passwordConfirmation: password,
          acceptTerms: true,
        },
      ],
      [
        `/api/v1/signup/affiliate/${org.id}`,
        { name: 'Ana', email: LONE, password, passwordConfirmation: password, acceptTerms: true },
      ],
    ]
    for (const [path, body] of forms) {
      const response = await client.post(path).json(body)
      assert.equal(response.status(), 422, path)
      assert.equal(response.body().error.fields[0].field, 'email', path)
      assert.match(response.body().error.message, /not allowed/, path)
    }
    // An address that is not valid UTF-8 once decoded never reaches a route, and still says why.
    const badUrl = await raw({
      method: 'GET',
      path: '/api/v1/brands/brands/%ED%A0%80',
      headers: { 'accept-language': 'pt' },
    })
    assert.equal(badUrl.status, 400)
    assert.equal(JSON.parse(badUrl.body).error.message, 'O endereço da requisição não é válido')
    // A plugin's public route, through its path parameter.
    const creative = await client.get('/api/v1/media/public/creatives/a%00b.png')
    creative.assertStatus(422)
    assert.equal(creative.body().success, false)
  })
})

test.group('request guard: the document and the server agree', () => {
  test('booleans, one-element arrays and numbers-as-dates are refused with the type the field wants', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const brand = (await client.post(BRANDS).bearerToken(token).json({ name: 'Lucky' })).body().data
    const campaign = {
      title: 'Welcome',
      brandId: brand.id,
      defaultUrl: 'https://lucky.example/',
    }
    for (const [value, locale, message] of [
      [true, 'en', 'Attribution window (days) must be an integer'],
      [[5], 'en', 'Attribution window (days) must be an integer'],
      [false, 'pt', 'Janela de atribuição (dias) deve ser um número inteiro'],
      [{ days: 7 }, 'tr', 'İlişkilendirme süresi (gün) bir tam sayı olmalıdır'],
    ] as const) {
      const response = await client
        .post('/api/v1/campaigns/campaigns')
        .bearerToken(token)
        .header('accept-language', locale)
        .json({ ...campaign, attributionWindowDays: value })
      response.assertStatus(422)
      assert.deepInclude(response.body().error.fields[0], { field: 'attributionWindowDays', rule: 'integer', message })
    }
    const key = await client
      .post('/api/v1/api-keys')
      .bearerToken(token)
      .json({ name: 'dated 1970', scopes: [{ resource: 'brands', operations: ['read'] }], expiresAt: 123 })
    key.assertStatus(422)
    assert.deepInclude(key.body().error.fields[0], { field: 'expiresAt', rule: 'string' })
    assert.equal(
      await db
        .from('api_keys')
        .where('name', 'dated 1970')
        .count('* as n')
        .first()
        .then((r) => Number(r.n)),
      0
    )
  })

  test('unknown body fields and query parameters are 422s; PUT accepts and ignores read-only fields', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const unknown = await client.post(BRANDS).bearerToken(token).json({ name: 'Lucky', owner: 'me' })
    unknown.assertStatus(422)
    assert.deepInclude(unknown.body().error.fields[0], {
      field: 'owner',
      rule: 'unknown',
      message: 'owner is not a field of this request',
    })
    assert.equal(await brandCount(org.id), 0)

    const query = await client.get(`${BRANDS}?colour=red`).bearerToken(token).header('accept-language', 'tr')
    query.assertStatus(422)
    assert.deepInclude(query.body().error.fields[0], {
      field: 'colour',
      rule: 'query',
      message: 'colour bu isteğin bir parametresi değil',
    })
    // Declared ones (and coid) still work.
    ;(await client.get(`${BRANDS}?q=luck&status=active&coid=${org.id}`).bearerToken(token)).assertStatus(200)

    // react-admin's update sends the whole record it read, read-only fields included.
    const brand = (await client.post(BRANDS).bearerToken(token).json({ name: 'Lucky' })).body().data
    const replaced = await client
      .put(`${BRANDS}/${brand.id}`)
      .bearerToken(token)
      .json({ ...brand, name: 'Lucky Spin', id: 999, createdAt: '2001-01-01T00:00:00Z' })
    replaced.assertStatus(200)
    assert.equal(replaced.body().data.id, brand.id)
    assert.equal(replaced.body().data.name, 'Lucky Spin')
    assert.equal(replaced.body().data.createdAt, brand.createdAt)
    // …but not a field the record does not have, and not on PATCH.
    ;(
      await client
        .put(`${BRANDS}/${brand.id}`)
        .bearerToken(token)
        .json({ ...brand, owner: 'me' })
    ).assertStatus(422)
    ;(await client.patch(`${BRANDS}/${brand.id}`).bearerToken(token).json({ id: 999 })).assertStatus(422)
  })

  test('a non-JSON body, malformed JSON, a 1 MB body and a long address each say what is wrong', async ({ assert }) => {
    const { token } = await createTenant('admin')
    const auth = { authorization: `Bearer ${token}` }

    const plain = await raw({
      method: 'PATCH',
      path: '/api/v1/organization',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: 'name=Hacked',
    })
    assert.equal(plain.status, 415)
    assert.equal(JSON.parse(plain.body).error.message, 'Send the request body as JSON (Content-Type: application/json)')

    const malformed = await raw({
      method: 'POST',
      path: BRANDS,
      headers: { ...auth, 'content-type': 'application/json', 'accept-language': 'pt' },
      body: '{"name": "Lucky",',
    })
    assert.equal(malformed.status, 400)
    assert.equal(JSON.parse(malformed.body).error.message, 'O corpo da requisição não é um JSON válido')

    const huge = await raw({
      method: 'POST',
      path: BRANDS,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    })
    assert.equal(huge.status, 413)
    assert.equal(JSON.parse(huge.body).error.message, 'The request body is too large (at most 1mb)')

    const scalar = await raw({
      method: 'POST',
      path: BRANDS,
      headers: { ...auth, 'content-type': 'application/json' },
      body: '"Lucky"',
    })
    assert.equal(scalar.status, 422)
    assert.equal(JSON.parse(scalar.body).error.message, 'The request body must be a JSON object or array')

    const longQuery = await raw({ method: 'GET', path: `${BRANDS}?q=${'a'.repeat(20_000)}`, headers: auth })
    assert.equal(longQuery.status, 414)
    assert.equal(JSON.parse(longQuery.body).error.message, 'The request address is too long (at most 8192 characters)')
    // Past what Node reads at all: still an envelope with a message, not an empty 431.
    const hugeHead = await raw({ method: 'GET', path: `${BRANDS}?q=${'a'.repeat(80_000)}`, headers: auth })
    assert.equal(hugeHead.status, 431)
    assert.match(JSON.parse(hugeHead.body).error.message, /too large/)

    for (const depth of [40, 5000]) {
      const deep = await raw({
        method: 'POST',
        path: BRANDS,
        headers: { ...auth, 'content-type': 'application/json' },
        body: `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      })
      assert.equal(deep.status, 422)
      assert.match(JSON.parse(deep.body).error.message, /nested too deeply \(at most 32 levels\)/)
    }
  })
})
