import { createHash, randomBytes } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import i18nManager from '@adonisjs/i18n/services/main'
import User from '#models/user'
import { setPersonPassword } from '#services/panels'
import { ok } from '#kernel/envelope'
import { unprocessable } from '#kernel/errors'
import { validate } from '#kernel/validation'
import { forgotPasswordValidator, resetPasswordValidator } from '#validators/password'
import { limit } from '#services/rate_limit'
import { sendMail } from '#services/mailer'

const CODE_TTL_MINUTES = 60
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export default class PasswordController {
  /**
   * POST /api/v1/auth/password/forgot. Always the same answer, whether the address is
   * known or not, so the call cannot be used to find accounts.
   */
  async forgot(ctx: HttpContext) {
    const { email } = await validate(ctx, forgotPasswordValidator)
    await limit(ctx, `forgot:ip:${ctx.request.ip()}`, 20, 900)
    await limit(ctx, `forgot:email:${email.toLowerCase()}`, 5, 900)
    const user = await User.query().whereRaw('lower(email) = ?', [email.toLowerCase()]).where('status', 'active').first()
    if (user) {
      const code = randomBytes(32).toString('base64url')
      await db.transaction(async (trx) => {
        // A new code replaces any earlier unused one.
        await trx.from('password_resets').where('user_id', user.id).whereNull('used_at').delete()
        await trx.insertQuery().table('password_resets').insert({
          user_id: user.id,
          code_hash: sha256(code),
          expires_at: DateTime.now().plus({ minutes: CODE_TTL_MINUTES }).toJSDate(),
        })
      })
      const base = (process.env.APP_URL ?? `${ctx.request.protocol()}://${ctx.request.host()}`).replace(/\/+$/, '')
      // The mail speaks the account's language when it chose one.
      const i18n = user.locale ? i18nManager.locale(i18nManager.getSupportedLocaleFor(user.locale) ?? ctx.i18n.locale) : ctx.i18n
      await sendMail({
        to: user.email,
        subject: i18n.t('auth.reset_mail_subject'),
        text: i18n.t('auth.reset_mail_body', { link: `${base}/password/reset/${code}`, minutes: CODE_TTL_MINUTES }),
      })
    }
    return ok(ctx, { message: ctx.i18n.t('auth.reset_requested') })
  }

  /** POST /api/v1/auth/password/reset: a valid, unused, unexpired code sets a new password. */
  async reset(ctx: HttpContext) {
    const { code, password } = await validate(ctx, resetPasswordValidator)
    await limit(ctx, `reset:ip:${ctx.request.ip()}`, 30, 900)
    await db.transaction(async (trx) => {
      const row = await trx.from('password_resets').where('code_hash', sha256(code)).forUpdate().first()
      const invalid = (key: string) => unprocessable(key, { fields: [{ field: 'code', rule: 'invalid' }] })
      if (!row || row.used_at) throw invalid('auth.reset_code_invalid')
      if (new Date(row.expires_at).getTime() <= Date.now()) throw invalid('auth.reset_code_expired')
      const user = await User.findOrFail(row.user_id, { client: trx })
      // The password is the person's: every panel of the address gets it.
      await setPersonPassword(user.email, password, trx)
      await trx.from('password_resets').where('id', row.id).update({ used_at: new Date() })
      // Every session of the person ends: whoever knew the old password is out.
      await trx
        .from('auth_access_tokens')
        .whereIn('tokenable_id', trx.from('users').whereRaw('lower(email) = ?', [user.email.toLowerCase()]).select('id'))
        .delete()
    })
    return ok(ctx, { message: ctx.i18n.t('auth.password_changed') })
  }
}
