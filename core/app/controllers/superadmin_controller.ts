import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { ok } from '#kernel/envelope'
import { AppError, forbidden } from '#kernel/errors'
import { validate } from '#kernel/validation'
import { superadminLoginValidator } from '#validators/superadmin'
import { limit } from '#services/rate_limit'
import { openSession, verifyPanelCredentials } from '#services/panels'
import { endLoginAs } from '#controllers/login_as_controller'

export default class SuperadminController {
  /**
   * POST /api/v1/superuser/auth/login: opens the person's superadmin panel. An address
   * without one gets the same 401 as a wrong password (after the same password check).
   */
  async login(ctx: HttpContext) {
    const { email, password } = await validate(ctx, superadminLoginValidator, 'auth')
    // The same counters as the panel login: both doors share one budget of attempts.
    await limit(ctx, `login:ip:${ctx.request.ip()}`, 100, 60)
    await limit(ctx, `login:email:${email.toLowerCase()}`, 10, 60)
    // Only the superadmin panel's own password opens it (panels do not lend passwords).
    const panel = await verifyPanelCredentials(email, password, { role: 'superadmin' })
    if (panel.status !== 'active') throw new AppError('auth.account_inactive', 403, 'account_inactive')
    return ok(ctx, await openSession(panel, 'superadmin'))
  }

  /**
   * POST /api/v1/auth/logout/su: the superadmin's logout. From a superadmin-as-admin
   * login-as session it ends that session only and answers `returnTo: 'superadmin'` (the
   * superadmin's own token still works); from the superadmin panel it ends its token
   * (`returnTo: 'superadminLogin'`). Other sessions log out through /auth/logout.
   */
  async logout(ctx: HttpContext) {
    if (ctx.tenant.apiKeyId) throw forbidden()
    const user = ctx.auth.use('api').getUserOrFail()
    const token = user.currentAccessToken
    if (!token) throw forbidden()
    const match = /^login-as:(\d+)$/.exec(token.name ?? '')
    if (match) {
      // tenancy: the audit row named by the caller's own login-as token
      const audit = await db.from('login_as_audits').where('id', Number(match[1])).select('actor_id').first()
      const actor = audit ? await User.find(audit.actor_id) : null
      if (actor?.role !== 'superadmin') throw forbidden()
      await endLoginAs(token.name)
      await User.accessTokens.delete(user, token.identifier)
      return ok(ctx, { loggedOut: true, returnTo: 'superadmin' })
    }
    if (ctx.tenant.role !== 'superadmin') throw forbidden()
    await User.accessTokens.delete(user, token.identifier)
    return ok(ctx, { loggedOut: true, returnTo: 'superadminLogin' })
  }
}
