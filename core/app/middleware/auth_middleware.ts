import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { Bouncer } from '@adonisjs/bouncer'
import { AppError } from '#kernel/errors'
import Organization from '#models/organization'
import User from '#models/user'
import type ApiKey from '#models/api_key'
import { abilitiesOf, abilityKey } from '#services/abilities'
import { looksLikeApiKey, scopeAbilities, verifyApiKey } from '#services/api_keys'

/**
 * Authenticates the caller — a panel's bearer token, or an API key (`afk_…` as bearer
 * token or in x-api-key) — then sets up what every authenticated request needs: the
 * tenant (organisation acted on, abilities), the user's language when they chose one,
 * and the Bouncer instance for policies.
 * A user who is no longer active is answered 406, which makes the panels log out.
 * Every call made with an API key is written to the API log.
 */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const bearer = ctx.request.header('authorization')?.replace(/^Bearer\s+/i, '')
    const apiKey = looksLikeApiKey(bearer) ? bearer : ctx.request.header('x-api-key')
    if (looksLikeApiKey(apiKey)) return this.withApiKey(ctx, next, apiKey)
    const user = await ctx.auth.authenticateUsing(['api'])
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
      await this.establish(ctx, owner, key)
      await next()
      status = ctx.response.getStatus()
    } catch (error) {
      status = Number((error as { status?: number })?.status) || 500
      throw error
    } finally {
      await db.insertQuery().table('api_logs').insert({
        organization_id: key.organizationId,
        api_key_id: key.id,
        method: ctx.request.method(),
        path: ctx.request.url().slice(0, 2048),
        status,
        latency_ms: Math.round(performance.now() - started),
        ip: ctx.request.ip(),
      })
      await db.from('api_keys').where('id', key.id).update({ last_used_at: new Date() })
    }
  }

  private async establish(ctx: HttpContext, user: User, apiKey?: ApiKey) {
    if (user.status !== 'active') throw new AppError('errors.forced_logout', 406, 'forced_logout')
    if (user.locale && !ctx.request.header('accept-language')) {
      ctx.i18n.switchLocale(i18nManager.getSupportedLocaleFor(user.locale) ?? i18nManager.defaultLocale)
    }
    const home = await Organization.findOrFail(user.organizationId)
    const org = await this.actedOn(ctx, user, home)
    let abilities = await abilitiesOf(user, org, { actingOnChild: org.id !== home.id })
    if (apiKey) abilities = scopeAbilities(abilities, apiKey.scopes)
    ctx.tenant = {
      organizationId: org.id,
      homeOrganizationId: home.id,
      userId: user.id,
      user,
      role: user.role,
      apiKeyId: apiKey?.id ?? null,
      abilities: new Set(abilities.map(({ subject, action }) => abilityKey(subject, action))),
    }
    ctx.bouncer = new Bouncer(() => user).setContainerResolver(ctx.containerResolver)
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
      throw new AppError('errors.invalid_query', 422, 'validation', { field: 'coid' }, { fields: [{ field: 'coid', rule: 'query' }] })
    }
    if (coid === home.id) return home
    const child = await Organization.find(coid)
    if (!child || child.parentId !== home.id || !COID_ROLES.has(user.role)) throw new AppError('errors.invalid_coid', 403, 'forbidden')
    return child
  }
}

/** Calls that never take `coid` (spec §7): account, billing, logout, child organisations. */
const COID_EXEMPT = /^\/api\/v1\/(account|billing|auth\/logout|organization\/child)(\/|$)/
const COID_ROLES = new Set(['admin', 'parent'])

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<any, {}, {}>
  }
}
