/*
 * Mail to an organisation's people for plugins (a postback disabled, say). Each panel gets
 * the message in its own language (its locale, else the organisation's), the link built only
 * from configured addresses (linkBaseUrl: never a request's Host), and the mail leaves once
 * the transaction that decided it commits — a rolled-back decision mails nothing. A mail
 * server failure is logged with the recipient's id, never thrown and never with the mail.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import Organization from '#models/organization'
import type { UserRole, UserStatus } from '#models/user'
import { deliver, i18nFor } from '#services/registration'
import { linkBaseUrl } from './links.js'

export interface PanelMail {
  /** Translation keys (a plugin's, e.g. `postbacks.mail.disabled_subject`). */
  subject: string
  body: string
  /** Values for the messages; `organization` and `link` are added. */
  data?: Record<string, string | number>
  /** Path inside the panel the mail links to (e.g. `/manage/postback/12`), appended to the base URL. */
  path?: string
}

/** Who gets it: panels by id, and/or every panel of these roles, of the organisation. */
export interface PanelRecipients {
  userIds?: number[]
  roles?: readonly UserRole[]
  /** Only panels of these statuses (default: active), e.g. a pending signup's welcome. */
  statuses?: readonly UserStatus[]
}

export async function mailPanels(organizationId: number, recipients: PanelRecipients, mail: PanelMail) {
  const ids = (recipients.userIds ?? []).filter((id) => Number.isSafeInteger(id) && id > 0)
  if (!ids.length && !recipients.roles?.length) return 0
  const panels = await db
    .from('users')
    .where('organization_id', organizationId)
    .whereIn('status', [...(recipients.statuses ?? ['active'])])
    .where((query) => {
      if (ids.length) query.orWhereIn('id', ids)
      if (recipients.roles?.length) query.orWhereIn('role', [...recipients.roles])
    })
    .select('id', 'email', 'locale')
  if (!panels.length) return 0
  const organization = await Organization.find(organizationId)
  const base = await linkBaseUrl(organizationId)
  for (const panel of panels) {
    const i18n = i18nFor(panel.locale ?? organization?.preferences?.language)
    const data = {
      organization: organization?.name ?? 'Affix',
      ...mail.data,
      ...(mail.path ? { link: `${base}${mail.path}` } : {}),
    }
    await deliver({ to: panel.email, subject: i18n.t(mail.subject, data), text: i18n.t(mail.body, data) }, panel.id)
  }
  return panels.length
}

/** `mailPanels` once `trx` commits (nothing when it rolls back). */
export function mailPanelsAfterCommit(
  trx: TransactionClientContract,
  organizationId: number,
  recipients: PanelRecipients,
  mail: PanelMail
) {
  trx.after('commit', () => {
    mailPanels(organizationId, recipients, mail).catch((error) =>
      logger.error({ organizationId, err: (error as Error).message }, 'panel mail could not be sent')
    )
  })
}
