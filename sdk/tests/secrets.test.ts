/*
 * Secrets never leave the server except once, where the spec says so: a real server runs
 * with the most verbose log level while passwords, tokens, API keys and OAuth client
 * secrets go through it; afterwards neither its log nor any later response holds them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'
import {
  authLogin,
  authLogout,
  coreChangePassword,
  coreCreateApiKey,
  coreGetAccount,
  coreListApiKeys,
  createAffixClient,
  oauthCreateApp,
  oauthListApps,
  unwrap,
} from '../src/index.js'

let server: TestServer
const secrets: string[] = []
const responses: string[] = []

beforeAll(async () => {
  server = await startTestServer({ database: 'affix_test_sdk_secrets', env: { LOG_LEVEL: 'trace' } })
})

afterAll(async () => {
  await server?.stop()
})

describe('secrets stay secret', () => {
  it('passwords, tokens, API keys and OAuth client secrets are never logged nor returned twice', async () => {
    const anonymous = createAffixClient({ baseUrl: server.url })
    anonymous.interceptors.response.use(async (response) => {
      responses.push(await response.clone().text())
      return response
    })
    secrets.push(DEMO_ADMIN.password)
    const session = await unwrap(authLogin({ client: anonymous, body: DEMO_ADMIN }))
    secrets.push(session.token.split('.').pop()!)

    const affix = createAffixClient({ baseUrl: server.url, token: session.token })
    affix.interceptors.response.use(async (response) => {
      responses.push(await response.clone().text())
      return response
    })
    const key = await unwrap(
      coreCreateApiKey({
        client: affix,
        body: { name: 'Secret test', scopes: [{ resource: 'brands', operations: ['read'] }] },
      })
    )
    const keySecret = key.key.split('.').pop()!
    const app = await unwrap(
      oauthCreateApp({
        client: affix,
        body: {
          name: 'Secret app',
          redirectUris: ['https://example.com/callback'],
          scopes: [{ resource: 'brands', operations: ['read'] }],
        },
      })
    )
    const clientSecret = (app as { clientSecret: string }).clientSecret
    expect(clientSecret.length).toBeGreaterThan(20)
    // Shown once: nothing after creation carries them.
    const afterCreation = responses.length
    await unwrap(coreListApiKeys({ client: affix }))
    await unwrap(oauthListApps({ client: affix }))
    await unwrap(coreGetAccount({ client: affix }))
    for (const body of responses.slice(afterCreation)) {
      expect(body).not.toContain(keySecret)
      expect(body).not.toContain(clientSecret)
    }
    secrets.push(keySecret, clientSecret)

    // A call with the API key, a password change and a logout also go through the log.
    const keyClient = createAffixClient({ baseUrl: server.url, token: key.key })
    await unwrap(coreGetAccount({ client: keyClient })).catch(() => undefined)
    const newPassword = 'Changed#2026'
    await unwrap(
      coreChangePassword({
        client: affix,
        body: { currentPassword: DEMO_ADMIN.password, password: newPassword, passwordConfirmation: newPassword },
      })
    )
    secrets.push(newPassword)
    await unwrap(authLogout({ client: affix }))

    const log = server.output()
    // The log really holds the requests, with their bodies (redacted).
    expect(log).toContain('/api/v1/auth/login')
    expect(log).toContain('[redacted]')
    for (const secret of secrets) expect(log).not.toContain(secret)
    for (const body of responses) {
      expect(body).not.toMatch(/scrypt|\$argon|password_hash|secret_hash|token_hash/i)
    }
  })
})
