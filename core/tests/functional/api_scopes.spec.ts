/*
 * API-key and OAuth scopes come from the route table (RouteSpec.scope, shown as
 * `x-affix-scope` in the OpenAPI document). These tests walk every authenticated operation
 * of the document and prove that each one is either covered by a scope — refused to a
 * key or token that has every scope but that one — or refuses keys and tokens outright.
 */
import { test } from '@japa/runner'
import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { buildOpenApiDocument } from '#services/openapi_document'
import { knownSubjects } from '#services/abilities'
import { createTenant } from '#tests/helpers/fixtures'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
type Scope = { resource: string; operations: Array<'read' | 'write'> }

/** Scopes naming every subject, read and write, minus `except` (`subject:read|write`). */
function everyScope(except?: string, exclude: Set<string> = new Set()): Scope[] {
  return [...knownSubjects()]
    .filter((subject) => !exclude.has(subject))
    .map((subject) => ({
      resource: subject,
      operations: (['read', 'write'] as const).filter((operation) => `${subject}:${operation}` !== except),
    }))
    .filter((scope) => scope.operations.length > 0)
}

async function apiKey(organizationId: number, userId: number, scopes: Scope[]) {
  const secret = randomBytes(32).toString('base64url')
  const [row] = await db
    .table('api_keys')
    .insert({
      organization_id: organizationId,
      user_id: userId,
      name: 'scope test',
      secret_hash: sha256(secret),
      hint: secret.slice(-4),
      scopes: JSON.stringify(scopes),
      allowed_ips: JSON.stringify([]),
    })
    .returning('id')
  return `afk_${row.id}.${secret}`
}

/** An OAuth access token granted `scopes`, as the token endpoint would issue it. */
async function oauthToken(organizationId: number, userId: number, scopes: Scope[]) {
  const [app] = await db
    .table('oauth_apps')
    .insert({
      organization_id: organizationId,
      user_id: userId,
      name: 'scope test',
      client_id: `afc_${randomBytes(12).toString('hex')}`,
      client_secret_hash: sha256('x'),
      secret_hint: 'xxxx',
      redirect_uris: JSON.stringify(['https://app.test/cb']),
      scopes: JSON.stringify(scopes),
    })
    .returning('id')
  const [code] = await db
    .table('oauth_auth_codes')
    .insert({
      organization_id: organizationId,
      app_id: app.id,
      user_id: userId,
      code_hash: sha256(randomBytes(16).toString('hex')),
      redirect_uri: 'https://app.test/cb',
      scopes: JSON.stringify(scopes),
      expires_at: new Date(Date.now() + 600_000),
      used_at: new Date(),
    })
    .returning('id')
  const secret = randomBytes(32).toString('base64url')
  const [token] = await db
    .table('oauth_access_tokens')
    .insert({
      organization_id: organizationId,
      app_id: app.id,
      user_id: userId,
      auth_code_id: code.id,
      token_hash: sha256(secret),
      scopes: JSON.stringify(scopes),
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .returning('id')
  return `afo_${token.id}.${secret}`
}

/** Every authenticated operation of the document, with a concrete path. */
function authenticatedOperations() {
  const document = buildOpenApiDocument() as { paths: Record<string, Record<string, any>> }
  const operations: Array<{ method: string; path: string; operationId: string; scope?: string }> = []
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (Array.isArray(operation.security) && operation.security.length === 0) continue
      const path = template.replace(/\{([a-zA-Z_]+)\}/g, (_, name: string) =>
        name === 'clickId' ? '0190a6c4-0000-7000-8000-000000000000' : name === 'id' || name.endsWith('Id') ? '1' : 'x'
      )
      operations.push({ method, path, operationId: operation.operationId, scope: operation['x-affix-scope'] })
    }
  }
  return operations
}

const PANEL_ONLY = 'This call needs your own panel session: API keys and OAuth tokens cannot make it.'

test.group('API scopes: the route table', () => {
  test('every authenticated operation is covered by a scope or refuses API keys and OAuth tokens', async ({
    client,
    assert,
  }) => {
    const { org, user } = await createTenant('admin')
    const operations = authenticatedOperations()
    assert.isAbove(operations.length, 150)
    const grantable = new Set(['api_keys', 'oauth_apps', 'login_as', 'accounts'])
    const fullKey = await apiKey(org.id, user.id, everyScope())
    const fullToken = await oauthToken(org.id, user.id, everyScope(undefined, grantable))
    const keysWithout = new Map<string, string>()
    const tokensWithout = new Map<string, string>()
    const send = (op: { method: string; path: string }, bearer: string) =>
      (client as any)[op.method](op.path).bearerToken(bearer)

    let scoped = 0
    let panelOnly = 0
    for (const op of operations) {
      const label = `${op.method.toUpperCase()} ${op.path} (${op.operationId})`
      if (!op.scope) {
        panelOnly++
        for (const bearer of [fullKey, fullToken]) {
          const response = await send(op, bearer)
          assert.equal(response.status(), 403, `${label} must refuse ${bearer.slice(0, 4)}`)
          assert.equal(response.body().error.message, PANEL_ONLY, label)
        }
        continue
      }
      scoped++
      if (op.scope === 'any') {
        // Describes the caller only: any key or token, whatever its scopes.
        const narrow = await apiKey(org.id, user.id, [{ resource: 'brands', operations: ['read'] }])
        // Logout reaches its handler with any key, which says a key is revoked, not logged out.
        const expected = op.operationId === 'authLogout' ? 422 : 200
        assert.equal((await send(op, narrow)).status(), expected, label)
        continue
      }
      assert.match(op.scope, /^[a-z0-9_.-]+:(read|write)$/, label)
      if (!keysWithout.has(op.scope)) {
        keysWithout.set(op.scope, await apiKey(org.id, user.id, everyScope(op.scope)))
        tokensWithout.set(op.scope, await oauthToken(org.id, user.id, everyScope(op.scope, grantable)))
      }
      for (const bearer of [keysWithout.get(op.scope)!, tokensWithout.get(op.scope)!]) {
        const response = await send(op, bearer)
        assert.equal(response.status(), 403, `${label} must refuse a ${bearer.slice(0, 4)} without ${op.scope}`)
        assert.equal(
          response.body().error.message,
          `This API key or OAuth token does not have the ${op.scope} scope.`,
          label
        )
      }
    }
    // Credentials and sessions stay panel-only; the catalogue's resources are reachable.
    const byId = new Map(operations.map((op) => [op.operationId, op.scope]))
    for (const id of ['coreCreateApiKey', 'coreListApiKeys', 'authLoginAs', 'authSwitchPanel', 'oauthAuthorize'])
      assert.isUndefined(byId.get(id), id)
    assert.equal(byId.get('coreListExports'), 'exports:read')
    assert.equal(byId.get('coreGetAccount'), 'any')
    assert.equal(byId.get('coreDownloadImportFile'), 'imports:read')
    assert.equal(byId.get('affiliatesExportAffiliates'), 'affiliates:read')
    assert.equal(byId.get('campaignsCreateCampaignLink'), 'campaigns.links:write')
    console.log(`scopes: ${scoped} scoped operations, ${panelOnly} panel-only operations checked`)
  }).timeout(120_000)

  test('a key scoped to brands:read can neither list nor download affiliate exports', async ({ client, assert }) => {
    const { org, user, token } = await createTenant('admin')
    const affiliates = await client.get('/api/v1/affiliates/affiliates/export').bearerToken(token)
    affiliates.assertStatus(200)
    const affiliateExport = Number(affiliates.header('x-export-id'))
    const brands = await client.get('/api/v1/brands/brands/export').bearerToken(token)
    brands.assertStatus(200)
    const brandExport = Number(brands.header('x-export-id'))

    const brandsOnly = await apiKey(org.id, user.id, [{ resource: 'brands', operations: ['read'] }])
    for (const path of [
      '/api/v1/exports',
      `/api/v1/exports/${affiliateExport}`,
      `/api/v1/exports/${affiliateExport}/file`,
    ]) {
      const response = await client.get(path).bearerToken(brandsOnly)
      response.assertStatus(403)
      assert.equal(response.body().error.message, 'This API key or OAuth token does not have the exports:read scope.')
    }

    // With the downloads scope, only the exports of the resources it reads.
    const withDownloads = await apiKey(org.id, user.id, [
      { resource: 'brands', operations: ['read'] },
      { resource: 'exports', operations: ['read'] },
    ])
    const listed = await client.get('/api/v1/exports').bearerToken(withDownloads)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().data.map((row: any) => row.id),
      [brandExport]
    )
    ;(await client.get(`/api/v1/exports/${affiliateExport}/file`).bearerToken(withDownloads)).assertStatus(404)
    ;(await client.get(`/api/v1/exports/${affiliateExport}`).bearerToken(withDownloads)).assertStatus(404)
    const file = await client.get(`/api/v1/exports/${brandExport}/file`).bearerToken(withDownloads)
    file.assertStatus(200)
    assert.include(file.header('content-type'), 'text/csv')

    // The panel itself still sees both.
    const mine = await client.get('/api/v1/exports').bearerToken(token)
    assert.sameMembers(
      mine.body().data.map((row: any) => row.id),
      [brandExport, affiliateExport]
    )
  })
})
