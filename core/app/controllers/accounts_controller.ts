import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Organization from '#models/organization'
import User from '#models/user'
import { list, ok } from '#kernel/envelope'
import { notFound, unprocessable } from '#kernel/errors'
import { FEATURE_FLAGS } from '#kernel/permissions'
import { authorize } from '#kernel/tenancy'
import { rejectClearedFields, validate } from '#kernel/validation'
import { paginate, parseList } from '#kernel/list_query'
import { ACCOUNT_LIST, updateAccountValidator } from '#validators/superadmin'
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

async function findAccount(id: unknown) {
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

export default class AccountsController {
  /** GET /api/v1/superadmin/accounts: every organisation, paged. */
  async index(ctx: HttpContext) {
    authorize(ctx, 'accounts', 'read')
    const parsed = parseList(ctx, ACCOUNT_LIST)
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
    const page = await paginate(query, { ...parsed, filters }, ACCOUNT_LIST)
    const ids = page.rows.map((org) => org.id)
    const [owners, counts] = await Promise.all([ownersOf(ids), userCounts(ids)])
    return list(
      ctx,
      'accounts',
      page.rows.map((org) => summary(org, owners.get(org.id), counts.get(org.id) ?? 0)),
      page
    )
  }

  /** GET /api/v1/superadmin/accounts/:id */
  async show(ctx: HttpContext) {
    authorize(ctx, 'accounts', 'read')
    return ok(ctx, await detail(await findAccount(ctx.params.id)))
  }

  /**
   * POST /api/v1/superadmin/accounts/:id/verify: marks the organisation verified and
   * activates its owner's panel when it is still pending. Calling it again changes nothing.
   */
  async verify(ctx: HttpContext) {
    authorize(ctx, 'accounts', 'manage')
    const org = await findAccount(ctx.params.id)
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
      if (Object.keys(changes).length)
        await recordTimeline(org.id, ctx.tenant.userId, 'organization.verified', changes, trx)
    })
    await org.refresh()
    return ok(ctx, await detail(org))
  }

  /** PATCH /api/v1/superadmin/accounts/:id: billing state, panel lock, onboarding, flags, time zone. */
  async update(ctx: HttpContext) {
    authorize(ctx, 'accounts', 'manage')
    const org = await findAccount(ctx.params.id)
    const fields = [
      'billingState',
      'panelLocked',
      'onboardingPending',
      'network',
      'reportsInstall',
      'features',
      'timezone',
    ]
    rejectClearedFields(ctx, fields, 'superadmin')
    const rawFeatures = ctx.request.input('features')
    if (rawFeatures && typeof rawFeatures === 'object' && !Array.isArray(rawFeatures)) {
      const unknown = Object.keys(rawFeatures).find((flag) => !(FEATURE_FLAGS as readonly string[]).includes(flag))
      if (unknown)
        throw unprocessable('superadmin.unknown_feature', {
          flag: unknown,
          fields: [{ field: `features.${unknown}`, rule: 'in' }],
        })
    }
    const data = await validate(ctx, updateAccountValidator, 'superadmin')
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
      await recordTimeline(org.id, ctx.tenant.userId, 'organization.account_updated', changes, trx)
    })
    return ok(ctx, await detail(org))
  }
}
