import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import LoginAsAudit from '#models/login_as_audit'
import { list, ok } from '#kernel/envelope'
import { AppError, notFound } from '#kernel/errors'
import { authorize, scoped } from '#kernel/tenancy'
import { validate } from '#kernel/validation'
import { paginate, parseList } from '#kernel/list_query'
import { loginAsValidator } from '#validators/login_as'
import { LOGIN_AS_LIST } from '#services/login_as_list'
import { accountPayload } from '#services/account'

/** Spec §6: an admin logs in as an affiliate or a brand of the organisation; a superadmin as an admin. */
const TARGET_ROLES: Record<string, string[]> = { admin: ['affiliate', 'brand'], superadmin: ['admin'] }
const LOGIN_AS_TTL = '8 hours'

export default class LoginAsController {
  /** POST /api/v1/auth/login-as: a token for the target's panel, audited; the caller keeps its own. */
  async store(ctx: HttpContext) {
    authorize(ctx, 'login_as', 'manage')
    if (ctx.tenant.apiKeyId) throw new AppError('api_keys.panel_only', 403, 'forbidden')
    const { userId } = await validate(ctx, loginAsValidator)
    const target = await User.find(userId)
    const sameOrganization = target?.organizationId === ctx.tenant.organizationId
    const allowedRole = target && (TARGET_ROLES[ctx.tenant.role] ?? []).includes(target.role)
    // A superadmin reaches every organisation; an admin only the one it acts on.
    if (!target || (!sameOrganization && ctx.tenant.role !== 'superadmin')) throw notFound()
    if (!allowedRole) throw new AppError('auth.login_as_role', 403, 'forbidden')
    if (target.status !== 'active') throw new AppError('auth.account_inactive', 403, 'account_inactive')

    const audit = await LoginAsAudit.create({
      organizationId: target.organizationId,
      actorId: ctx.tenant.userId,
      targetId: target.id,
      ip: ctx.request.ip(),
    })
    const token = await User.accessTokens.create(target, ['*'], {
      name: `login-as:${audit.id}`,
      expiresIn: LOGIN_AS_TTL,
    })
    return ok(ctx, {
      token: token.value!.release(),
      type: 'bearer',
      expiresAt: token.expiresAt?.toISOString() ?? null,
      ...(await accountPayload(target, { id: ctx.tenant.userId, email: ctx.tenant.user.email })),
    })
  }

  /** GET /api/v1/auth/login-as: the audit trail of the organisation. */
  async index(ctx: HttpContext) {
    authorize(ctx, 'login_as', 'manage')
    const parsed = parseList(ctx, LOGIN_AS_LIST)
    const page = await paginate(scoped(ctx, LoginAsAudit), parsed, LOGIN_AS_LIST)
    return list(
      ctx,
      'login-as',
      page.rows.map((row) => row.serialize()),
      page
    )
  }
}

/** Ends the audit record of a login-as session (called on logout). */
export async function endLoginAs(tokenName: string | null | undefined) {
  const match = /^login-as:(\d+)$/.exec(tokenName ?? '')
  // tenancy: the audit row named by the caller's own login-as token
  if (match)
    await db
      .from('login_as_audits')
      .where('id', Number(match[1]))
      .whereNull('ended_at')
      .update({ ended_at: new Date() })
}
