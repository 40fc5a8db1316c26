import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant } from '#tests/helpers/fixtures'

const KEYS = '/api/v1/api-keys'
const readBrands = [{ resource: 'brands', operations: ['read'] }]

test.group('API keys', () => {
  test('a key is shown once, stored hashed, works within its scopes and is logged', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const created = await client.post(KEYS).bearerToken(token).json({ name: 'Reporting', scopes: readBrands })
    created.assertStatus(201)
    const key = created.body().data.key as string
    assert.match(key, /^afk_\d+\.[A-Za-z0-9_-]{40,}$/)
    const secret = key.split('.')[1]
    const stored = await db.from('api_keys').where('id', created.body().data.id).first()
    assert.notInclude(JSON.stringify(stored), secret)
    const listed = await client.get(KEYS).bearerToken(token)
    assert.notInclude(JSON.stringify(listed.body()), secret)
    assert.equal(listed.body().data[0].preview, `afk_${stored.id}.…${secret.slice(-4)}`)

    ;(await client.get('/api/v1/brands/brands').bearerToken(key)).assertStatus(200)
    ;(await client.get('/api/v1/brands/brands').header('x-api-key', key)).assertStatus(200)
    // Outside its scopes: writing brands, reading products.
    ;(await client.post('/api/v1/brands/brands').bearerToken(key).json({ name: 'Via key' })).assertStatus(403)
    ;(await client.get('/api/v1/brands/products').bearerToken(key)).assertStatus(403)
    // A key cannot mint keys.
    const mint = await client
      .post(KEYS)
      .bearerToken(key)
      .json({ name: 'Escalate', scopes: [{ resource: 'api_keys', operations: ['write'] }] })
    mint.assertStatus(403)

    const logs = await client.get(`${KEYS}/logs?sort=id`).bearerToken(token)
    logs.assertStatus(200)
    assert.deepEqual(
      logs.body().data.map((entry: any) => `${entry.method} ${entry.path} ${entry.status}`),
      [
        'GET /api/v1/brands/brands 200',
        'GET /api/v1/brands/brands 200',
        'POST /api/v1/brands/brands 403',
        'GET /api/v1/brands/products 403',
        'POST /api/v1/api-keys 403',
      ]
    )
    assert.isAtLeast(logs.body().data[0].latencyMs, 0)
    assert.equal(Number((await db.from('api_logs').where('organization_id', org.id).count('* as n'))[0].n), 5)
    assert.isNotNull((await db.from('api_keys').where('id', stored.id).first()).last_used_at)
  })

  test('expired, revoked, wrong and foreign-IP keys are refused', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const make = async (extra: Record<string, unknown>) =>
      (
        await client
          .post(KEYS)
          .bearerToken(token)
          .json({ name: 'k', scopes: readBrands, ...extra })
      ).body().data

    const ipBound = await make({ allowedIps: ['10.20.30.0/24', '2001:db8::1'] })
    const refused = await client.get('/api/v1/brands/brands').bearerToken(ipBound.key)
    refused.assertStatus(403)
    assert.equal(refused.body().error.message, 'This API key may not be used from your IP address.')
    const local = await make({ allowedIps: ['127.0.0.0/8', '::1'] })
    ;(await client.get('/api/v1/brands/brands').bearerToken(local.key)).assertStatus(200)

    const expiring = await make({})
    await db
      .from('api_keys')
      .where('id', expiring.id)
      .update({ expires_at: new Date(Date.now() - 1000) })
    const expired = await client.get('/api/v1/brands/brands').bearerToken(expiring.key).header('accept-language', 'pt')
    expired.assertStatus(401)
    assert.equal(expired.body().error.message, 'Esta chave de API expirou.')

    const revoked = await make({})
    ;(await client.delete(`${KEYS}/${revoked.id}`).bearerToken(token)).assertStatus(200)
    ;(await client.get('/api/v1/brands/brands').bearerToken(revoked.key)).assertStatus(401)

    const tampered = revoked.key.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'))
    ;(
      await client
        .get('/api/v1/brands/brands')
        .bearerToken(local.key.slice(0, -1) + (local.key.endsWith('A') ? 'B' : 'A'))
    ).assertStatus(401)
    ;(await client.get('/api/v1/brands/brands').bearerToken(tampered)).assertStatus(401)
    ;(await client.get('/api/v1/brands/brands').bearerToken('afk_nonsense')).assertStatus(401)
  })

  test('scopes are required, resources unique and known; IPs and dates must be valid', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', { name: 'k', scopes: [] }, 'scopes', 'Scopes are required'],
      ['pt', { name: 'k' }, 'scopes', 'Os escopos são obrigatórios'],
      [
        'en',
        {
          name: 'k',
          scopes: [
            { resource: 'brands', operations: ['read'] },
            { resource: 'brands', operations: ['write'] },
          ],
        },
        'scopes.1.resource',
        'Resource must be unique',
      ],
      [
        'pt',
        {
          name: 'k',
          scopes: [
            { resource: 'brands', operations: ['read'] },
            { resource: 'brands', operations: ['write'] },
          ],
        },
        'scopes.1.resource',
        'O recurso deve ser único',
      ],
      [
        'en',
        { name: 'k', scopes: [{ resource: 'spaceships', operations: ['read'] }] },
        'scopes.0.resource',
        'Please select a value',
      ],
      [
        'en',
        { name: 'k', scopes: [{ resource: 'brands', operations: ['delete'] }] },
        'scopes.0.operations.0',
        'Please select a value',
      ],
      [
        'en',
        { name: 'k', scopes: readBrands, allowedIps: ['999.1.1.1'] },
        'allowedIps.0',
        'Please enter a valid IP address or CIDR block',
      ],
      [
        'en',
        { name: 'k', scopes: readBrands, allowedIps: ['10.0.0.0/33'] },
        'allowedIps.0',
        'Please enter a valid IP address or CIDR block',
      ],
      [
        'en',
        { name: 'k', scopes: readBrands, expiresAt: '2001-01-01' },
        'expiresAt',
        'Expiry date must be today or later',
      ],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.post(KEYS).bearerToken(token).header('accept-language', locale).json(body)
      assert.equal(response.status(), 422, `${locale} ${JSON.stringify(body)}`)
      const found = response.body().error.fields.find((entry: any) => entry.field === field)
      assert.equal(found?.message, message, `${locale} ${JSON.stringify(body)}`)
    }
    assert.equal(Number((await db.from('api_keys').where('organization_id', org.id).count('* as n'))[0].n), 0)
  })

  test('affiliates manage their own keys only; sub-admins and other organisations see none', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const adminKey = (await client.post(KEYS).bearerToken(token).json({ name: 'admin key', scopes: readBrands })).body()
      .data
    const affiliate = await addUser(org.id, 'affiliate')
    const own = await client
      .post(KEYS)
      .bearerToken(affiliate.token)
      .json({ name: 'mine', scopes: [{ resource: 'account', operations: ['read'] }] })
    own.assertStatus(201)
    const listed = await client.get(KEYS).bearerToken(affiliate.token)
    assert.deepEqual(
      listed.body().data.map((row: any) => row.name),
      ['mine']
    )
    ;(await client.delete(`${KEYS}/${adminKey.id}`).bearerToken(affiliate.token)).assertStatus(404)
    // The affiliate's key reaches its account, never brands (the owner has no brand rights).
    ;(await client.get('/api/v1/account').bearerToken(own.body().data.key)).assertStatus(200)
    const subAdmin = await addUser(org.id, 'sub-admin')
    ;(await client.get(KEYS).bearerToken(subAdmin.token)).assertStatus(403)
    const other = await createTenant('admin')
    ;(await client.delete(`${KEYS}/${adminKey.id}`).bearerToken(other.token)).assertStatus(404)
    const otherLogs = await client.get(`${KEYS}/logs`).bearerToken(other.token)
    assert.lengthOf(otherLogs.body().data, 0)
  })
})
