import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import {
  findPanel,
  ipAllowed,
  pluginEnabledFor,
  rateLimit as limit,
  type CredentialScope as ApiKeyScope,
} from '@affix/core/kernel'
import OAuthApp from '../models/oauth_app.js'
import {
  OAUTH_PLUGIN_ID,
  formatScopes,
  newTokenSecret,
  OAuthProtocolError,
  revokeTokensOfCode,
  s256,
  sameHash,
  sha256,
  TOKEN_TTL_SECONDS,
} from '../oauth.js'

const field = (body: Record<string, unknown>, name: string) => {
  const value = body[name]
  return typeof value === 'string' && value.length <= 4096 ? value : undefined
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1, form-encoded parts) or the body; never both. */
function clientCredentials(ctx: HttpContext, body: Record<string, unknown>) {
  const header = ctx.request.header('authorization')
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '')
  if (header && !basic) throw new OAuthProtocolError('invalid_client', 'oauth.token.invalid_client')
  const fromBody = { id: field(body, 'client_id'), secret: field(body, 'client_secret') }
  if (!basic) return { ...fromBody, basic: false }
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon === -1) throw new OAuthProtocolError('invalid_client', 'oauth.token.invalid_client')
  let id: string
  let secret: string
  try {
    id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '))
    secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '))
  } catch {
    throw new OAuthProtocolError('invalid_client', 'oauth.token.invalid_client')
  }
  if (fromBody.secret !== undefined || (fromBody.id !== undefined && fromBody.id !== id)) {
    throw new OAuthProtocolError('invalid_request', 'oauth.token.two_client_auth')
  }
  return { id, secret, basic: true }
}

export default class OAuthTokenController {
  /**
   * POST /api/v1/oauth/token (RFC 6749 §4.1.3): an app trades a code for an access token.
   * Answers in RFC 6749 form ({ access_token, … } or { error, error_description }), not in
   * the envelope, so standard OAuth clients work unchanged.
   */
  async token(ctx: HttpContext) {
    ctx.response.header('Cache-Control', 'no-store')
    ctx.response.header('Pragma', 'no-cache')
    let usedBasic = false
    try {
      await limit(ctx, `oauth:token:${ctx.request.ip()}`, 60, 60)
      const body = ctx.request.body() as Record<string, unknown>
      const credentials = clientCredentials(ctx, body)
      usedBasic = credentials.basic
      const grantType = field(body, 'grant_type')
      if (!grantType) throw new OAuthProtocolError('invalid_request', 'oauth.token.missing_grant_type')
      if (grantType !== 'authorization_code')
        throw new OAuthProtocolError('unsupported_grant_type', 'oauth.token.unsupported_grant_type')
      if (!credentials.id || !credentials.secret)
        throw new OAuthProtocolError('invalid_client', 'oauth.token.invalid_client')
      await limit(ctx, `oauth:token:client:${sha256(credentials.id)}`, 60, 60)

      // tenancy: a client authenticates by its id and secret, before any organisation is known
      const app = await OAuthApp.findBy('client_id', credentials.id)
      if (!app || !sameHash(app.clientSecretHash, sha256(credentials.secret)) || !app.isActive) {
        throw new OAuthProtocolError('invalid_client', 'oauth.token.invalid_client')
      }
      // An organisation that switched OAuth apps off has none, here as on its screens.
      if (!(await pluginEnabledFor(app.organizationId, OAUTH_PLUGIN_ID))) {
        throw new OAuthProtocolError('invalid_client', 'oauth.token.invalid_client')
      }
      if (app.allowedIps.length && !ipAllowed(ctx.request.ip(), app.allowedIps)) {
        throw new OAuthProtocolError('invalid_client', 'oauth.token.ip_not_allowed')
      }
      const code = field(body, 'code')
      const redirectUri = field(body, 'redirect_uri')
      const verifier = field(body, 'code_verifier')
      if (!code) throw new OAuthProtocolError('invalid_request', 'oauth.token.missing_code')
      if (!redirectUri) throw new OAuthProtocolError('invalid_request', 'oauth.token.missing_redirect_uri')

      const issued = await db.transaction(
        async (
          trx
        ): Promise<{ replayed: number } | { replayed?: undefined; accessToken: string; scopes: ApiKeyScope[] }> => {
          // Locked so two concurrent redemptions of one code cannot both succeed.
          // tenancy: the code is redeemed by its hash for the app that authenticated
          const row = await trx
            .from('oauth_auth_codes')
            .where('code_hash', sha256(code))
            .where('app_id', app.id)
            .forUpdate()
            .first()
          if (!row) throw new OAuthProtocolError('invalid_grant', 'oauth.token.invalid_code')
          if (row.used_at) return { replayed: row.id as number }
          if (new Date(row.expires_at) <= new Date())
            throw new OAuthProtocolError('invalid_grant', 'oauth.token.invalid_code')
          if (row.redirect_uri !== redirectUri)
            throw new OAuthProtocolError('invalid_grant', 'oauth.token.redirect_uri_mismatch')
          if (row.code_challenge ? !verifier || s256(verifier) !== row.code_challenge : verifier !== undefined) {
            throw new OAuthProtocolError('invalid_grant', 'oauth.token.pkce_mismatch')
          }
          const user = await findPanel(row.user_id, { organizationId: app.organizationId, client: trx })
          if (!user || user.status !== 'active') {
            throw new OAuthProtocolError('invalid_grant', 'oauth.token.invalid_code')
          }
          // tenancy: the code row locked just above
          await trx.from('oauth_auth_codes').where('id', row.id).update({ used_at: new Date() })
          const { secret, secretHash } = newTokenSecret()
          const [token] = await trx
            .table('oauth_access_tokens')
            .insert({
              organization_id: app.organizationId,
              app_id: app.id,
              user_id: user.id,
              auth_code_id: row.id,
              token_hash: secretHash,
              scopes: JSON.stringify(row.scopes),
              expires_at: new Date(Date.now() + TOKEN_TTL_SECONDS * 1000),
            })
            .returning('id')
          return { accessToken: `afo_${token.id}.${secret}`, scopes: row.scopes }
        }
      )
      if (issued.replayed !== undefined) {
        await revokeTokensOfCode(issued.replayed)
        throw new OAuthProtocolError('invalid_grant', 'oauth.token.code_used')
      }
      return ctx.response.status(200).send({
        access_token: issued.accessToken,
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_SECONDS,
        scope: formatScopes(issued.scopes),
      })
    } catch (error) {
      if (!(error instanceof OAuthProtocolError)) throw error
      if (error.status === 401 && usedBasic) ctx.response.header('WWW-Authenticate', 'Basic realm="affix"')
      return ctx.response
        .status(error.status)
        .send({ error: error.error, error_description: ctx.i18n.t(error.descriptionKey) })
    }
  }
}
