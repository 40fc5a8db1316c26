/*
 * Registration: verification links, the mails of registration and signup (each in the
 * recipient's language, with links on the configured address: linkBaseUrl), and the
 * creation of a signup panel (affiliate or brand). A person may hold panels in other
 * organisations; a signup neither reveals them nor depends on them: the new panel has the
 * password typed here, its own (docs/security.md, "Identity and passwords").
 */
import { createHash, randomBytes } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import hash from '@adonisjs/core/services/hash'
import logger from '@adonisjs/core/services/logger'
import i18nManager from '@adonisjs/i18n/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import type Organization from '#models/organization'
import User from '#models/user'
import { unprocessable } from '#kernel/errors'
import { sendMail, type OutgoingMail } from '#services/mailer'
import { linkBaseUrl } from '#kernel/links'
import { recordTimeline } from '#services/timeline'
import { emitPanelSignup } from '#kernel/signup_hooks'

export type VerificationPurpose = 'account' | 'email'
export type SignupKind = 'affiliate' | 'brand'

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

export interface SignupInput {
  email: string
  password: string
  name: string
  phone?: string
  language?: string
}

/**
 * Creates the person's panel in the organisation, with the password typed at the signup (its
 * own hash, whatever panels the address holds elsewhere: those are neither revealed, nor
 * required, nor given this password). A panel already in this organisation is "Username is
 * already taken".
 */
export async function createSignupPanel(
  trx: TransactionClientContract,
  org: Organization,
  kind: SignupKind,
  status: 'active' | 'pending',
  input: SignupInput,
  details: { answers: Record<string, string>; campaignId: number | null; ref?: number | null }
) {
  const email = input.email.toLowerCase()
  await lockEmail(email, trx)
  const inThisOrganization = await trx
    .from('users')
    .where('organization_id', org.id)
    .whereRaw('lower(email) = ?', [email])
    .first()
  if (inThisOrganization) throw usernameTaken()
  // A referral link naming anything but a live affiliate of this organisation is ignored.
  const referrer = details.ref
    ? await trx
        .from('users')
        .where({ id: details.ref, organization_id: org.id, role: 'affiliate' })
        .whereNotIn('status', ['deleted'])
        .select('id')
        .first()
    : null
  const referredBy = referrer ? Number(referrer.id) : null
  const [row] = await trx
    .insertQuery()
    .table('users')
    .insert({
      organization_id: org.id,
      email,
      password: await hash.use('scrypt').make(input.password),
      name: input.name,
      role: kind,
      status,
      owner: false,
      locale: input.language ?? null,
      phone: input.phone ?? null,
      signup_details: JSON.stringify({
        answers: details.answers,
        campaignId: details.campaignId,
        ...(referredBy ? { referredBy } : {}),
      }),
    })
    .returning('id')
  const user = await User.findOrFail(typeof row === 'object' ? row.id : row, { client: trx })
  await recordTimeline(
    org.id,
    user.id,
    `registration.${kind}_signed_up`,
    { userId: user.id, status, campaignId: details.campaignId },
    trx
  )
  await emitPanelSignup({
    trx,
    organizationId: org.id,
    userId: user.id,
    kind,
    referredBy,
    campaignId: details.campaignId,
  })
  return user
}

/** The welcome mail to the new panel, and a note to every active admin of the organisation. */
export async function sendSignupMails(org: Organization, user: User, kind: SignupKind, language: string) {
  const personal = i18nFor(language)
  const mailKey =
    kind === 'brand' ? 'brand_pending' : user.status === 'active' ? 'affiliate_active' : 'affiliate_pending'
  const data = { organization: org.name, name: user.name ?? user.email, link: `${await linkBaseUrl(org.id)}/login` }
  await deliver(
    {
      to: user.email,
      subject: personal.t(`registration.welcome_${mailKey}_subject`, data),
      text: personal.t(`registration.welcome_${mailKey}_body`, data),
    },
    user.id
  )
  const admins = await User.query().where('organization_id', org.id).where('role', 'admin').where('status', 'active')
  for (const admin of admins) {
    const i18n = i18nFor(admin.locale ?? org.preferences?.language)
    const note = { ...data, email: user.email, status: i18n.t(`registration.status_${user.status}`) }
    await deliver(
      {
        to: admin.email,
        subject: i18n.t(`registration.admin_${kind}_subject`, note),
        text: i18n.t(`registration.admin_${kind}_body`, note),
      },
      admin.id
    )
  }
}
