import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { setPasswordFromMailedLink } from '#services/panels'
import { ok } from '#kernel/envelope'
import { unprocessable } from '#kernel/errors'
import { linkBaseUrl } from '#kernel/links'
import { validate } from '#kernel/validation'
import { forgotPasswordValidator, resetPasswordValidator } from '#validators/password'
import { limit } from '#services/rate_limit'
import { deliver, i18nFor } from '#services/registration'
import { issuePasswordLink, RESET_TTL_MINUTES, sha256 } from '#services/password_links'

export default class PasswordController {
  /**
   * POST /api/v1/auth/password/forgot. Always the same answer, whether the address is
   * known or not, so the call cannot be used to find accounts. The link is built on the
   * configured address (linkBaseUrl), never on the request's Host headers.
   */
  async forgot(ctx: HttpContext) {
    const { email } = await validate(ctx, forgotPasswordValidator)
    await limit(ctx, `forgot:ip:${ctx.request.ip()}`, 20, 900)
    await limit(ctx, `forgot:email:${email.toLowerCase()}`, 5, 900)
    const user = await User.query()
      .whereRaw('lower(email) = ?', [email.toLowerCase()])
      .where('status', 'active')
      .orderByRaw('last_login_at DESC NULLS LAST, id ASC')
      .first()
    if (user) {
      const code = await db.transaction((trx) => issuePasswordLink(trx, user.id, 'reset'))
      // The mail speaks the account's language when it chose one.
      const i18n = user.locale ? i18nFor(user.locale) : ctx.i18n
      const link = `${await linkBaseUrl(user.organizationId)}/password/reset/${code}`
      await deliver(
        {
          to: user.email,
          subject: i18n.t('auth.reset_mail_subject'),
          text: i18n.t('auth.reset_mail_body', { link, minutes: RESET_TTL_MINUTES }),
        },
        user.id
      )
    }
    return ok(ctx, { message: ctx.i18n.t('auth.reset_requested') })
  }

  /**
   * POST /api/v1/auth/password/reset: a valid, unused, unexpired code (a reset or an
   * invitation) sets the password of every panel of the address and ends every session.
   */
  async reset(ctx: HttpContext) {
    const { code, password } = await validate(ctx, resetPasswordValidator)
    await limit(ctx, `reset:ip:${ctx.request.ip()}`, 30, 900)
    const purpose = await db.transaction(async (trx) => {
      const row = await trx.from('password_resets').where('code_hash', sha256(code)).forUpdate().first()
      const invalid = (key: string) => unprocessable(key, { fields: [{ field: 'code', rule: 'invalid' }] })
      if (!row || row.used_at) throw invalid('auth.reset_code_invalid')
      const invitation = row.purpose === 'invitation'
      if (new Date(row.expires_at).getTime() <= Date.now())
        throw invalid(invitation ? 'auth.invitation_code_expired' : 'auth.reset_code_expired')
      const user = await User.find(row.user_id, { client: trx })
      // A panel deleted since the mail was sent takes its link with it.
      if (!user || user.status === 'deleted') throw invalid('auth.reset_code_invalid')
      // Reading the mailbox proves the address: every panel of it gets the password.
      const panels = await setPasswordFromMailedLink(user.email, password, trx)
      await trx.from('password_resets').where('id', row.id).update({ used_at: new Date() })
      // Following an invitation proves the address of the panel it was sent for.
      // tenancy: the panel the single-use code was mailed for
      if (invitation)
        await trx
          .from('users')
          .where('id', user.id)
          .whereNull('email_verified_at')
          .update({ email_verified_at: new Date() })
      // Every session of the person ends: whoever knew an old password is out.
      await trx.from('auth_access_tokens').whereIn('tokenable_id', panels).delete()
      return row.purpose as string
    })
    return ok(ctx, { message: ctx.i18n.t(purpose === 'invitation' ? 'auth.password_set' : 'auth.password_changed') })
  }
}
