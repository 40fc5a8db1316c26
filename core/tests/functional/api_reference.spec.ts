import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

test.group('API reference', () => {
  test('/api/docs serves the reference page from local files only', async ({ client, assert }) => {
    const page = await client.get('/api/docs')
    page.assertStatus(200)
    assert.include(page.header('content-type'), 'text/html')
    assert.notMatch(page.text(), /https?:\/\//)
    // No inline script: the page only loads this server's scripts (the CSP allows nothing else).
    assert.deepEqual(
      [...page.text().matchAll(/<script([^>]*)>([^<]*)<\/script>/g)].map(([, attributes, body]) => [attributes, body]),
      [
        [' src="/api/docs/scalar.js"', ''],
        [' src="/api/docs/init.js"', ''],
      ]
    )
    assert.include(page.header('content-security-policy'), "script-src 'self' 'unsafe-eval';")
    assert.include(page.header('content-security-policy'), "connect-src 'self';")
    const bundle = await client.get('/api/docs/scalar.js')
    bundle.assertStatus(200)
    assert.include(bundle.header('content-type'), 'javascript')
    const init = await client.get('/api/docs/init.js')
    init.assertStatus(200)
    assert.include(init.header('content-type'), 'javascript')
    const configuration = JSON.parse(/createApiReference\('#app', (.*)\)/.exec(init.text())![1])
    // Offline, without Scalar's hosted-service buttons ("Ask AI", the toolbar's "Deploy").
    assert.include(configuration, {
      url: '/api/openapi.json',
      withDefaultFonts: false,
      showDeveloperTools: 'never',
      telemetry: false,
      proxyUrl: '',
    })
    assert.deepEqual(configuration.agent, { disabled: true })
  })

  test('/api/openapi.json is the committed document', async ({ client, assert }) => {
    const response = await client.get('/api/openapi.json')
    response.assertStatus(200)
    const committed = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../openapi/openapi.json'), 'utf8'))
    assert.deepEqual(response.body(), committed)
    assert.equal(response.body().openapi, '3.1.0')
  })
})
