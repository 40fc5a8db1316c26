/*
 * Panels: a person is an e-mail address; each users row is one panel of that person in one
 * organisation (admin of A, affiliate of B, …). Tokens are per panel. The password belongs to
 * the person, so it is kept equal on every panel of the address.
 */
import hash from '@adonisjs/core/services/hash'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import User from '#models/user'
import { AppError } from '#kernel/errors'
import { accountPayload } from '#services/account'
import { UNUSABLE_PASSWORD_PREFIX } from '#kernel/panels'

export { UNUSABLE_PASSWORD_PREFIX }
export const isUsablePasswordHash = (value: string | null | undefined) => !!value && !value.startsWith(UNUSABLE_PASSWORD_PREFIX)

/** A scrypt hash of a random string: verified when no panel matches, so timing does not tell. */
let dummyHash: Promise<string> | null = null

/** True for a token minted by login-as: such a session acts for someone, it cannot become them. */
export function inLoginAsSession(ctx: { auth: { use(guard: 'api'): { user?: { currentAccessToken?: { name?: string | null } } } } }) {
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
  ctx: Parameters<typeof inLoginAsSession>[0] & { tenant: { apiKeyId: number | null; organizationId: number; homeOrganizationId: number } },
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

/** The panels a signed-in user can switch to (same address, active), for the session payload. */
export async function panelSummaries(user: User) {
  const panels = await panelsForEmail(user.email).where('status', 'active')
  return panels.map((panel) => ({
    id: panel.id,
    organizationId: panel.organizationId,
    organizationName: panel.organization.name,
    role: panel.role,
    current: panel.id === user.id,
  }))
}

/**
 * Checks an address and password and picks the panel to open: the one in `organizationId`
 * when given, else the most recently used. Wrong address, password or organisation all give
 * the same 401.
 */
export async function verifyPanelCredentials(email: string, password: string, organizationId?: number) {
  const panels = await panelsForEmail(email)
  const candidates = organizationId ? panels.filter((panel) => panel.organizationId === organizationId) : panels
  const chosen = candidates.find((panel) => panel.status === 'active') ?? candidates[0]
  if (!chosen || !isUsablePasswordHash(chosen.password)) {
    dummyHash ??= hash.use('scrypt').make('no-such-panel-' + Math.random())
    await hash.use('scrypt').verify(await dummyHash, password)
    throw new AppError('auth.invalid_credentials', 401, 'invalid_credentials')
  }
  if (!(await hash.use('scrypt').verify(chosen.password, password))) {
    throw new AppError('auth.invalid_credentials', 401, 'invalid_credentials')
  }
  return chosen
}

/** Sets the person's password on every panel of the address (hashed once). */
export async function setPersonPassword(email: string, password: string, client: TransactionClientContract) {
  const hashed = await hash.use('scrypt').make(password)
  await client.from('users').whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).update({ password: hashed, updated_at: new Date() })
}

/** The password hash the person already has, when the address holds a panel somewhere. */
export async function existingPasswordHash(email: string, client?: TransactionClientContract) {
  const row = await (client ?? User.query().client)
    .from('users')
    .whereRaw('lower(email) = ?', [email.trim().toLowerCase()])
    .whereNot('status', 'deleted')
    .select('password')
    .first()
  return (row?.password as string | undefined) ?? null
}

/**
 * The password hash of a person an ADMIN adds a panel for (team members). Only panels that
 * prove the person is real count — active, and either created by an organisation or with a
 * verified address — so nobody can plant a password by signing up first with someone
 * else's address.
 */
export async function trustedPasswordHash(email: string, client: TransactionClientContract) {
  const row = await client
    .from('users')
    .whereRaw('lower(email) = ?', [email.trim().toLowerCase()])
    .where('status', 'active')
    .where((query) => query.whereNotNull('email_verified_at').orWhereNull('signup_details'))
    .whereRaw('password NOT LIKE ?', [`${UNUSABLE_PASSWORD_PREFIX}%`])
    .orderBy('id', 'asc')
    .select('password')
    .first()
  return (row?.password as string | undefined) ?? null
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
