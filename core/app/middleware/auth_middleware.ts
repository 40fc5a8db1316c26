import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import i18nManager from '@adonisjs/i18n/services/main'
import { Bouncer } from '@adonisjs/bouncer'
import { AppError } from '#kernel/errors'
import Organization from '#models/organization'
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
    const org = await Organization.findOrFail(user.organizationId)
    const abilities = await abilitiesOf(user, org)
    ctx.tenant = {
      organizationId: org.id,
      userId: user.id,
      role: user.role,
      abilities: new Set(abilities.map(({ subject, action }) => abilityKey(subject, action))),
    }
    ctx.bouncer = new Bouncer(() => user).setContainerResolver(ctx.containerResolver)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<any, {}, {}>
  }
}
