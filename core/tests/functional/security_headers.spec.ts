/*
 * Security headers on every kind of answer (the UI, the API, errors, the click path) and
 * CORS off by default with an allow-list (config/cors.ts).
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { corsConfig, parseCorsOrigins } from '#config/cors'
import { createTenant } from '#tests/helpers/fixtures'

const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
}

test.group('security headers', () => {
  test('the UI, the API, its errors and the API reference carry them', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const answers = {
      ui: await client.get('/login'),
      api: await client.get('/api/v1/account').bearerToken(token),
      unauthorized: await client.get('/api/v1/account'),
      notFound: await client.get('/api/v1/nothing-here'),
      refused: await client.post('/api/v1/brands/brands').bearerToken(token).json({ name: 'a\u0000b' }),
      health: await client.get('/health'),
      reference: await client.get('/api/docs'),
    }
    for (const [name, response] of Object.entries(answers)) {
      for (const [header, value] of Object.entries(COMMON)) assert.equal(response.header(header), value, name)
      const csp = response.header('content-security-policy') as string
      assert.include(csp, "frame-ancestors 'none'", name)
      assert.include(csp, "object-src 'none'", name)
      // Plain HTTP from a client that is no trusted proxy: no HSTS.
      assert.isUndefined(response.header('strict-transport-security'), name)
    }
    assert.equal(answers.refused.status(), 422)
    const directives = (response: { header(name: string): string | undefined }) =>
      Object.fromEntries(
        (response.header('content-security-policy') ?? '')
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values.join(' ')])
      )
    assert.equal(directives(answers.api)['default-src'], "'none'")
    // Scripts only from this server, in the UI and the reference: no inline script; no eval
    // in the UI (Scalar's bundle needs it on its own page).
    assert.equal(directives(answers.ui)['script-src'], "'self'")
    assert.equal(directives(answers.reference)['script-src'], "'self' 'unsafe-eval'")
    for (const page of [answers.ui, answers.reference]) assert.equal(directives(page)['connect-src'], "'self'")
    assert.equal(directives(answers.reference)['img-src'], "'self' data: blob:")

    // The click path answers before AdonisJS, and still never lets a browser sniff.
    const click = await client.get('/c/no-such-link').redirects(0)
    assert.equal(click.header('x-content-type-options'), 'nosniff')
  })

  test('HSTS when served over HTTPS behind a trusted proxy, never on a forged header', async ({ client, assert }) => {
    // The test client connects from loopback, which TRUSTED_PROXIES trusts by default.
    const proxied = await client.get('/api/v1/nothing-here').header('x-forwarded-proto', 'https')
    assert.equal(proxied.header('strict-transport-security'), 'max-age=31536000; includeSubDomains')
    const plain = await client.get('/api/v1/nothing-here').header('x-forwarded-proto', 'http')
    assert.isUndefined(plain.header('strict-transport-security'))
  })

  test('CORS is off by default: no origin is reflected, with or without credentials', async ({ client, assert }) => {
    assert.isFalse(corsConfig(undefined).enabled)
    assert.isFalse(app.config.get<{ enabled: boolean }>('cors').enabled, 'the test server runs without CORS_ORIGINS')
    const { token } = await createTenant('admin')
    const simple = await client.get('/api/v1/account').bearerToken(token).header('origin', 'https://evil.example')
    simple.assertStatus(200)
    assert.isUndefined(simple.header('access-control-allow-origin'))
    assert.isUndefined(simple.header('access-control-allow-credentials'))
    const preflight = await client
      .options('/api/v1/account')
      .header('origin', 'https://evil.example')
      .header('access-control-request-method', 'GET')
    assert.isUndefined(preflight.header('access-control-allow-origin'))
  })

  test('with CORS_ORIGINS set, a listed origin gets the CORS headers without credentials; another origin none', async ({
    client,
    assert,
    cleanup,
  }) => {
    // The settings config/cors.ts builds at boot from CORS_ORIGINS, swapped in for this test:
    // the CORS middleware reads them on every request.
    const booted = app.config.get('cors')
    app.config.set('cors', corsConfig('https://partners.example, http://localhost:5173'))
    cleanup(() => app.config.set('cors', booted))
    const { token } = await createTenant('admin')

    const listed = await client.get('/api/v1/account').bearerToken(token).header('origin', 'https://partners.example')
    listed.assertStatus(200)
    assert.equal(listed.header('access-control-allow-origin'), 'https://partners.example')
    assert.isUndefined(listed.header('access-control-allow-credentials'))
    assert.include(listed.header('access-control-expose-headers') ?? '', 'content-range')
    assert.include((listed.header('vary') ?? '').toLowerCase(), 'origin', 'caches keep answers per origin')
    const preflight = await client
      .options('/api/v1/account')
      .header('origin', 'http://localhost:5173')
      .header('access-control-request-method', 'PATCH')
      .header('access-control-request-headers', 'authorization, content-type')
    assert.equal(preflight.status(), 204)
    assert.equal(preflight.header('access-control-allow-origin'), 'http://localhost:5173')
    assert.include(preflight.header('access-control-allow-methods') ?? '', 'PATCH')
    assert.include((preflight.header('access-control-allow-headers') ?? '').toLowerCase(), 'authorization')
    assert.isUndefined(preflight.header('access-control-allow-credentials'))

    // Not listed (another host, another scheme, a listed host's subdomain): no CORS header at all.
    for (const origin of ['https://evil.example', 'http://partners.example', 'https://x.partners.example']) {
      const other = await client.get('/api/v1/account').bearerToken(token).header('origin', origin)
      other.assertStatus(200)
      assert.isUndefined(other.header('access-control-allow-origin'), origin)
      assert.isUndefined(other.header('access-control-allow-credentials'), origin)
      assert.include((other.header('vary') ?? '').toLowerCase(), 'origin', origin)
      const otherPreflight = await client
        .options('/api/v1/account')
        .header('origin', origin)
        .header('access-control-request-method', 'GET')
      assert.isUndefined(otherPreflight.header('access-control-allow-origin'), origin)
      assert.isUndefined(otherPreflight.header('access-control-allow-methods'), origin)
    }
  })

  test('CORS_ORIGINS is an allow-list of exact origins', async ({ assert }) => {
    assert.deepEqual(parseCorsOrigins(undefined), [])
    assert.deepEqual(parseCorsOrigins(' https://a.example , http://localhost:5173 '), [
      'https://a.example',
      'http://localhost:5173',
    ])
    for (const bad of ['*', 'https://a.example/', 'https://a.example/path', 'ftp://a.example', 'a.example']) {
      assert.throws(() => parseCorsOrigins(bad), /is not an origin/, bad)
    }
  })
})
