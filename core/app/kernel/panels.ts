/*
 * Panels for plugins (affiliates, brands…): create and change a users row of the
 * organisation acted on without reaching into core's identity rules. The person rules of
 * core/services/panels.ts apply: the password is the person's, one address per organisation,
 * an e-mail change invalidates what was mailed to the old address, and a panel that stops
 * being active loses its sessions.
 */
import { randomBytes } from 'node:crypto'
import hash from '@adonisjs/core/services/hash'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { USER_STATUSES, type UserRole, type UserStatus } from '#models/user'
import { unprocessable } from './errors.js'
import { publishInvalidation } from './cache_bus.js'

/** Marks a password hash no password matches (a panel created without one, until it is reset). */
export const UNUSABLE_PASSWORD_PREFIX = '!unusable:'

// Loaded on use: plugins import this module while core's services are still loading them.
const personRules = async () => ({ ...(await import('#services/panels')), ...(await import('#services/registration')) })

export { USER_STATUSES as PANEL_STATUSES, type UserStatus as PanelStatus }

export interface NewPanel {
  organizationId: number
  email: string
  /** Ignored when the person already has a trusted password (it is theirs, not the admin's). */
  password?: string | null
  name?: string | null
  role: UserRole
  status?: UserStatus
  phone?: string | null
  skype?: string | null
  locale?: string | null
  country?: string | null
  state?: string | null
  city?: string | null
  address?: string | null
  zipcode?: string | null
}

export type PanelChanges = Partial<Omit<NewPanel, 'organizationId' | 'role'>>

const PROFILE_COLUMNS = { name: 'name', phone: 'phone', skype: 'skype', locale: 'locale', country: 'country', state: 'state', city: 'city', address: 'address', zipcode: 'zipcode' } as const

const usernameTaken = () => unprocessable('panels.username_taken', { fields: [{ field: 'email', rule: 'unique' }] })
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505'

/** A password hash no password matches (verifyPanelCredentials refuses it outright). */
export function unusablePasswordHash() {
  return UNUSABLE_PASSWORD_PREFIX + randomBytes(24).toString('base64url')
}

/** Ends every session of the panels (their next call answers 401). */
export async function revokePanelSessions(trx: TransactionClientContract, userIds: number[]) {
  if (userIds.length) await trx.from('auth_access_tokens').whereIn('tokenable_id', userIds).delete()
}

/**
 * Adds a panel to an organisation. The address must be free in the organisation
 * ('Username is already taken' on `email`); the password is the person's trusted one when
 * they have it, else the given one, else an unusable one (set later through "forgot password").
 */
export async function addPanel(trx: TransactionClientContract, panel: NewPanel): Promise<number> {
  const email = panel.email.trim().toLowerCase()
  const { lockEmail, trustedPasswordHash } = await personRules()
  await lockEmail(email, trx)
  const taken = await trx.from('users').where('organization_id', panel.organizationId).whereRaw('lower(email) = ?', [email]).first()
  if (taken) throw usernameTaken()
  const password = (await trustedPasswordHash(email, trx)) ?? (panel.password ? await hash.use('scrypt').make(panel.password) : unusablePasswordHash())
  const row: Record<string, unknown> = {
    organization_id: panel.organizationId,
    email,
    password,
    role: panel.role,
    status: panel.status ?? 'active',
    owner: false,
  }
  for (const [key, column] of Object.entries(PROFILE_COLUMNS)) {
    const value = panel[key as keyof typeof PROFILE_COLUMNS]
    if (value !== undefined) row[column] = value
  }
  try {
    const [inserted] = await trx.insertQuery().table('users').insert(row).returning('id')
    return Number(typeof inserted === 'object' ? inserted.id : inserted)
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken()
    throw error
  }
}

/**
 * Changes a panel of the organisation. An e-mail change follows the team-member rules: the
 * address must be free in the organisation, a person's existing password wins (and then no
 * password may be given here), reset codes and verification links mailed to the old address
 * die, and the sessions end. A password is set only for a person without panels elsewhere.
 * Answers the fields that changed (for the timeline).
 */
export async function updatePanel(
  trx: TransactionClientContract,
  organizationId: number,
  userId: number,
  changes: PanelChanges
): Promise<string[]> {
  const { lockEmail, trustedPasswordHash } = await personRules()
  const current = await trx.from('users').where({ id: userId, organization_id: organizationId }).forUpdate().first()
  if (!current) throw unprocessable('panels.unknown_panel', { fields: [{ field: 'id', rule: 'exists' }] })
  const update: Record<string, unknown> = {}
  let endSessions = false
  const currentEmail = String(current.email).toLowerCase()
  const email = changes.email?.trim().toLowerCase()
  if (email !== undefined && email !== currentEmail) {
    await lockEmail(email, trx)
    const clash = await trx.from('users').where('organization_id', organizationId).whereRaw('lower(email) = ?', [email]).whereNot('id', userId).first()
    if (clash) throw usernameTaken()
    const personHash = await trustedPasswordHash(email, trx)
    if (personHash && changes.password) throw unprocessable('panels.password_shared', { fields: [{ field: 'password', rule: 'shared' }] })
    if (personHash) update.password = personHash
    update.email = email
    // Codes mailed to the old address must not work for the new one.
    await trx.from('password_resets').where('user_id', userId).delete()
    await trx.from('verification_tokens').where('user_id', userId).delete()
    update.email_verified_at = null
    endSessions = true
  }
  if (changes.password) {
    const elsewhere = await trx
      .from('users')
      .whereRaw('lower(email) = ?', [email ?? currentEmail])
      .whereNot('id', userId)
      .whereNot('status', 'deleted')
      .first()
    // The password is the person's: an admin of one organisation never sets it for the others.
    if (elsewhere) throw unprocessable('panels.password_shared', { fields: [{ field: 'password', rule: 'shared' }] })
    update.password = await hash.use('scrypt').make(changes.password)
    endSessions = true
  }
  for (const [key, column] of Object.entries(PROFILE_COLUMNS)) {
    const value = changes[key as keyof typeof PROFILE_COLUMNS]
    if (value !== undefined && value !== current[column]) update[column] = value
  }
  if (changes.status !== undefined && changes.status !== current.status) {
    update.status = changes.status
    // Sessions of a panel that is no longer active end; one enabled again starts afresh.
    endSessions = true
  }
  if (!Object.keys(update).length) return []
  try {
    await trx.from('users').where('id', userId).update({ ...update, updated_at: new Date() })
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken()
    throw error
  }
  if (endSessions) await revokePanelSessions(trx, [userId])
  if (update.status) panelsChanged(trx, organizationId, userId)
  return Object.keys(update).filter((column) => column !== 'email_verified_at')
}

/**
 * Sets the status of several panels of one organisation and role at once; every panel that
 * is not active afterwards loses its sessions. Answers the ids that were found.
 */
export async function setPanelsStatus(
  trx: TransactionClientContract,
  organizationId: number,
  ids: number[],
  status: UserStatus,
  role?: UserRole
): Promise<number[]> {
  if (!ids.length) return []
  const rows = await trx
    .from('users')
    .where('organization_id', organizationId)
    .whereIn('id', ids)
    .if(role, (query) => query.where('role', role!))
    .update({ status, updated_at: new Date() })
    .returning('id')
  const updated = rows.map((row: { id: number }) => Number(row.id))
  if (status !== 'active') await revokePanelSessions(trx, updated)
  if (updated.length) panelsChanged(trx, organizationId, updated.length === 1 ? updated[0] : undefined)
  return updated
}

/**
 * After the commit, topic 'panels': caches keyed by panel (the click path's affiliates) reload
 * on every node. Without an id, every panel of the organisation.
 */
function panelsChanged(trx: TransactionClientContract, organizationId: number, id?: number) {
  trx.after('commit', () => publishInvalidation({ topic: 'panels', organizationId, id }))
}
