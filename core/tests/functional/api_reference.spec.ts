import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

test.group('API reference', () => {
  test('/api/docs serves the reference page from local files only', async ({ client, assert }) => {
    const page = await client.get('/api/docs')
    page.assertStatus(200)
    assert.include(page.header('content-type'), 'text/html')
    assert.include(page.text(), "createApiReference('#app', { url: '/api/openapi.json'")
    assert.notMatch(page.text(), /https?:\/\//)
    const bundle = await client.get('/api/docs/scalar.js')
    bundle.assertStatus(200)
    assert.include(bundle.header('content-type'), 'javascript')
  })

  test('/api/openapi.json is the committed document', async ({ client, assert }) => {
    const response = await client.get('/api/openapi.json')
    response.assertStatus(200)
    const committed = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../openapi/openapi.json'), 'utf8'))
    assert.deepEqual(response.body(), committed)
    assert.equal(response.body().openapi, '3.1.0')
  })
})
