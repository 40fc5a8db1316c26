/*
 * Registration: verification links and the mails of an organisation's registration (each in
 * the recipient's language, with links on the configured address: linkBaseUrl). Affiliate and
 * brand signups are the signup plugin's (their panel: kernel addSignedUpPanel).
 */
import { createHash, randomBytes } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import i18nManager from '@adonisjs/i18n/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import User from '#models/user'
import { unprocessable } from '#kernel/errors'
import { sendMail, type OutgoingMail } from '#services/mailer'
import { linkBaseUrl } from '#kernel/links'

export type VerificationPurpose = 'account' | 'email'

export const VERIFICATION_TTL_HOURS = 24

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** Translations in the recipient's language (en when unknown). */
export function i18nFor(locale: string | null | undefined) {
  return i18nManager.locale((locale && i18nManager.getSupportedLocaleFor(locale)) || i18nManager.defaultLocale)
}

/**
 * Sends a mail after the data it speaks of is committed. A failing mail server does not undo
 * a registration: the person can ask for the link again. Only the recipient's id is logged,
 * never the mail (it carries links).
 */
export async function deliver(mail: OutgoingMail, userId: number) {
  try {
    await sendMail(mail)
  } catch (error) {
    logger.error({ userId, err: (error as Error).message }, 'registration mail could not be sent')
  }
}

/** Serialises work on one address (two signups with the same e-mail at once). */
export async function lockEmail(email: string, trx: TransactionClientContract) {
  await trx.rawQuery('SELECT pg_advisory_xact_lock(hashtext(?))', [`person:${email.toLowerCase()}`])
}

export const usernameTaken = () =>
  unprocessable('registration.username_taken', { fields: [{ field: 'email', rule: 'unique' }] })

/** A new single-use link for the panel; it replaces any earlier unused one of the same purpose. */
export async function issueVerificationToken(
  userId: number,
  purpose: VerificationPurpose,
  trx: TransactionClientContract
) {
  const token = randomBytes(32).toString('base64url')
  await trx.from('verification_tokens').where({ user_id: userId, purpose }).whereNull('used_at').delete()
  await trx
    .insertQuery()
    .table('verification_tokens')
    .insert({
      user_id: userId,
      purpose,
      token_hash: sha256(token),
      expires_at: DateTime.now().plus({ hours: VERIFICATION_TTL_HOURS }).toJSDate(),
    })
  return token
}

/** Mails the link of an account-activation or e-mail-verification token. */
export async function sendVerificationMail(
  ctx: HttpContext,
  user: User,
  token: string,
  purpose: VerificationPurpose,
  locale?: string | null
) {
  const i18n = i18nFor(locale ?? user.locale ?? ctx.i18n.locale)
  const prefix = purpose === 'account' ? 'registration.account_mail' : 'registration.email_mail'
  await deliver(
    {
      to: user.email,
      subject: i18n.t(`${prefix}_subject`),
      text: i18n.t(`${prefix}_body`, {
        link: `${await linkBaseUrl(user.organizationId)}/auth/verify/${token}`,
        hours: VERIFICATION_TTL_HOURS,
      }),
    },
    user.id
  )
}
