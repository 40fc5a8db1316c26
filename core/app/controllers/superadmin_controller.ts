import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { ok } from '#kernel/envelope'
import { AppError, forbidden } from '#kernel/errors'
import { authorize } from '#kernel/tenancy'
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
    const { email, password } = await validate(ctx, superadminLoginValidator, 'superadmin')
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

  /** GET /api/v1/superadmin/home: the figures of the superadmin home. */
  async home(ctx: HttpContext) {
    authorize(ctx, 'accounts', 'read')
    const [organizations] = await db
      .from('organizations')
      .select(
        db.raw('count(*)::int as total'),
        db.raw('count(verified_at)::int as verified'),
        db.raw('count(*) filter (where panel_locked)::int as locked'),
        db.raw("count(*) filter (where billing_state = 'active')::int as active"),
        db.raw("count(*) filter (where billing_state = 'invoice_due')::int as invoice_due"),
        db.raw("count(*) filter (where billing_state = 'trial_end')::int as trial_end")
      )
    // tenancy: the superadmin's platform totals span every organisation on purpose
    const [users] = await db.from('users').whereNot('status', 'deleted').select(db.raw('count(*)::int as total'))
    const recent = await db
      .from('organizations')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(5)
      .select('id', 'name', 'created_at', 'verified_at')
    return ok(ctx, {
      organizations: organizations.total,
      verified: organizations.verified,
      unverified: organizations.total - organizations.verified,
      panelLocked: organizations.locked,
      billing: {
        active: organizations.active,
        invoice_due: organizations.invoice_due,
        trial_end: organizations.trial_end,
      },
      users: users.total,
      recent: recent.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: new Date(row.created_at).toISOString(),
        verifiedAt: row.verified_at ? new Date(row.verified_at).toISOString() : null,
      })),
    })
  }
}
