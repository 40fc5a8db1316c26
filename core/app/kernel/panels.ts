/*
 * Panels for plugins (affiliates, brands…): create and change users rows of the
 * organisation acted on without reaching into core's identity rules, one at a time (API
 * creates and updates) or many in one statement per chunk (CSV imports, demo seeds). The person rules of
 * core/services/panels.ts apply: only the person sets their password (an organisation's new
 * panel gets an invitation mailed to the address, never a password of the organisation's
 * choosing nor one lent by another panel), one address per organisation, an e-mail change
 * invalidates what was mailed to the old address and invites the new one, and a panel that
 * stops being active is logged out (406 on its next call).
 */
import { randomBytes } from 'node:crypto'
import hash from '@adonisjs/core/services/hash'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { UNUSABLE_PASSWORD_PREFIX, USER_STATUSES, type UserRole, type UserStatus } from '#models/user'
import { lockEmail } from '#services/registration'
import { invitePanel } from '#services/password_links'
import { unprocessable } from './errors.js'
import { publishInvalidation } from './cache_bus.js'

export { USER_STATUSES as PANEL_STATUSES, type UserStatus as PanelStatus }

export interface NewPanel {
  organizationId: number
  email: string
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
  /** When the panel was created (imports and demo data carry their own dates); default now. */
  createdAt?: Date
}

export type PanelChanges = Partial<Omit<NewPanel, 'organizationId' | 'role' | 'createdAt'>>

/** Whether the person gets an invitation mail now (API creates) or later asks for a link (imports, seeds). */
export interface PanelCreation {
  invite: boolean
  /**
   * Roles whose deleted panel of the same address comes back (the same row, profile, sessions,
   * mailed codes and team assignments wiped) instead of the address counting as taken; e.g. a
   * team member deleted and added again.
   */
  revive?: readonly UserRole[]
}

const PROFILE_COLUMNS = {
  name: 'name',
  phone: 'phone',
  skype: 'skype',
  locale: 'locale',
  country: 'country',
  state: 'state',
  city: 'city',
  address: 'address',
  zipcode: 'zipcode',
} as const

const usernameTaken = () => unprocessable('panels.username_taken', { fields: [{ field: 'email', rule: 'unique' }] })
const unknownPanel = () => unprocessable('panels.unknown_panel', { fields: [{ field: 'id', rule: 'exists' }] })
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505'

/**
 * Refuses a password sent with a panel an organisation creates or changes (team members,
 * affiliates, brands, a child organisation's admin): only the person chooses theirs, through
 * the invitation mailed to the address. A clearer answer than the unknown-field one.
 */
/** Route specs of panel creates and updates (`refusedFields`): nobody sets another person's password. */
export const PASSWORD_BY_INVITATION = {
  password: 'panels.password_by_invitation',
  passwordConfirmation: 'panels.password_by_invitation',
}
/** The same for brands, whose people sign in with panels of their own. */
export const BRAND_HAS_NO_PASSWORD = {
  password: 'panels.brand_password',
  passwordConfirmation: 'panels.brand_password',
}

export function refusePasswordFields(
  ctx: { request: { body(): Record<string, unknown> } },
  messageKey = 'panels.password_by_invitation'
) {
  const body = ctx.request.body() ?? {}
  for (const field of ['password', 'passwordConfirmation']) {
    if (typeof body === 'object' && Object.hasOwn(body, field))
      throw unprocessable(messageKey, { fields: [{ field, rule: 'invitation' }] })
  }
}

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
 * ('Username is already taken' on `email`). The panel has no usable password until the person
 * sets one through a mailed link: with `invite`, an invitation goes to the address once the
 * transaction commits; without it (imports, seeds) the person uses "forgot password".
 */
export async function addPanel(
  trx: TransactionClientContract,
  panel: NewPanel,
  { invite, revive = [] }: PanelCreation
): Promise<number> {
  const taken = await lockAddress(trx, panel)
  if (taken && taken.status === 'deleted' && revive.includes(taken.role)) {
    const id = Number(taken.id)
    await revivePanel(trx, id, panel)
    if (invite) await invitePanel(trx, id)
    return id
  }
  if (taken) throw usernameTaken()
  const id = await insertPanel(trx, panel, unusablePasswordHash())
  if (invite) await invitePanel(trx, id)
  return id
}

/**
 * Serialises work on the address (every organisation's) and answers the organisation's panel
 * that holds it, locked, if any.
 */
async function lockAddress(trx: TransactionClientContract, panel: NewPanel) {
  const email = panel.email.trim().toLowerCase()
  await lockEmail(email, trx)
  return trx
    .from('users')
    .where('organization_id', panel.organizationId)
    .whereRaw('lower(email) = ?', [email])
    .forUpdate()
    .first()
}

/** Inserts a new panel row ('Username is already taken' when the address was taken meanwhile). */
async function insertPanel(
  trx: TransactionClientContract,
  panel: NewPanel,
  passwordHash: string,
  extra: Record<string, unknown> = {}
): Promise<number> {
  const row: Record<string, unknown> = {
    organization_id: panel.organizationId,
    email: panel.email.trim().toLowerCase(),
    password: passwordHash,
    role: panel.role,
    status: panel.status ?? 'active',
    owner: false,
    ...extra,
  }
  if (panel.createdAt) row.created_at = row.updated_at = panel.createdAt
  for (const [key, column] of Object.entries(PROFILE_COLUMNS)) {
    const value = panel[key as keyof typeof PROFILE_COLUMNS]
    if (value !== undefined) row[column] = value
  }
  try {
    // tenancy: the row carries organization_id (built by the caller's NewPanel)
    const [inserted] = await trx.insertQuery().table('users').insert(row).returning('id')
    return Number(typeof inserted === 'object' ? inserted.id : inserted)
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken()
    throw error
  }
}

/** A panel a person creates for themself on an organisation's signup form. */
export interface SignedUpPanel extends NewPanel {
  /** The password the person typed: theirs, hashed here and lent to no other panel. */
  password: string
  /** What the person answered and where they came from (users.signup_details). */
  details: Record<string, unknown>
}

/**
 * Adds the panel of a person who signed up (an affiliate or a brand): the one way a panel gets
 * a password at creation, because the person typed it. The address must be free in the
 * organisation ('Username is already taken'); panels the address holds elsewhere are neither
 * revealed, nor required, nor given this password.
 */
export async function addSignedUpPanel(trx: TransactionClientContract, panel: SignedUpPanel): Promise<number> {
  if (await lockAddress(trx, panel)) throw usernameTaken()
  return insertPanel(trx, panel, await hash.use('scrypt').make(panel.password), {
    signup_details: JSON.stringify(panel.details),
  })
}

/**
 * A deleted panel given back to its address: the new panel's fields on the same row, the rest
 * of the old profile cleared, and nothing the deleted panel had (sessions, codes mailed to it,
 * team assignments) outlives it.
 */
async function revivePanel(trx: TransactionClientContract, id: number, panel: NewPanel) {
  const row: Record<string, unknown> = {
    password: unusablePasswordHash(),
    role: panel.role,
    status: panel.status ?? 'active',
    owner: false,
    last_login_at: null,
    email_verified_at: null,
    report_scope: trx.raw('DEFAULT'),
    updated_at: new Date(),
  }
  for (const [key, column] of Object.entries(PROFILE_COLUMNS))
    row[column] = panel[key as keyof typeof PROFILE_COLUMNS] ?? null
  // tenancy: the row was read with the panel's organisation by addPanel
  await trx.from('users').where('id', id).update(row)
  await trx.from('team_member_affiliates').where({ organization_id: panel.organizationId, member_id: id }).delete()
  await trx.from('password_resets').where('user_id', id).delete()
  await trx.from('verification_tokens').where('user_id', id).delete()
  await revokePanelSessions(trx, [id])
  panelsChanged(trx, panel.organizationId, id)
}

/**
 * Changes a panel of the organisation. An e-mail change: the address must be free in the
 * organisation; the panel's password was the old address's person's, so it becomes unusable
 * and an invitation goes to the new address; reset codes and verification links mailed to the
 * old address die, and the sessions end. Answers the fields that changed (for the timeline).
 */
export async function updatePanel(
  trx: TransactionClientContract,
  organizationId: number,
  userId: number,
  changes: PanelChanges,
  /** A new role (team members move between sub-admin, AFM and ADM); left out, the role stays. */
  { role }: { role?: UserRole } = {}
): Promise<string[]> {
  const current = await trx.from('users').where({ id: userId, organization_id: organizationId }).forUpdate().first()
  if (!current) throw unknownPanel()
  const update: Record<string, unknown> = {}
  let endSessions = false
  let invite = false
  const currentEmail = String(current.email).toLowerCase()
  const email = changes.email?.trim().toLowerCase()
  if (email !== undefined && email !== currentEmail) {
    await lockEmail(email, trx)
    const clash = await trx
      .from('users')
      .where('organization_id', organizationId)
      .whereRaw('lower(email) = ?', [email])
      .whereNot('id', userId)
      .first()
    if (clash) throw usernameTaken()
    update.email = email
    update.password = unusablePasswordHash()
    // Codes mailed to the old address must not work for the new one.
    await trx.from('password_resets').where('user_id', userId).delete()
    await trx.from('verification_tokens').where('user_id', userId).delete()
    update.email_verified_at = null
    endSessions = true
    invite = true
  }
  for (const [key, column] of Object.entries(PROFILE_COLUMNS)) {
    const value = changes[key as keyof typeof PROFILE_COLUMNS]
    if (value !== undefined && value !== current[column]) update[column] = value
  }
  if (changes.status !== undefined && changes.status !== current.status) {
    update.status = changes.status
    endSessions ||= sessionsEndOn(changes.status)
  }
  if (role !== undefined && role !== current.role) update.role = role
  if (!Object.keys(update).length) return []
  try {
    // tenancy: the panel id comes from the caller, which read it with its organisation
    await trx
      .from('users')
      .where('id', userId)
      .update({ ...update, updated_at: new Date() })
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken()
    throw error
  }
  if (endSessions) await revokePanelSessions(trx, [userId])
  if (invite) await invitePanel(trx, userId)
  if (update.status) panelsChanged(trx, organizationId, userId)
  // The password and verification follow the e-mail change; they are not changes of their own.
  return Object.keys(update).filter((column) => column !== 'email_verified_at' && column !== 'password')
}

/**
 * Whether moving a panel to `status` ends its sessions. A panel that is no longer active keeps
 * its tokens so that its next call answers 406 (forced logout, the panels' cue to leave);
 * deleted ones and ones active again lose them (401), so old sessions never come back.
 */
function sessionsEndOn(status: UserStatus) {
  return status === 'active' || status === 'deleted'
}

/**
 * Sets the status of several panels of one organisation and role at once (sessions as in
 * `sessionsEndOn`). Answers the ids that were found.
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
  if (sessionsEndOn(status)) await revokePanelSessions(trx, updated)
  if (updated.length) panelsChanged(trx, organizationId, updated.length === 1 ? updated[0] : undefined)
  return updated
}

/** Rows per statement of the bulk writers: a CSV import's chunk (2000 rows) is one statement. */
const BULK_CHUNK = 2000

function* chunksOf<T>(rows: T[]) {
  for (let start = 0; start < rows.length; start += BULK_CHUNK) yield rows.slice(start, start + BULK_CHUNK)
}

/** A panel of a bulk create: a NewPanel whose organisation the call gives once. */
export type NewPanelRow = Omit<NewPanel, 'organizationId'>

/**
 * Adds many panels to one organisation, one INSERT per 2000 rows, in the order given (ids grow
 * with it). The rules of addPanel without the invitation (imports, seeds): no usable password,
 * each person sets theirs through "forgot password". An address already used in the
 * organisation, or given twice, is skipped, not an error (a concurrent import of the same
 * address loses the race here): answers lower-case e-mail → id of the panels added, so the
 * caller reports the rest as duplicates.
 */
export async function addPanels(
  trx: TransactionClientContract,
  organizationId: number,
  panels: NewPanelRow[]
): Promise<Map<string, number>> {
  const added = new Map<string, number>()
  for (const chunk of chunksOf(panels)) {
    const rows = chunk.map((panel) => {
      const row: Record<string, unknown> = {
        email: panel.email.trim().toLowerCase(),
        password: unusablePasswordHash(),
        role: panel.role,
        status: panel.status ?? 'active',
        created_at: panel.createdAt?.toISOString() ?? null,
      }
      for (const [key, column] of Object.entries(PROFILE_COLUMNS))
        row[column] = panel[key as keyof typeof PROFILE_COLUMNS] ?? null
      return row
    })
    const columns = ['email', 'password', 'role', 'status', ...Object.values(PROFILE_COLUMNS)]
    const inserted = await trx.rawQuery(
      `INSERT INTO users (organization_id, owner, ${columns.join(', ')}, created_at, updated_at)
       SELECT ?, false, ${columns.map((column) => `p.panel->>'${column}'`).join(', ')},
              COALESCE((p.panel->>'created_at')::timestamptz, now()), COALESCE((p.panel->>'created_at')::timestamptz, now())
       FROM jsonb_array_elements(?::jsonb) WITH ORDINALITY AS p(panel, position)
       ORDER BY p.position
       ON CONFLICT (organization_id, lower(email)) DO NOTHING
       RETURNING id, email`,
      [organizationId, JSON.stringify(rows)]
    )
    for (const row of inserted.rows as Array<{ id: number; email: string }>) added.set(row.email, Number(row.id))
  }
  return added
}

/** One panel's changes in a bulk update: as updatePanel's (undefined leaves a field, null clears it). */
export type PanelRowChanges = PanelChanges & { id: number }

/**
 * Changes many panels of one organisation (CSV updates) by updatePanel's rules, set-based: per
 * 2000 rows one SELECT … FOR UPDATE of the rows, one UPDATE of those that change, and the
 * deletes their changes call for. Every id must be a panel of the organisation (of `role` when
 * given), each once, else nothing is written ('This account does not exist', 422). An e-mail
 * change makes the password unusable, drops the reset codes and verification links mailed to
 * the old address and ends the sessions; unlike updatePanel it mails no invitation (as
 * addPanels: the person uses "forgot password"). A status change ends sessions as
 * `sessionsEndOn` says and reloads the panel caches. An address used by another panel of the
 * organisation: 'Username is already taken' (422). Answers the ids whose row changed.
 */
export async function updatePanels(
  trx: TransactionClientContract,
  organizationId: number,
  changes: PanelRowChanges[],
  { role }: { role?: UserRole } = {}
): Promise<number[]> {
  const ids = changes.map((change) => change.id)
  if (new Set(ids).size !== ids.length) throw new Error('updatePanels: each panel is given once')
  const changed: number[] = []
  let statusChanged = false
  for (const chunk of chunksOf(changes)) {
    const current = await trx
      .from('users')
      .where('organization_id', organizationId)
      .whereIn(
        'id',
        chunk.map((change) => change.id)
      )
      .if(role, (query) => query.where('role', role!))
      .orderBy('id')
      .forUpdate()
      .select('id', 'email', 'status', ...Object.values(PROFILE_COLUMNS))
    if (current.length !== chunk.length) throw unknownPanel()
    const currentById = new Map(current.map((row) => [Number(row.id), row]))
    const updates: Array<Record<string, unknown>> = []
    const newAddress: number[] = []
    const endSessions: number[] = []
    for (const change of chunk) {
      const row = currentById.get(change.id)!
      const update: Record<string, unknown> = {}
      const email = change.email?.trim().toLowerCase()
      if (email !== undefined && email !== String(row.email).toLowerCase()) {
        update.email = email
        update.password = unusablePasswordHash()
        newAddress.push(change.id)
      }
      for (const [key, column] of Object.entries(PROFILE_COLUMNS)) {
        const value = change[key as keyof typeof PROFILE_COLUMNS]
        if (value !== undefined && value !== row[column]) update[column] = value
      }
      if (change.status !== undefined && change.status !== row.status) {
        update.status = change.status
        statusChanged = true
        if (sessionsEndOn(change.status)) endSessions.push(change.id)
      }
      if (Object.keys(update).length) updates.push({ id: change.id, ...update })
    }
    if (!updates.length) continue
    // A key present in a row's object sets the column (null clears it); an absent key keeps it.
    const set = (column: string) =>
      `${column} = CASE WHEN c->'${column}' IS NULL THEN t.${column} ELSE c->>'${column}' END`
    try {
      // tenancy: the ids were read with their organisation just above (and are checked again here)
      await trx.rawQuery(
        `UPDATE users AS t
         SET ${['email', 'password', 'status', ...Object.values(PROFILE_COLUMNS)].map(set).join(', ')},
             email_verified_at = CASE WHEN c->'email' IS NULL THEN t.email_verified_at END,
             updated_at = now()
         FROM jsonb_array_elements(?::jsonb) AS c
         WHERE t.id = (c->>'id')::integer AND t.organization_id = ?`,
        [JSON.stringify(updates), organizationId]
      )
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken()
      throw error
    }
    if (newAddress.length) {
      // Codes mailed to the old addresses must not work for the new ones.
      await trx.from('password_resets').whereIn('user_id', newAddress).delete()
      await trx.from('verification_tokens').whereIn('user_id', newAddress).delete()
    }
    await revokePanelSessions(trx, [...new Set([...newAddress, ...endSessions])])
    changed.push(...updates.map((update) => Number(update.id)))
  }
  if (statusChanged) panelsChanged(trx, organizationId, changed.length === 1 ? changed[0] : undefined)
  return changed
}

/**
 * After the commit, topic 'panels': caches keyed by panel (the click path's affiliates) reload
 * on every node. Without an id, every panel of the organisation.
 */
function panelsChanged(trx: TransactionClientContract, organizationId: number, id?: number) {
  trx.after('commit', () => publishInvalidation({ topic: 'panels', organizationId, id }))
}
