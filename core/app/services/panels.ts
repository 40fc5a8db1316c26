/*
 * Panels: a person is an e-mail address; each users row is one panel of that address in one
 * organisation (admin of A, affiliate of B, …). Tokens are per panel. Each panel keeps its own
 * password hash, and only the person sets it (docs/security.md, "Identity and passwords"):
 * - at their own signup, on the new panel only (nobody has proved the address yet);
 * - through a link mailed to the address (invitation, reset): whoever reads the mailbox is
 *   the person, so every panel of the address gets the password, hashed once;
 * - from their profile, knowing the current password: on the panels sharing that credential.
 * An organisation never sets a password (its new panels get an invitation) and a panel never
 * lends its password to another. Panels holding the same hash were set together by the
 * person (or are all opened by the password just typed, which then merges them), so they are
 * one credential: the person lists and switches between those only.
 */
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import User, { UNUSABLE_PASSWORD_PREFIX } from '#models/user'
import { AppError } from '#kernel/errors'
import { accountPayload } from '#services/account'

export { UNUSABLE_PASSWORD_PREFIX }
export const isUsablePasswordHash = (value: string | null | undefined) =>
  !!value && !value.startsWith(UNUSABLE_PASSWORD_PREFIX)

/** A scrypt hash of a random string: verified when no panel matches, so timing does not tell. */
let dummyHash: Promise<string> | null = null

/** True for a token minted by login-as: such a session acts for someone, it cannot become them. */
export function inLoginAsSession(ctx: {
  auth: { use(guard: 'api'): { user?: { currentAccessToken?: { name?: string | null } } } }
}) {
  return Boolean(ctx.auth.use('api').user?.currentAccessToken?.name?.startsWith('login-as:'))
}

/**
 * Things only the person may do, in a panel session of their own (creating credentials,
 * changing the password): never with an API key or OAuth token (`<scope>.panel_only`), never
 * while acting as someone (login-as) nor, when `ownOrganization`, for a child acted on with
 * coid (`<scope>.not_while_acting`) — nothing made then may outlive the session or land in
 * the wrong organisation.
 */
export function assertOwnSession(
  ctx: Parameters<typeof inLoginAsSession>[0] & {
    tenant: { apiKeyId: number | null; organizationId: number; homeOrganizationId: number }
  },
  scope: string,
  { ownOrganization = true } = {}
) {
  if (ctx.tenant.apiKeyId) throw new AppError(`${scope}.panel_only`, 403, 'forbidden')
  if (inLoginAsSession(ctx)) throw new AppError(`${scope}.not_while_acting`, 403, 'forbidden')
  if (ownOrganization && ctx.tenant.organizationId !== ctx.tenant.homeOrganizationId) {
    throw new AppError(`${scope}.not_while_acting`, 403, 'forbidden')
  }
}

/** Every panel of an address (any status), most recently used first. */
export function panelsForEmail(email: string, client?: TransactionClientContract) {
  return User.query(client ? { client } : {})
    .whereRaw('lower(email) = ?', [email.trim().toLowerCase()])
    .whereNot('status', 'deleted')
    .preload('organization')
    .orderByRaw('last_login_at DESC NULLS LAST, id ASC')
}

/**
 * True when both panels hold the same usable hash: the person set it on both at once (a
 * mailed link or a password change), so knowing one is knowing the other. A panel whose
 * password someone else chose (a signup with another's address) never shares one.
 */
export function sharesCredential(panel: { password: string }, other: { password: string }) {
  return isUsablePasswordHash(panel.password) && panel.password === other.password
}

/**
 * The panels a signed-in user can switch to, for the session payload: active panels of the
 * same address that share its credential (the current one always listed).
 */
export async function panelSummaries(user: User) {
  const panels = (await panelsForEmail(user.email).where('status', 'active')).filter(
    (panel) => panel.id === user.id || sharesCredential(panel, user)
  )
  return panels.map((panel) => ({
    id: panel.id,
    organizationId: panel.organizationId,
    organizationName: panel.organization.name,
    role: panel.role,
    current: panel.id === user.id,
  }))
}

/**
 * Checks an address and password and picks the panel to open among those the password opens:
 * the one in `organizationId` (and of `role`) when given, else the most recently used active
 * one. Panels may hold different passwords (each signup sets its own), so every distinct hash
 * is tried. Wrong address, password, organisation or role all give the same 401.
 */
export async function verifyPanelCredentials(
  email: string,
  password: string,
  filter: { organizationId?: number; role?: User['role'] } = {}
) {
  // Every panel is checked, whatever the filter: the work does not tell which organisations
  // the address is in, and every panel the password opens joins the credential below.
  const panels = await panelsForEmail(email)
  const verdicts = new Map<string, boolean>()
  const opened: User[] = []
  for (const panel of panels) {
    if (!isUsablePasswordHash(panel.password)) continue
    if (!verdicts.has(panel.password))
      verdicts.set(panel.password, await hash.use('scrypt').verify(panel.password, password))
    if (verdicts.get(panel.password)) opened.push(panel)
  }
  if (!verdicts.size) {
    // No usable panel: the same work as a wrong password, so timing does not tell.
    dummyHash ??= hash.use('scrypt').make('no-such-panel-' + Math.random())
    await hash.use('scrypt').verify(await dummyHash, password)
  }
  const candidates = opened.filter(
    (panel) =>
      (filter.organizationId === undefined || panel.organizationId === filter.organizationId) &&
      (filter.role === undefined || panel.role === filter.role)
  )
  const chosen = candidates.find((panel) => panel.status === 'active') ?? candidates[0]
  if (!chosen) throw new AppError('auth.invalid_credentials', 401, 'invalid_credentials')
  // Panels the same password opens (e.g. two signups with it) become one credential: whoever
  // typed it can open each of them anyway, and now switches between them and changes it once.
  const others = opened.filter((panel) => panel.password !== chosen.password).map((panel) => panel.id)
  // tenancy: panels of the person who just proved the password (login)
  if (others.length)
    await db.from('users').whereIn('id', others).update({ password: chosen.password, updated_at: new Date() })
  return chosen
}

/**
 * Sets the password the person chose through a link mailed to the address (invitation or
 * reset): every panel of the address gets it, hashed once, since only the person reads that
 * mailbox. Answers the ids of those panels.
 */
export async function setPasswordFromMailedLink(email: string, password: string, client: TransactionClientContract) {
  const hashed = await hash.use('scrypt').make(password)
  // tenancy: a mailed link proves the address: every panel of the address (a person spans organisations)
  const rows = await client
    .from('users')
    .whereRaw('lower(email) = ?', [email.trim().toLowerCase()])
    .update({ password: hashed, updated_at: new Date() })
    .returning('id')
  return rows.map((row: { id: number }) => Number(row.id))
}

/**
 * Changes the password of the panels that share the caller's credential (the caller proved
 * the current password): never the address's other panels, whose password may be someone
 * else's. Answers the ids of the panels changed.
 */
export async function changeCredential(user: User, password: string, client: TransactionClientContract) {
  const hashed = await hash.use('scrypt').make(password)
  // tenancy: the person's own panels sharing its current password (a person spans organisations)
  const rows = await client
    .from('users')
    .whereRaw('lower(email) = ?', [user.email.trim().toLowerCase()])
    .where((query) => query.where('id', user.id).orWhere('password', user.password))
    .update({ password: hashed, updated_at: new Date() })
    .returning('id')
  return rows.map((row: { id: number }) => Number(row.id))
}

/** Opens a session on a panel: a fresh bearer token plus the account payload and the person's panels. */
export async function openSession(user: User, tokenName = 'panel') {
  const token = await User.accessTokens.create(user, ['*'], { name: tokenName })
  user.lastLoginAt = DateTime.now()
  await user.save()
  return {
    token: token.value!.release(),
    type: 'bearer' as const,
    expiresAt: token.expiresAt?.toISOString() ?? null,
    ...(await accountPayload(user)),
    panels: await panelSummaries(user),
  }
}
