import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import { ok } from '#kernel/envelope'
import { forbidden, unprocessable } from '#kernel/errors'
import { validate } from '#kernel/validation'
import { resendVerificationValidator, verifyTokenValidator } from '#validators/registration'
import { limit } from '#services/rate_limit'
import { openSession } from '#services/panels'
import { issueVerificationToken, sendVerificationMail, sha256 } from '#services/registration'

export default class VerificationController {
  /**
   * POST /api/v1/auth/verify: follows a mailed link. An account link activates the pending
   * panel and logs it in; an e-mail link marks the address verified (status unchanged).
   */
  async verify(ctx: HttpContext) {
    const { token } = await validate(ctx, verifyTokenValidator, 'registration')
    await limit(ctx, `verify:ip:${ctx.request.ip()}`, 60, 900)
    const { user, purpose } = await db.transaction(async (trx) => {
      const row = await trx.from('verification_tokens').where('token_hash', sha256(token)).forUpdate().first()
      const invalid = (key: string) => unprocessable(key, { fields: [{ field: 'token', rule: 'invalid' }] })
      if (!row || row.used_at) throw invalid('registration.token_invalid')
      if (new Date(row.expires_at).getTime() <= Date.now()) throw invalid('registration.token_expired')
      const panel = await User.find(row.user_id, { client: trx })
      // A panel disabled or deleted since the mail was sent cannot be verified or logged in.
      if (!panel || panel.status === 'disabled' || panel.status === 'deleted')
        throw invalid('registration.token_invalid')
      await trx.from('verification_tokens').where('id', row.id).update({ used_at: new Date() })
      panel.emailVerifiedAt = DateTime.now()
      if (row.purpose === 'account' && panel.status === 'pending') panel.status = 'active'
      await panel.save()
      return { user: panel, purpose: row.purpose as 'account' | 'email' }
    })
    if (purpose === 'account') return ok(ctx, await openSession(user))
    return ok(ctx, { message: ctx.i18n.t('registration.email_verified') })
  }

  /**
   * POST /api/v1/auth/verify/email: a new activation link for a registration still waiting
   * for it. Always the same answer, so the call cannot be used to find accounts.
   */
  async resend(ctx: HttpContext) {
    const { email } = await validate(ctx, resendVerificationValidator, 'registration')
    const address = email.toLowerCase()
    await limit(ctx, `verify-resend:ip:${ctx.request.ip()}`, 20, 900)
    await limit(ctx, `verify-resend:email:${address}`, 3, 900)
    // Only the owner of a registered organisation activates by mail; a pending affiliate or
    // brand waits for the organisation's approval instead.
    const panels = await User.query()
      .whereRaw('lower(email) = ?', [address])
      .where({ role: 'admin', owner: true, status: 'pending' })
      .whereNull('email_verified_at')
    for (const panel of panels) {
      const token = await db.transaction((trx) => issueVerificationToken(panel.id, 'account', trx))
      await sendVerificationMail(ctx, panel, token, 'account')
    }
    return ok(ctx, { message: ctx.i18n.t('registration.verification_resent') })
  }

  /** POST /api/v1/account/email/verification: mails a link that verifies the caller's address. */
  async sendEmailVerification(ctx: HttpContext) {
    // An API key acts for a user but is not that person reading their mail.
    if (ctx.tenant.apiKeyId) throw forbidden()
    const user = await User.findOrFail(ctx.tenant.userId)
    if (user.emailVerifiedAt) throw unprocessable('registration.email_already_verified')
    await limit(ctx, `verify-email:user:${user.id}`, 5, 900)
    const token = await db.transaction((trx) => issueVerificationToken(user.id, 'email', trx))
    await sendVerificationMail(ctx, user, token, 'email')
    return ok(ctx, { message: ctx.i18n.t('registration.email_verification_sent', { email: user.email }) })
  }
}
