import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { Bouncer } from '@adonisjs/bouncer'
import { AppError } from '#kernel/errors'
import Organization from '#models/organization'
import User from '#models/user'
import type ApiKey from '#models/api_key'
import { abilitiesOf, abilityKey, routeScope } from '#services/abilities'
import { openapiRegistry } from '#kernel/openapi'
import { enabledPluginIds, pluginStates } from '#services/plugin_state'
import { restrictionsOf } from '#kernel/restrictions'
import { looksLikeApiKey, scopeAbilities, verifyApiKey } from '#services/api_keys'
import type { ApiKeyScope } from '#models/api_key'
import { resolvePluginBearer, type BearerGrant } from '#kernel/bearer_tokens'
import { limit } from '#services/rate_limit'

/**
 * Authenticates the caller — a panel's bearer token, an API key (`afk_…` as bearer
 * token or in x-api-key) or a token a plugin issued (the `core.bearerToken` hook, e.g. the
 * OAuth plugin's `afo_…` access tokens) — then sets up what
 * every authenticated request needs: the tenant (organisation acted on, abilities), the
 * user's language when they chose one, and the Bouncer instance for policies.
 * A user who is no longer active is answered 406, which makes the panels log out.
 * Every call made with an API key is written to the API log.
 */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const bearer = ctx.request.header('authorization')?.replace(/^Bearer\s+/i, '')
    const apiKey = looksLikeApiKey(bearer) ? bearer : ctx.request.header('x-api-key')
    if (looksLikeApiKey(apiKey)) return this.withApiKey(ctx, next, apiKey)
    const grant = bearer ? await resolvePluginBearer(bearer, ctx.request.ip()) : null
    if (grant) return this.withGrant(ctx, next, grant)
    const user = await ctx.auth.authenticateUsing(['api'])
    await this.checkLoginAs(ctx.auth.use('api').user?.currentAccessToken?.name)
    await this.establish(ctx, user)
    return next()
  }

  private async withApiKey(ctx: HttpContext, next: NextFn, token: string) {
    const started = performance.now()
    const key = await verifyApiKey(token, ctx.request.ip())
    const owner = await User.find(key.userId)
    if (!owner || owner.status !== 'active') throw new AppError('api_keys.invalid', 401, 'unauthorized')
    let status = 500
    try {
      assertRouteScope(ctx, key.scopes)
      await this.establish(ctx, owner, key)
      await next()
      status = ctx.response.getStatus()
    } catch (error) {
      status = Number((error as { status?: number })?.status) || 500
      throw error
    } finally {
      await db
        .insertQuery()
        .table('api_logs')
        .insert({
          organization_id: key.organizationId,
          api_key_id: key.id,
          method: ctx.request.method(),
          path: ctx.request.url().slice(0, 2048),
          status,
          latency_ms: Math.round(performance.now() - started),
          ip: ctx.request.ip(),
        })
      // tenancy: the key that authenticated this request
      await db.from('api_keys').where('id', key.id).update({ last_used_at: new Date() })
    }
  }

  /** A plugin's token (an OAuth access token) acts as its panel, narrowed to the granted scopes. */
  private async withGrant(ctx: HttpContext, next: NextFn, grant: BearerGrant) {
    const user = await User.find(grant.userId)
    if (!user) throw new AppError('errors.unauthorized', 401, 'unauthorized')
    assertRouteScope(ctx, grant.scopes)
    await this.establish(ctx, user, undefined, grant.scopes)
    return next()
  }

  private async establish(ctx: HttpContext, user: User, apiKey?: ApiKey, grantedScopes?: ApiKeyScope[]) {
    if (user.status !== 'active') throw new AppError('errors.forced_logout', 406, 'forced_logout')
    if (user.locale && !ctx.request.header('accept-language')) {
      ctx.i18n.switchLocale(i18nManager.getSupportedLocaleFor(user.locale) ?? i18nManager.defaultLocale)
    }
    // General API throttle, per API key or per panel (login and password reset have stricter ones).
    await limit(ctx, apiKey ? `api:key:${apiKey.id}` : `api:user:${user.id}`, API_REQUESTS_PER_MINUTE, 60)
    const home = await Organization.findOrFail(user.organizationId)
    this.enforceBilling(ctx, user, home)
    const org = await this.actedOn(ctx, user, home)
    const enabledPlugins = enabledPluginIds(await pluginStates(org))
    let abilities = abilitiesOf(user, org, enabledPlugins, { actingOnChild: org.id !== home.id })
    if (apiKey) abilities = scopeAbilities(abilities, apiKey.scopes)
    if (grantedScopes) abilities = scopeAbilities(abilities, grantedScopes)
    ctx.tenant = {
      organizationId: org.id,
      homeOrganizationId: home.id,
      userId: user.id,
      user,
      role: user.role,
      apiKeyId: apiKey?.id ?? null,
      enabledPlugins,
      restrictions: restrictionsOf(org),
      abilities: new Set(abilities.map(({ subject, action }) => abilityKey(subject, action))),
    }
    ctx.bouncer = new Bouncer(() => user).setContainerResolver(ctx.containerResolver)
  }

  /** A login-as session ends when the person who started it is no longer active. */
  private async checkLoginAs(tokenName: string | null | undefined) {
    const match = /^login-as:(\d+)$/.exec(tokenName ?? '')
    if (!match) return
    // tenancy: the audit row named by the caller's own login-as token
    const audit = await db.from('login_as_audits').where('id', Number(match[1])).select('actor_id', 'ended_at').first()
    const actor = audit ? await User.find(audit.actor_id) : null
    if (!audit || audit.ended_at || !actor || actor.status !== 'active')
      throw new AppError('errors.forced_logout', 406, 'forced_logout')
  }

  /**
   * Session rules of spec §4/§8: an unpaid invoice or an ended trial answers 401 with the
   * typed `{host}.invoice.due` / `{host}.trial-end`, which the panels show as a notice;
   * a locked panel keeps admins and sub-admins on billing. Account, billing and logout
   * always work, so the panels can explain and the user can leave.
   */
  private enforceBilling(ctx: HttpContext, user: User, home: Organization) {
    if (BILLING_EXEMPT.test(ctx.request.url())) return
    const host = ctx.request.hostname() ?? 'affix'
    if (home.billingState === 'invoice_due') throw new AppError('errors.invoice_due', 401, `${host}.invoice.due`)
    if (home.billingState === 'trial_end') throw new AppError('errors.trial_end', 401, `${host}.trial-end`)
    if (home.panelLocked && LOCKABLE_ROLES.has(user.role))
      throw new AppError('errors.panel_locked', 403, 'panel_locked')
  }

  /**
   * `coid` lets an admin of a parent organisation act on one of its children (spec §7).
   * It is ignored on the calls the spec lists as organisation-independent, and refused
   * for anyone else or any other organisation.
   */
  private async actedOn(ctx: HttpContext, user: User, home: Organization): Promise<Organization> {
    const raw = ctx.request.qs().coid
    if (raw === undefined || raw === '' || COID_EXEMPT.test(ctx.request.url())) return home
    const coid = Number(raw)
    if (!Number.isSafeInteger(coid) || coid <= 0) {
      throw new AppError(
        'errors.invalid_query',
        422,
        'validation',
        { field: 'coid' },
        { fields: [{ field: 'coid', rule: 'query' }] }
      )
    }
    if (coid === home.id) return home
    const child = await Organization.find(coid)
    if (!child || child.parentId !== home.id || !COID_ROLES.has(user.role))
      throw new AppError('errors.invalid_coid', 403, 'forbidden')
    return child
  }
}

/**
 * The route table decides what API keys and OAuth tokens may call (RouteSpec.scope): a
 * call with no scope needs a panel session, and a scoped call needs that scope granted.
 * The abilities are narrowed to the scopes as well, so the handler's own checks apply too.
 */
function assertRouteScope(ctx: HttpContext, granted: ApiKeyScope[]) {
  const operation = openapiRegistry.byOperationId(ctx.route?.name)
  const scope = operation ? routeScope(operation) : null
  if (!scope) throw new AppError('errors.panel_only', 403, 'forbidden')
  if (scope === 'any') return
  const separator = scope.lastIndexOf(':')
  const [subject, access] = [scope.slice(0, separator), scope.slice(separator + 1) as 'read' | 'write']
  if (!granted.some((entry) => entry.resource === subject && entry.operations.includes(access)))
    throw new AppError('errors.scope_missing', 403, 'forbidden', { scope })
}

/** Calls that never take `coid` (spec §7): account, billing, logout, child organisations. */
const COID_EXEMPT = /^\/api\/v1\/(account|billing|auth\/logout|organization\/child)(\/|$)/
const COID_ROLES = new Set(['admin', 'parent'])
const BILLING_EXEMPT = /^\/api\/v1\/(account|billing|auth\/logout)(\/|\?|$)/
const LOCKABLE_ROLES = new Set(['admin', 'sub-admin'])
export const API_REQUESTS_PER_MINUTE = 1200

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<any, {}, {}>
  }
}
