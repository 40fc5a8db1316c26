/*
 * Links mailed to an address so that the person sets their own password: a reset (asked for
 * with "forgot password", 60 minutes) or an invitation (sent when an organisation adds a
 * panel for someone, or moves one to a new address; 7 days). Single use; only the code's
 * SHA-256 is stored (password_resets). Following either sets the password of every panel of
 * the address (setPasswordFromMailedLink): reading the mailbox is the proof.
 */
import { createHash, randomBytes } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Organization from '#models/organization'
import User from '#models/user'
import { linkBaseUrl } from '#kernel/links'
import { deliver, i18nFor } from '#services/registration'

export type PasswordLinkPurpose = 'reset' | 'invitation'

export const RESET_TTL_MINUTES = 60
export const INVITATION_TTL_DAYS = 7

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** A new single-use code for the panel; it replaces any earlier unused one (of either purpose). */
export async function issuePasswordLink(
  trx: TransactionClientContract,
  userId: number,
  purpose: PasswordLinkPurpose
): Promise<string> {
  const code = randomBytes(32).toString('base64url')
  const expiresAt =
    purpose === 'invitation'
      ? DateTime.now().plus({ days: INVITATION_TTL_DAYS })
      : DateTime.now().plus({ minutes: RESET_TTL_MINUTES })
  await trx.from('password_resets').where('user_id', userId).whereNull('used_at').delete()
  await trx
    .insertQuery()
    .table('password_resets')
    .insert({ user_id: userId, code_hash: sha256(code), purpose, expires_at: expiresAt.toJSDate() })
  return code
}

/**
 * Invites the person to a panel an organisation created for them: a code now, and the mail
 * once the transaction commits (a mail about a panel that was rolled back would lie). A mail
 * server failure is logged, not thrown: the panel exists, and "forgot password" mails
 * another link.
 */
export async function invitePanel(trx: TransactionClientContract, userId: number) {
  const code = await issuePasswordLink(trx, userId, 'invitation')
  trx.after('commit', () =>
    sendInvitation(userId, code).catch((error) =>
      logger.error({ userId, err: (error as Error).message }, 'invitation mail could not be sent')
    )
  )
}

async function sendInvitation(userId: number, code: string) {
  const user = await User.find(userId)
  if (!user) return
  const org = await Organization.find(user.organizationId)
  const i18n = i18nFor(user.locale ?? org?.preferences?.language)
  const data = {
    organization: org?.name ?? 'Affix',
    link: `${await linkBaseUrl(user.organizationId)}/invitation/${code}`,
    days: INVITATION_TTL_DAYS,
  }
  await deliver(
    {
      to: user.email,
      subject: i18n.t('auth.invitation_mail_subject', data),
      text: i18n.t('auth.invitation_mail_body', data),
    },
    user.id
  )
}
