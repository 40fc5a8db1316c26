/*
 * This platform as an OAuth 2.0 authorization server (RFC 6749 §4.1, authorization-code
 * grant, with optional PKCE S256 per RFC 7636). Organisations register apps; a signed-in
 * user consents, the app receives a single-use code (10 minutes) and trades it, with its
 * client secret, for an access token `afo_<id>.<secret>` (1 hour). The token acts as the
 * user who consented, narrowed to the granted scopes exactly as API-key scopes narrow a
 * key. Client secrets, codes and tokens are stored as SHA-256 hashes only.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  AppError,
  assertValidIps,
  assertValidScopes,
  findPanel,
  ipAllowed,
  pluginEnabledFor,
  unprocessable,
  type BearerGrant,
  type CredentialScope as ApiKeyScope,
  type ListOptions,
} from '@affix/core/kernel'

/** The plugin's id: its path segment (/api/v1/oauth), OpenAPI tag and per-organisation switch. */
export const OAUTH_PLUGIN_ID = 'oauth'

export const CODE_TTL_SECONDS = 10 * 60
export const TOKEN_TTL_SECONDS = 60 * 60

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** Compares two SHA-256 hex digests in constant time. */
export function sameHash(expectedHex: string, actualHex: string) {
  const expected = Buffer.from(expectedHex, 'hex')
  const actual = Buffer.from(actualHex, 'hex')
  return expected.length === actual.length && expected.length > 0 && timingSafeEqual(expected, actual)
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url')

export function newClientCredentials() {
  const clientSecret = random(32)
  return {
    clientId: `afc_${random(18)}`,
    clientSecret,
    clientSecretHash: sha256(clientSecret),
    secretHint: clientSecret.slice(-4),
  }
}

export function newAuthCode() {
  const code = random(32)
  return { code, codeHash: sha256(code) }
}

export function newTokenSecret() {
  const secret = random(32)
  return { secret, secretHash: sha256(secret) }
}

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

/** Resources an app can never be granted: they mint credentials or open sessions. */
const NOT_GRANTABLE = new Set(['api_keys', 'oauth_apps', 'login_as', 'accounts'])

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** An exact redirect URI an app may register: absolute https (http for loopback), no fragment. */
export function isAllowedRedirectUri(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.hash || value.includes('#') || url.username || url.password) return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
}

/** Business rules of an app's registration beyond its shape (the 422s name the field). */
export function assertValidApp(data: { scopes: ApiKeyScope[]; redirectUris: string[]; allowedIps?: string[] }) {
  assertValidScopes(data.scopes)
  const resources = data.scopes.map((scope) => scope.resource)
  const forbidden = resources.findIndex((resource) => NOT_GRANTABLE.has(resource))
  if (forbidden !== -1) {
    throw unprocessable('oauth.resource_not_grantable', {
      fields: [{ field: `scopes.${forbidden}.resource`, rule: 'grantable' }],
    })
  }
  const badUri = data.redirectUris.findIndex((uri) => !isAllowedRedirectUri(uri))
  if (badUri !== -1) {
    throw unprocessable('oauth.invalid_redirect_uri', {
      fields: [{ field: `redirectUris.${badUri}`, rule: 'redirectUri' }],
    })
  }
  assertValidIps(data.allowedIps)
}

/** `brands:read brands:write account:read` ⇄ [{resource, operations}]. */
export function formatScopes(scopes: ApiKeyScope[]): string {
  return scopes.flatMap((scope) => scope.operations.map((operation) => `${scope.resource}:${operation}`)).join(' ')
}

/**
 * The scopes a consent grants: the requested `scope` (space-separated `resource:operation`)
 * when given — each must be one of the app's — else all of the app's scopes.
 */
export function grantedScopes(requested: string | undefined, appScopes: ApiKeyScope[]): ApiKeyScope[] {
  if (!requested?.trim()) return appScopes
  const allowed = new Set(formatScopes(appScopes).split(' '))
  const granted = new Map<string, Set<'read' | 'write'>>()
  for (const item of requested.trim().split(/\s+/)) {
    const match = /^([a-z0-9_.-]{1,64}):(read|write)$/.exec(item)
    if (!match || !allowed.has(item)) {
      throw unprocessable('oauth.scope_not_allowed', { scope: item, fields: [{ field: 'scope', rule: 'scope' }] })
    }
    const operations = granted.get(match[1]) ?? new Set()
    operations.add(match[2] as 'read' | 'write')
    granted.set(match[1], operations)
  }
  return [...granted].map(([resource, operations]) => ({ resource, operations: [...operations] }))
}

export function looksLikeOAuthToken(token: string | undefined): token is string {
  return typeof token === 'string' && token.startsWith('afo_')
}

const TOKEN_FORMAT = /^afo_(\d{1,10})\.([A-Za-z0-9_-]{20,100})$/

const invalidToken = (key = 'oauth.token_invalid') => new AppError(key, 401, 'unauthorized')

/**
 * The `core.bearerToken` resolver: an access token presented from `ip` acts as the
 * consenting user within the granted scopes (which calls a token may make is the route
 * table's decision, RouteSpec.scope). Other bearer tokens are not ours (null). A token of
 * an organisation that switched the plugin off stops working, like its apps' screens.
 */
export async function verifyOAuthToken(token: string, ip: string): Promise<BearerGrant | null> {
  if (!looksLikeOAuthToken(token)) return null
  const match = TOKEN_FORMAT.exec(token)
  if (!match) throw invalidToken()
  const row = await db
    .from('oauth_access_tokens as t')
    .join('oauth_apps as a', 'a.id', 't.app_id')
    .where('t.id', Number(match[1]))
    .select(
      't.id',
      't.user_id',
      't.organization_id',
      't.token_hash',
      't.scopes',
      't.expires_at',
      't.revoked_at',
      'a.revoked_at as app_revoked_at',
      'a.expires_at as app_expires_at',
      'a.allowed_ips'
    )
    .first()
  if (!row || !sameHash(row.token_hash, sha256(match[2]))) throw invalidToken()
  if (row.revoked_at || row.app_revoked_at) throw invalidToken()
  const now = new Date()
  if (new Date(row.expires_at) <= now || (row.app_expires_at && new Date(row.app_expires_at) <= now))
    throw invalidToken('oauth.token_expired')
  if (row.allowed_ips.length && !ipAllowed(ip, row.allowed_ips))
    throw new AppError('oauth.ip_not_allowed', 403, 'forbidden')
  const user = await findPanel(row.user_id, { organizationId: row.organization_id })
  if (!user || user.status !== 'active') throw invalidToken()
  if (!(await pluginEnabledFor(row.organization_id, OAUTH_PLUGIN_ID))) throw invalidToken()
  // tenancy: the token that authenticated this request
  await db.from('oauth_access_tokens').where('id', row.id).update({ last_used_at: now })
  return { userId: user.id, scopes: row.scopes }
}

/**
 * The token endpoint answers in RFC 6749 §5.2 form, not in the envelope:
 * `{ error, error_description }` with 400 (401 for client authentication).
 */
export class OAuthProtocolError extends Error {
  constructor(
    readonly error:
      'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'unauthorized_client',
    /** i18n key of the description. */
    readonly descriptionKey: string,
    readonly status = error === 'invalid_client' ? 401 : 400
  ) {
    super(error)
  }
}

/** A replayed code: the code is burnt and every token it issued stops at once (RFC 6749 §4.1.2). */
export async function revokeTokensOfCode(codeId: number) {
  // tenancy: tokens issued from a code of the app that authenticated
  await db
    .from('oauth_access_tokens')
    .where('auth_code_id', codeId)
    .whereNull('revoked_at')
    .update({ revoked_at: DateTime.now().toJSDate() })
}

export const OAUTH_APP_LIST: ListOptions = {
  sortable: { id: 'id', name: 'name', createdAt: 'created_at', expiresAt: 'expires_at' },
  filterable: { name: { column: 'name', kind: 'ilike' } },
  search: ['name', 'client_id'],
  defaultSort: ['createdAt', 'desc'],
}

export const OAUTH_CODE_LIST: ListOptions = {
  sortable: { id: 'id', createdAt: 'created_at', usedAt: 'used_at' },
  filterable: { userId: { column: 'user_id', kind: 'eq', type: 'integer' } },
  defaultSort: ['createdAt', 'desc'],
}
