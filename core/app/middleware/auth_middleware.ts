import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import i18nManager from '@adonisjs/i18n/services/main'
import { Bouncer } from '@adonisjs/bouncer'
import { AppError } from '#kernel/errors'
import Organization from '#models/organization'
import type User from '#models/user'
import { abilitiesOf, abilityKey } from '#services/abilities'

/**
 * Authenticates the bearer token, then sets up what every authenticated request needs:
 * the tenant (organisation of the token's user), the user's language when they chose
 * one, and the Bouncer instance for policies.
 * A user who is no longer active is answered 406, which makes the panels log out.
 */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = await ctx.auth.authenticateUsing(['api'])
    if (user.status !== 'active') throw new AppError('errors.forced_logout', 406, 'forced_logout')
    if (user.locale && !ctx.request.header('accept-language')) {
      ctx.i18n.switchLocale(i18nManager.getSupportedLocaleFor(user.locale) ?? i18nManager.defaultLocale)
    }
    const home = await Organization.findOrFail(user.organizationId)
    const org = await this.actedOn(ctx, user, home)
    const abilities = await abilitiesOf(user, org, { actingOnChild: org.id !== home.id })
    ctx.tenant = {
      organizationId: org.id,
      homeOrganizationId: home.id,
      userId: user.id,
      role: user.role,
      abilities: new Set(abilities.map(({ subject, action }) => abilityKey(subject, action))),
    }
    ctx.bouncer = new Bouncer(() => user).setContainerResolver(ctx.containerResolver)
    return next()
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
