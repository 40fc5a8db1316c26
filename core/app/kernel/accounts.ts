/*
 * The platform's account directory: every organisation with its owner, panels and counts,
 * for the superadmin console (plugin `superadmin`). Organisations and panels are core's
 * tables, so their cross-organisation reads and the superadmin's changes (verification,
 * billing state, lock, flags, time zone) live here; the plugin authorises, validates and
 * answers. Nothing here returns a secret or a tenant's business data, only counts.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Organization from '#models/organization'
import User from '#models/user'
import { notFound } from '#kernel/errors'
import { paginate, type ListOptions, type ParsedList } from '#kernel/list_query'
import { organizationPayload, preferencesOf } from '#services/organization'
import { pluginStates } from '#services/plugin_state'
import { recordTimeline } from '#services/timeline'

/** Roles that can own an organisation; the owner flag wins, then the oldest panel. */
const OWNER_ROLES = ['admin', 'parent']

/** The owner panel of each organisation (id, e-mail, status), by organisation id. */
async function ownersOf(organizationIds: number[], client?: TransactionClientContract) {
  if (!organizationIds.length) return new Map<number, { id: number; email: string; status: string }>()
  const rows = await (client ?? db)
    .from('users')
    .distinctOn('organization_id')
    .whereIn('organization_id', organizationIds)
    .whereIn('role', OWNER_ROLES)
    .whereNot('status', 'deleted')
    .orderBy('organization_id')
    .orderBy('owner', 'desc')
    .orderBy('id', 'asc')
    .select('organization_id', 'id', 'email', 'status')
  return new Map(
    rows.map((row) => [
      Number(row.organization_id),
      { id: Number(row.id), email: row.email as string, status: row.status as string },
    ])
  )
}

async function userCounts(organizationIds: number[]) {
  if (!organizationIds.length) return new Map<number, number>()
  const rows = await db
    .from('users')
    .whereIn('organization_id', organizationIds)
    .whereNot('status', 'deleted')
    .groupBy('organization_id')
    .select('organization_id', db.raw('count(*)::int as total'))
  return new Map(rows.map((row) => [Number(row.organization_id), Number(row.total)]))
}

function summary(org: Organization, owner: { email: string } | undefined, usersCount: number) {
  return {
    id: org.id,
    name: org.name,
    type: org.type,
    panelType: org.panelType,
    parentId: org.parentId,
    ownerEmail: owner?.email ?? null,
    usersCount,
    billingState: org.billingState ?? 'active',
    panelLocked: org.panelLocked ?? false,
    onboardingPending: org.onboardingPending ?? false,
    createdAt: org.createdAt?.toISO() ?? null,
    verifiedAt: org.verifiedAt?.toISO() ?? null,
  }
}

async function findAccount(id: unknown): Promise<Organization> {
  const numericId = Number(id)
  if (!Number.isSafeInteger(numericId) || numericId <= 0) throw notFound()
  const org = await Organization.find(numericId)
  if (!org) throw notFound()
  return org
}

/** One account for the superadmin: no secrets, no tenant business data, only counts. */
async function detail(org: Organization) {
  const [owners, counts] = await Promise.all([ownersOf([org.id]), userCounts([org.id])])
  const admins = await User.query()
    .where('organization_id', org.id)
    .whereIn('role', ['admin', 'sub-admin', 'parent'])
    .whereNot('status', 'deleted')
    .orderBy('owner', 'desc')
    .orderBy('id', 'asc')
  const children = await Organization.query().where('parent_id', org.id).orderBy('name')
  const parent = org.parentId ? await Organization.find(org.parentId) : null
  const byRole = await db
    .from('users')
    .where('organization_id', org.id)
    .whereNot('status', 'deleted')
    .groupBy('role')
    .select('role', db.raw('count(*)::int as total'))
  const owner = owners.get(org.id)
  return {
    ...summary(org, owner, counts.get(org.id) ?? 0),
    organization: await organizationPayload(org),
    parent: parent ? { id: parent.id, name: parent.name } : null,
    owner: owner ?? null,
    admins: admins.map((user) => ({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      status: user.status,
      owner: user.owner ?? false,
      emailVerifiedAt: user.emailVerifiedAt?.toISO() ?? null,
      lastLoginAt: user.lastLoginAt?.toISO() ?? null,
    })),
    children: children.map((child) => ({
      id: child.id,
      name: child.name,
      createdAt: child.createdAt?.toISO() ?? null,
      verifiedAt: child.verifiedAt?.toISO() ?? null,
    })),
    plugins: await pluginStates(org),
    counts: {
      users: counts.get(org.id) ?? 0,
      children: children.length,
      byRole: Object.fromEntries(byRole.map((row) => [row.role as string, Number(row.total)])),
    },
  }
}

/** The figures of the superadmin home: organisations, verification, billing states, panels, the newest five. */
export async function platformFigures() {
  const [organizations] = await db
    .from('organizations')
    .select(
      db.raw('count(*)::int as total'),
      db.raw('count(verified_at)::int as verified'),
      db.raw('count(*) filter (where panel_locked)::int as locked'),
      db.raw("count(*) filter (where billing_state = 'active')::int as active"),
      db.raw("count(*) filter (where billing_state = 'invoice_due')::int as invoice_due"),
      db.raw("count(*) filter (where billing_state = 'trial_end')::int as trial_end")
    )
  // tenancy: the superadmin's platform totals span every organisation on purpose
  const [users] = await db.from('users').whereNot('status', 'deleted').select(db.raw('count(*)::int as total'))
  const recent = await db
    .from('organizations')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(5)
    .select('id', 'name', 'created_at', 'verified_at')
  return {
    organizations: organizations.total,
    verified: organizations.verified,
    unverified: organizations.total - organizations.verified,
    panelLocked: organizations.locked,
    billing: {
      active: organizations.active,
      invoice_due: organizations.invoice_due,
      trial_end: organizations.trial_end,
    },
    users: users.total,
    recent: recent.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: new Date(row.created_at).toISOString(),
      verifiedAt: row.verified_at ? new Date(row.verified_at).toISOString() : null,
    })),
  }
}

/** One page of accounts (every organisation), filtered, sorted and paged as the list options allow. */
export async function accountPage(parsed: ParsedList, options: ListOptions) {
  const { verified, ...filters } = parsed.filters
  const query = Organization.query()
  if (verified !== undefined) {
    const wanted = ([] as unknown[]).concat(verified).map(String)
    // Both values asked for means no narrowing at all.
    if (!(wanted.includes('true') && wanted.includes('false'))) {
      if (wanted.includes('true')) query.whereNotNull('verified_at')
      else query.whereNull('verified_at')
    }
  }
  const page = await paginate(query, { ...parsed, filters }, options)
  const ids = page.rows.map((org) => org.id)
  const [owners, counts] = await Promise.all([ownersOf(ids), userCounts(ids)])
  return {
    page,
    rows: page.rows.map((org) => summary(org, owners.get(org.id), counts.get(org.id) ?? 0)),
  }
}

/** 404 unless the id is an organisation's (checked before a request body is judged). */
export async function assertAccount(id: unknown): Promise<void> {
  await findAccount(id)
}

/** One account in full (404 for an id that is not an organisation). */
export async function accountDetail(id: unknown) {
  return detail(await findAccount(id))
}

/**
 * Marks the organisation verified and activates its owner's panel when it is still pending;
 * recorded on its timeline. Calling it again changes nothing.
 */
export async function verifyAccount(id: unknown, actorId: number | null) {
  const org = await findAccount(id)
  await db.transaction(async (trx) => {
    const locked = await Organization.query({ client: trx }).where('id', org.id).forUpdate().firstOrFail()
    const changes: Record<string, unknown> = {}
    const now = DateTime.now()
    if (!locked.verifiedAt) {
      locked.verifiedAt = now
      await locked.save()
      changes.verifiedAt = now.toISO()
    }
    const owner = (await ownersOf([org.id], trx)).get(org.id)
    if (owner) {
      const panel = await User.query({ client: trx }).where('id', owner.id).forUpdate().firstOrFail()
      if (panel.status === 'pending') {
        panel.status = 'active'
        changes.ownerActivated = { userId: panel.id }
      }
      if (!panel.emailVerifiedAt) {
        panel.emailVerifiedAt = now
        changes.ownerEmailVerified = { userId: panel.id }
      }
      if (panel.$isDirty) await panel.save()
    }
    if (Object.keys(changes).length) await recordTimeline(org.id, actorId, 'organization.verified', changes, trx)
  })
  await org.refresh()
  return detail(org)
}

/** What a superadmin may change on an account (validated by the caller). */
export interface AccountChanges {
  billingState?: 'active' | 'invoice_due' | 'trial_end'
  panelLocked?: boolean
  onboardingPending?: boolean
  network?: boolean
  reportsInstall?: boolean
  features?: Record<string, boolean | undefined>
  timezone?: string
}

/** Applies the changes that differ from what the account has, recorded on its timeline; the account after. */
export async function updateAccount(id: unknown, data: AccountChanges, actorId: number | null) {
  const org = await findAccount(id)
  const changes: Record<string, { from: unknown; to: unknown }> = {}
  const plain = ['billingState', 'panelLocked', 'onboardingPending', 'network', 'reportsInstall'] as const
  await db.transaction(async (trx) => {
    org.useTransaction(trx)
    for (const key of plain) {
      const value = data[key]
      const before = org[key] ?? (key === 'billingState' ? 'active' : false)
      if (value !== undefined && value !== before) {
        changes[key] = { from: before, to: value }
        org.merge({ [key]: value })
      }
    }
    const features = { ...(org.features ?? {}) }
    for (const [flag, value] of Object.entries(data.features ?? {})) {
      if (value === undefined || Boolean(features[flag]) === value) continue
      changes[`features.${flag}`] = { from: Boolean(features[flag]), to: value }
      features[flag] = value
    }
    // The organisation's own admins cannot change it (spec §6): they ask, and it is done here.
    const timezone = preferencesOf(org).timezone
    if (data.timezone !== undefined && data.timezone !== timezone) {
      changes['preferences.timezone'] = { from: timezone, to: data.timezone }
      org.preferences = { ...org.preferences, timezone: data.timezone }
    }
    if (!Object.keys(changes).length) return
    org.features = features
    await org.save()
    await recordTimeline(org.id, actorId, 'organization.account_updated', changes, trx)
  })
  return detail(org)
}
