import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  AppError,
  assertOwnSession,
  authorize,
  created,
  findPanel,
  findPanels,
  findScoped,
  list,
  notFound,
  ok,
  paginate,
  parseList,
  scoped,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import OAuthApp from '../models/oauth_app.js'
import OAuthAuthCode from '../models/oauth_auth_code.js'
import { authorizeValidator, createOAuthAppValidator, describeAuthorizationValidator } from '../validators.js'
import {
  assertValidApp,
  CODE_TTL_SECONDS,
  formatScopes,
  grantedScopes,
  newAuthCode,
  newClientCredentials,
  OAUTH_APP_LIST,
  OAUTH_CODE_LIST,
} from '../oauth.js'

/** Apps are registered and consented to by the person in their own panel, never with an API key. */
const assertPanelSession = (ctx: HttpContext) => assertOwnSession(ctx, 'oauth')

/** Affiliates see and manage the apps they registered; staff the organisation's. */
async function findApp(ctx: HttpContext) {
  const app = await findScoped(ctx, OAuthApp, ctx.params.id)
  if (ctx.tenant.role === 'affiliate' && app.userId !== ctx.tenant.userId) throw notFound()
  return app
}

export default class OAuthAppsController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'oauth_apps', 'read')
    const parsed = parseList(ctx, OAUTH_APP_LIST)
    const query = scoped(ctx, OAuthApp).if(ctx.tenant.role === 'affiliate', (q) =>
      q.where('user_id', ctx.tenant.userId)
    )
    const page = await paginate(query, parsed, OAUTH_APP_LIST)
    return list(
      ctx,
      'oauth-apps',
      page.rows.map((row) => row.serialize()),
      page
    )
  }

  /** Registers an app; its client secret is in this answer and never again. */
  async store(ctx: HttpContext) {
    authorize(ctx, 'oauth_apps', 'manage')
    assertPanelSession(ctx)
    const data = await validate(ctx, createOAuthAppValidator, 'oauth')
    assertValidApp(data)
    const { clientId, clientSecret, clientSecretHash, secretHint } = newClientCredentials()
    const app = await OAuthApp.create({
      organizationId: ctx.tenant.organizationId,
      userId: ctx.tenant.userId,
      name: data.name,
      clientId,
      clientSecretHash,
      secretHint,
      redirectUris: data.redirectUris,
      scopes: data.scopes,
      allowedIps: data.allowedIps ?? [],
      expiresAt: data.expiresAt ? DateTime.fromJSDate(data.expiresAt) : null,
    })
    return created(ctx, { ...app.serialize(), clientSecret })
  }

  /** Revokes an app at once: its codes and tokens stop working. */
  async destroy(ctx: HttpContext) {
    authorize(ctx, 'oauth_apps', 'manage')
    assertPanelSession(ctx)
    const app = await findApp(ctx)
    await db.transaction(async (trx) => {
      app.useTransaction(trx)
      app.revokedAt ??= DateTime.now()
      await app.save()
      // tenancy: tokens of the app just read with its organisation (findScoped)
      await trx
        .from('oauth_access_tokens')
        .where('app_id', app.id)
        .whereNull('revoked_at')
        .update({ revoked_at: app.revokedAt.toJSDate() })
    })
    return ok(ctx, app.serialize())
  }

  /** The authorization codes issued to an app: when, for whom, used or not (never the codes). */
  async codes(ctx: HttpContext) {
    authorize(ctx, 'oauth_apps', 'read')
    const app = await findApp(ctx)
    const parsed = parseList(ctx, OAUTH_CODE_LIST)
    const page = await paginate(scoped(ctx, OAuthAuthCode).where('app_id', app.id), parsed, OAUTH_CODE_LIST)
    const byId = await findPanels(page.rows.map((row) => row.userId))
    return list(
      ctx,
      'oauth-codes',
      page.rows.map((row) => ({
        ...row.serialize(),
        userEmail: byId.get(row.userId)?.email ?? null,
        userName: byId.get(row.userId)?.name ?? null,
      })),
      page
    )
  }

  /** GET /api/v1/oauth/authorize: what the consent screen shows before the user agrees. */
  async describe(ctx: HttpContext) {
    assertPanelSession(ctx)
    const data = await validate(ctx, describeAuthorizationValidator, 'oauth', ctx.request.qs())
    const app = await consentableApp(ctx, data.clientId, data.redirectUri)
    const scopes = grantedScopes(data.scope, app.scopes)
    return ok(ctx, {
      app: { name: app.name, clientId: app.clientId },
      redirectUri: data.redirectUri,
      scopes,
      scope: formatScopes(scopes),
    })
  }

  /**
   * POST /api/v1/oauth/authorize: the signed-in user consents; answers where to send the
   * browser, carrying a single-use code (10 minutes) and the app's state (RFC 6749 §4.1.2).
   */
  async authorize(ctx: HttpContext) {
    assertPanelSession(ctx)
    const data = await validate(ctx, authorizeValidator, 'oauth')
    const app = await consentableApp(ctx, data.clientId, data.redirectUri)
    const scopes = grantedScopes(data.scope, app.scopes)
    const { code, codeHash } = newAuthCode()
    await OAuthAuthCode.create({
      organizationId: app.organizationId,
      appId: app.id,
      userId: ctx.tenant.userId,
      codeHash,
      redirectUri: data.redirectUri,
      scopes,
      codeChallenge: data.codeChallenge ?? null,
      expiresAt: DateTime.now().plus({ seconds: CODE_TTL_SECONDS }),
    })
    const redirectTo = new URL(data.redirectUri)
    redirectTo.searchParams.set('code', code)
    redirectTo.searchParams.set('state', data.state)
    return ok(ctx, { redirectTo: redirectTo.href, scope: formatScopes(scopes) })
  }
}

/**
 * The app a user may consent to: active, of the user's own organisation, with this exact
 * redirect URI. An app an affiliate registered is theirs alone to authorise, so it cannot
 * be used to borrow a colleague's wider rights.
 */
async function consentableApp(ctx: HttpContext, clientId: string, redirectUri: string) {
  const app = await OAuthApp.query()
    .where('client_id', clientId)
    .where('organization_id', ctx.tenant.homeOrganizationId)
    .first()
  if (!app || !app.isActive) throw new AppError('oauth.app_not_found', 404, 'not_found')
  const creator = await findPanel(app.userId)
  if (creator?.role === 'affiliate' && app.userId !== ctx.tenant.userId)
    throw new AppError('oauth.app_not_found', 404, 'not_found')
  if (!app.redirectUris.includes(redirectUri)) {
    throw unprocessable('oauth.redirect_uri_mismatch', { fields: [{ field: 'redirectUri', rule: 'registered' }] })
  }
  return app
}
