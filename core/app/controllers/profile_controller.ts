import type { HttpContext } from '@adonisjs/core/http'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { ok } from '#kernel/envelope'
import { unprocessable } from '#kernel/errors'
import { authorize } from '#kernel/tenancy'
import { rejectClearedFields, validate } from '#kernel/validation'
import { teamScopeOf } from '#kernel/team_scope'
import { recordTimeline } from '#services/timeline'
import { limit } from '#services/rate_limit'
import { changePasswordValidator, updateProfileValidator } from '#validators/profile'
import { assertOwnSession, changeCredential } from '#services/panels'

const SCOPE = 'profile'
const PROFILE_FIELDS = ['name', 'phone', 'skype', 'city', 'address', 'state', 'zipcode', 'country', 'locale'] as const

/** The caller's own panel: identity and profile (spec §3 "Profile"), never the password. */
function profilePayload(user: User) {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    name: user.name,
    phone: user.phone,
    skype: user.skype,
    city: user.city,
    address: user.address,
    state: user.state,
    zipcode: user.zipcode,
    country: user.country,
    locale: user.locale,
  }
}

export default class ProfileController {
  /** GET /api/v1/account/profile */
  async show(ctx: HttpContext) {
    authorize(ctx, 'account', 'read')
    return ok(ctx, profilePayload(await User.findOrFail(ctx.tenant.userId)))
  }

  /** PATCH /api/v1/account/profile: the fields sent are changed, an empty one is cleared (not the name). */
  async update(ctx: HttpContext) {
    authorize(ctx, 'account', 'manage')
    rejectClearedFields(ctx, ['name'], SCOPE)
    const data = await validate(ctx, updateProfileValidator, SCOPE)
    const user = await db.transaction(async (trx) => {
      const user = await User.query({ client: trx }).where('id', ctx.tenant.userId).forUpdate().firstOrFail()
      const changed = PROFILE_FIELDS.filter((field) => data[field] !== undefined && data[field] !== user[field])
      if (!changed.length) return user
      for (const field of changed) (user as unknown as Record<string, unknown>)[field] = data[field]
      await user.save()
      // Only which fields changed: the timeline is read by the organisation's admins.
      await recordTimeline(user.organizationId, user.id, 'profile.updated', { userId: user.id, fields: changed }, trx)
      return user
    })
    return ok(ctx, profilePayload(user))
  }

  /** GET /api/v1/account/scope: the caller's team scope (which affiliates, campaigns and reports). */
  async scope(ctx: HttpContext) {
    authorize(ctx, 'account', 'read')
    return ok(ctx, await teamScopeOf(ctx))
  }

  /**
   * POST /api/v1/account/change-password. The new password goes to the panels that share
   * the caller's credential (set together by the person), never to the address's other
   * panels, whose password may be someone else's; every other session of those panels ends.
   */
  async changePassword(ctx: HttpContext) {
    // Only the person, in a panel session of their own: not an API key, not someone acting as them.
    assertOwnSession(ctx, SCOPE, { ownOrganization: false })
    const token = ctx.auth.use('api').user?.currentAccessToken
    const data = await validate(ctx, changePasswordValidator, SCOPE)
    await limit(ctx, `change-password:user:${ctx.tenant.userId}`, 10, 900)
    const user = await User.findOrFail(ctx.tenant.userId)
    if (!(await hash.use('scrypt').verify(user.password, data.currentPassword))) {
      throw unprocessable(`${SCOPE}.wrong_current_password`, {
        fields: [{ field: 'currentPassword', rule: 'current' }],
      })
    }
    await db.transaction(async (trx) => {
      const panels = await changeCredential(user, data.password, trx)
      await trx
        .from('auth_access_tokens')
        .whereIn('tokenable_id', panels)
        .if(token, (query) => query.whereNot('id', Number(token!.identifier)))
        .delete()
      // A reset link mailed before the change must not undo it.
      // tenancy: a person's address spans organisations: its reset codes die with the change
      await trx
        .from('password_resets')
        .whereIn('user_id', trx.from('users').whereRaw('lower(email) = ?', [user.email.toLowerCase()]).select('id'))
        .where('purpose', 'reset')
        .whereNull('used_at')
        .delete()
      await recordTimeline(user.organizationId, user.id, 'profile.password_changed', { userId: user.id }, trx)
    })
    return ok(ctx, { message: ctx.i18n.t(`${SCOPE}.password_changed`) })
  }
}
