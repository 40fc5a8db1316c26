/*
 * OAuth apps as a plugin: switched per organisation, and installed on databases that
 * already had the OAuth tables from the time OAuth apps were part of core.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { createTenant } from '@affix/core/testing'

const REDIRECT = 'https://app.example.com/callback'
type Client = any

/** Registers an app reading brands, consents and trades the code: the app and its access token. */
async function appWithToken(client: Client, token: string) {
  const registered = await client
    .post('/api/v1/oauth/apps')
    .bearerToken(token)
    .json({ name: 'Plugin app', redirectUris: [REDIRECT], scopes: [{ resource: 'brands', operations: ['read'] }] })
  registered.assertStatus(201)
  const { clientId, clientSecret } = registered.body().data
  const consent = async () => {
    const answer = await client
      .post('/api/v1/oauth/authorize')
      .bearerToken(token)
      .json({ clientId, redirectUri: REDIRECT, state: 's' })
    answer.assertStatus(200)
    return new URL(answer.body().data.redirectTo).searchParams.get('code')!
  }
  const exchange = async (code: string) =>
    client
      .post('/api/v1/oauth/token')
      .basicAuth(clientId, clientSecret)
      .form({ grant_type: 'authorization_code', redirect_uri: REDIRECT, code })
  const issued = await exchange(await consent())
  issued.assertStatus(200)
  return { id: registered.body().data.id as number, access: issued.body().access_token as string, consent, exchange }
}

test.group('OAuth plugin: per organisation', () => {
  test('switched off, an organisation has no apps: screens 404, its tokens and clients refused; back on, they work', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const other = await createTenant('admin')
    const mine = await appWithToken(client, token)
    const theirs = await appWithToken(client, other.token)
    const code = await mine.consent()

    ;(await client.patch('/api/v1/plugins/oauth').bearerToken(token).json({ enabled: false })).assertStatus(200)
    ;(await client.get('/api/v1/oauth/apps').bearerToken(token)).assertStatus(404)
    const refused = await client.get('/api/v1/brands/brands').bearerToken(mine.access)
    refused.assertStatus(401)
    assert.equal(refused.body().error.message, 'This OAuth access token is not valid.')
    const exchanged = await mine.exchange(code)
    exchanged.assertStatus(401)
    assert.equal(exchanged.body().error, 'invalid_client')
    const account = (await client.get('/api/v1/account').bearerToken(token)).body().data
    assert.notDeepInclude(account.abilities, { subject: 'oauth_apps', action: 'read' })
    // Another organisation keeps its apps and tokens.
    ;(await client.get('/api/v1/brands/brands').bearerToken(theirs.access)).assertStatus(200)

    ;(await client.patch('/api/v1/plugins/oauth').bearerToken(token).json({ enabled: true })).assertStatus(200)
    ;(await client.get('/api/v1/brands/brands').bearerToken(mine.access)).assertStatus(200)
    const listed = await client.get('/api/v1/oauth/apps').bearerToken(token)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().data.map((row: { id: number }) => row.id),
      [mine.id]
    )
  })

  test('the plugin keeps the API it had in core: paths, tag and operation names', async ({ client, assert }) => {
    const document = (await client.get('/api/openapi.json')).body()
    const operation = (path: string, method: string) => document.paths[path]?.[method]
    assert.equal(operation('/api/v1/oauth/token', 'post').operationId, 'oauthToken')
    assert.deepEqual(operation('/api/v1/oauth/token', 'post').security, [])
    assert.equal(operation('/api/v1/oauth/apps', 'get').operationId, 'oauthListApps')
    assert.equal(operation('/api/v1/oauth/authorize', 'post').operationId, 'oauthAuthorize')
    assert.deepEqual(operation('/api/v1/oauth/apps/{id}/codes', 'get').tags, ['oauth'])
    assert.notProperty(document.paths, '/api/v1/oauth/public/token')
  })
})

test.group('OAuth plugin: upgrading a database from core OAuth apps', () => {
  test('the plugin migration finds the tables core made, keeps their rows and is recorded', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const before = await appWithToken(client, token)
    const recorded = await db.from('adonis_schema').whereLike('name', '%1700001200001_create_oauth_tables').first()
    assert.exists(recorded, 'the plugin migration ran on the test database')
    // The state of a database migrated before the move: core's 1700000000013 (now empty) ran
    // and made the tables; the plugin's migration never ran.
    assert.exists(await db.from('adonis_schema').whereLike('name', '%1700000000013_create_oauth_tables').first())
    await db.from('adonis_schema').where('id', recorded.id).delete()

    const runner = new MigrationRunner(db, app, { direction: 'up' })
    // Not closed afterwards: close() ends the connection the rest of the suite shares.
    await runner.run()
    assert.isNull(runner.error)
    assert.equal(runner.status, 'completed')
    assert.deepEqual(
      Object.values(runner.migratedFiles).map((file) => [file.file.name, file.status]),
      [[recorded.name, 'completed']]
    )
    assert.exists(await db.from('adonis_schema').where('name', recorded.name).first())
    // The rows made before are there and still work.
    assert.exists(await db.from('oauth_apps').where('id', before.id).first())
    ;(await client.get('/api/v1/brands/brands').bearerToken(before.access)).assertStatus(200)
  })
})
