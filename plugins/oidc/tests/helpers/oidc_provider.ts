/*
 * A real OpenID Connect provider for the tests (panva's oidc-provider) on a random
 * loopback port: one confidential client, RS256 id_tokens signed with a fresh key and
 * published at /jwks, PKCE required. Its login interaction signs in whichever e-mail
 * address the test asks for, so a sign-in is a plain redirect chain a test can follow.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import Provider, { type KoaContextWithOIDC } from 'oidc-provider'

export interface ProviderAccount {
  email: string
  emailVerified?: boolean
}

export interface LocalProviderOptions {
  redirectUri: string
  /** false: e-mail claims travel in the id_token (as Google does); true (default): only at userinfo. */
  conformIdTokenClaims?: boolean
}

export async function startOidcProvider(options: LocalProviderOptions) {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientId = 'affix-test'
  const clientSecret = `secret-${randomUUID()}`
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const accounts = new Map<string, ProviderAccount>()
  let signingInAs: string | null = null

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey as any] },
    cookies: { keys: [`cookie-${randomUUID()}`] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.conformIdTokenClaims ?? true,
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const account = accounts.get(sub)
      if (!account) return undefined
      return {
        accountId: sub,
        async claims() {
          return { sub, email: account.email, email_verified: account.emailVerified ?? true, name: 'Test Person' }
        },
      }
    },
    // Consent is implied for the test client: the grant is created on the spot.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId
      if (!accountId || !ctx.oidc.client) return undefined
      const existing = ctx.oidc.session!.grantIdFor(ctx.oidc.client.clientId)
      if (existing) return ctx.oidc.provider.Grant.find(existing)
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  })
  const handle = provider.callback()
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res)
    try {
      await provider.interactionDetails(req, res)
      if (!signingInAs) throw new Error('no account to sign in as')
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: signingInAs } },
        { mergeWithLastSubmission: false }
      )
    } catch (error) {
      res.statusCode = 500
      res.end(String(error))
    }
  })

  return {
    issuer,
    clientId,
    clientSecret,
    endpoints: {
      authorization: `${issuer}/auth`,
      token: `${issuer}/token`,
      jwks: `${issuer}/jwks`,
      userinfo: `${issuer}/me`,
    },
    addAccount(account: ProviderAccount) {
      accounts.set(account.email, account)
    },
    /**
     * Plays the browser: opens the authorization URL, signs in as `email` and follows the
     * redirects (keeping the provider's cookies) until the provider sends the browser back
     * to the redirect URI. Returns that URL (code, state, iss).
     */
    async signIn(authorizationUrl: string, email: string): Promise<URL> {
      signingInAs = email
      const cookies = new Map<string, string>()
      let next = authorizationUrl
      for (let hop = 0; hop < 10; hop++) {
        if (next.startsWith(options.redirectUri)) return new URL(next)
        const response = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        })
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';')
          const index = pair.indexOf('=')
          cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1))
        }
        const location = response.headers.get('location')
        if (!location) throw new Error(`provider stopped at ${next}: ${response.status} ${await response.text()}`)
        next = new URL(location, next).href
      }
      throw new Error('too many redirects')
    },
    async close() {
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
    },
  }
}

export type LocalProvider = Awaited<ReturnType<typeof startOidcProvider>>

/** Points the server's OIDC settings at a provider (the settings are read per request). */
export function configureOidc(provider: LocalProvider, redirectUri: string, extra: Record<string, string> = {}) {
  clearOidc()
  Object.assign(process.env, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_REDIRECT_URI: redirectUri,
    ...extra,
  })
}

export function clearOidc() {
  for (const key of Object.keys(process.env)) if (key.startsWith('OIDC_')) delete process.env[key]
}
