/*
 * Sign-in with an external OpenID Connect provider (spec §2 /auth/verify/google, §7
 * /web/v2/auth/google/*). This server is the relying party, built on openid-client:
 * authorization-code flow with PKCE (S256), state and nonce; the id_token is validated
 * against the provider's JWKS (issuer, audience, expiry, nonce) by the library.
 *
 * Configuration (environment, read per call so a change needs no code):
 *   OIDC_ISSUER          issuer URL; its /.well-known/openid-configuration is discovered
 *   OIDC_CLIENT_ID       client registered at the provider
 *   OIDC_CLIENT_SECRET   its secret
 *   OIDC_REDIRECT_URI    default `${APP_URL}/auth/verify/google` (APP_URL: see kernel/links.ts)
 *   OIDC_SCOPES          default "openid email profile"
 *   OIDC_TOKEN_AUTH_METHOD  client_secret_basic (default) | client_secret_post
 *   OIDC_AUTHORIZATION_ENDPOINT, OIDC_TOKEN_ENDPOINT, OIDC_JWKS_URI (+ OIDC_USERINFO_ENDPOINT):
 *                        explicit endpoints instead of discovery (all three together)
 * http issuers are accepted only on loopback hosts or when NODE_ENV=test.
 */
import { createHash } from 'node:crypto'
import * as client from 'openid-client'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import logger from '@adonisjs/core/services/logger'
import { AppError, configuredBaseUrl, unprocessable } from '@affix/core/kernel'

export const STATE_TTL_SECONDS = 10 * 60
const DISCOVERY_CACHE_MS = 10 * 60 * 1000
const HTTP_TIMEOUT_SECONDS = 10

interface OidcSettings {
  issuer: string
  clientId: string
  clientSecret: string
  redirectUri: string
  scopes: string
  tokenAuthMethod: 'client_secret_basic' | 'client_secret_post'
  endpoints: { authorization: string; token: string; jwks: string; userinfo?: string } | null
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export const notConfigured = () => new AppError('oidc.not_configured', 404, 'not_configured')
export const providerError = (key = 'oidc.provider_error') => new AppError(key, 502, 'provider_error')

/** What went wrong at the provider, for the operator: the library's error name, code and message (never tokens). */
function logProviderFailure(step: string, error: unknown) {
  const {
    name,
    code,
    message,
    error: oauthError,
  } = (error ?? {}) as { name?: string; code?: string; message?: string; error?: string }
  logger.warn({ step, name, code, oauthError, message }, 'OpenID Connect provider error')
}

/**
 * The settings from the environment, or null when sign-in with a provider is not set up. The
 * default redirect URI is on the configured address (APP_URL, else HOST/PORT), never on the
 * request's Host headers.
 */
export function oidcSettings(): OidcSettings | null {
  const env = process.env
  const issuer = env.OIDC_ISSUER?.trim()
  const clientId = env.OIDC_CLIENT_ID?.trim()
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim()
  if (!issuer || !clientId || !clientSecret) return null
  const base = configuredBaseUrl()
  const explicit = [env.OIDC_AUTHORIZATION_ENDPOINT, env.OIDC_TOKEN_ENDPOINT, env.OIDC_JWKS_URI].map((value) =>
    value?.trim()
  )
  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri: env.OIDC_REDIRECT_URI?.trim() || `${base}/auth/verify/google`,
    scopes: env.OIDC_SCOPES?.trim() || 'openid email profile',
    tokenAuthMethod:
      env.OIDC_TOKEN_AUTH_METHOD?.trim() === 'client_secret_post' ? 'client_secret_post' : 'client_secret_basic',
    endpoints: explicit.every(Boolean)
      ? {
          authorization: explicit[0]!,
          token: explicit[1]!,
          jwks: explicit[2]!,
          userinfo: env.OIDC_USERINFO_ENDPOINT?.trim() || undefined,
        }
      : null,
  }
}

/** Plain http only towards a loopback provider, or in the test suite. */
function insecureAllowed(url: URL) {
  if (url.protocol === 'https:') return false
  if (url.protocol !== 'http:') throw providerError('oidc.insecure_issuer')
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (!loopback && process.env.NODE_ENV !== 'test') throw providerError('oidc.insecure_issuer')
  return true
}

const configurations = new Map<string, { at: number; config: Promise<client.Configuration> }>()

/** The provider's configuration (discovered, cached 10 minutes); 502 when it cannot be reached. */
export async function providerConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  const key = JSON.stringify(settings)
  const cached = configurations.get(key)
  if (cached && Date.now() - cached.at < DISCOVERY_CACHE_MS) return cached.config
  let issuer: URL
  try {
    issuer = new URL(settings.issuer)
  } catch {
    throw providerError('oidc.insecure_issuer')
  }
  const insecure = insecureAllowed(issuer)
  for (const endpoint of Object.values(settings.endpoints ?? {})) {
    if (endpoint) insecureAllowed(new URL(endpoint))
  }
  const auth =
    settings.tokenAuthMethod === 'client_secret_post'
      ? client.ClientSecretPost(settings.clientSecret)
      : client.ClientSecretBasic(settings.clientSecret)
  const metadata = { client_secret: settings.clientSecret, redirect_uris: [settings.redirectUri] }
  const execute = insecure ? [client.allowInsecureRequests] : []
  const config = (async () => {
    if (!settings.endpoints)
      return client.discovery(issuer, settings.clientId, metadata, auth, { execute, timeout: HTTP_TIMEOUT_SECONDS })
    const configuration = new client.Configuration(
      {
        issuer: settings.issuer,
        authorization_endpoint: settings.endpoints.authorization,
        token_endpoint: settings.endpoints.token,
        jwks_uri: settings.endpoints.jwks,
        userinfo_endpoint: settings.endpoints.userinfo,
      },
      settings.clientId,
      metadata,
      auth
    )
    configuration.timeout = HTTP_TIMEOUT_SECONDS
    for (const step of execute) step(configuration)
    return configuration
  })()
  configurations.set(key, { at: Date.now(), config })
  try {
    return await config
  } catch (error) {
    logProviderFailure('discovery', error)
    configurations.delete(key)
    throw providerError()
  }
}

/**
 * Starts a sign-in: a provider URL carrying a fresh state, nonce and PKCE challenge. What
 * the return trip must prove is kept here (hashed state, encrypted nonce and verifier).
 */
export async function startSignIn(settings: OidcSettings) {
  const config = await providerConfiguration(settings)
  const state = client.randomState()
  const nonce = client.randomNonce()
  const verifier = client.randomPKCECodeVerifier()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: settings.redirectUri,
    scope: settings.scopes,
    response_type: 'code',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })
  await db.from('oidc_states').where('expires_at', '<', new Date()).delete()
  await db.table('oidc_states').insert({
    state_hash: sha256(state),
    nonce: encryption.encrypt(nonce),
    code_verifier: encryption.encrypt(verifier),
    redirect_uri: settings.redirectUri,
    expires_at: new Date(Date.now() + STATE_TTL_SECONDS * 1000),
  })
  return { url: url.href, state }
}

export interface ProviderIdentity {
  email: string
  emailVerified: boolean | undefined
  subject: string
}

/**
 * Finishes a sign-in: takes the state (single use; unknown, used or expired → 422), trades
 * the code at the provider and validates the id_token. A refused code → 422; anything the
 * provider gets wrong or cannot answer → 502.
 */
export async function finishSignIn(
  settings: OidcSettings,
  input: { code: string; state: string; iss?: string }
): Promise<ProviderIdentity> {
  const [pending] = await db
    .from('oidc_states')
    .where('state_hash', sha256(input.state))
    .delete()
    .returning(['nonce', 'code_verifier', 'redirect_uri', 'expires_at'])
  const nonce = pending ? encryption.decrypt<string>(pending.nonce) : null
  const verifier = pending ? encryption.decrypt<string>(pending.code_verifier) : null
  if (!pending || new Date(pending.expires_at) <= new Date() || !nonce || !verifier) {
    throw unprocessable('oidc.state_invalid', { fields: [{ field: 'state', rule: 'state' }] })
  }
  const config = await providerConfiguration(settings)
  const issuer = config.serverMetadata().issuer
  if (input.iss && input.iss !== issuer)
    throw unprocessable('oidc.code_rejected', { fields: [{ field: 'iss', rule: 'issuer' }] })
  const callback = new URL(pending.redirect_uri)
  callback.searchParams.set('code', input.code)
  callback.searchParams.set('state', input.state)
  // RFC 9207 mix-up defence: with one configured provider the expected issuer stands in
  // when the front end did not pass `iss` on; a different one was refused above.
  if (input.iss || config.serverMetadata().authorization_response_iss_parameter_supported)
    callback.searchParams.set('iss', issuer)
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
  try {
    tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: input.state,
      expectedNonce: nonce,
      idTokenExpected: true,
    })
  } catch (error) {
    if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') {
      throw unprocessable('oidc.code_rejected', { fields: [{ field: 'code', rule: 'code' }] })
    }
    logProviderFailure('token', error)
    throw providerError()
  }
  const claims = tokens.claims()!
  let email = typeof claims.email === 'string' ? claims.email : undefined
  let emailVerified = typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined
  // Providers that keep profile claims out of the id_token give them at userinfo.
  if (!email && config.serverMetadata().userinfo_endpoint) {
    try {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub)
      email = typeof info.email === 'string' ? info.email : undefined
      emailVerified = typeof info.email_verified === 'boolean' ? info.email_verified : undefined
    } catch (error) {
      logProviderFailure('userinfo', error)
      throw providerError()
    }
  }
  if (!email) throw new AppError('oidc.no_email', 401, 'unauthorized')
  return { email, emailVerified, subject: claims.sub }
}
