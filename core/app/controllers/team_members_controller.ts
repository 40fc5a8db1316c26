import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import { created, list, ok } from '#kernel/envelope'
import { notFound, unprocessable } from '#kernel/errors'
import { authorize, tenantQuery } from '#kernel/tenancy'
import { rejectClearedFields, validate } from '#kernel/validation'
import { paginate, parseList } from '#kernel/list_query'
import { DEFAULT_REPORT_SCOPE, normalizeReportScope, TEAM_MEMBER_ROLES, type ReportScope } from '#kernel/team_scope'
import { refusePasswordFields, unusablePasswordHash } from '#kernel/panels'
import { missingIds } from '#kernel/lookups'
import { invitePanel } from '#services/password_links'
import { recordTimeline } from '#services/timeline'
import {
  affiliateIdsValidator,
  createTeamMemberValidator,
  TEAM_MEMBER_LIST,
  updateTeamMemberValidator,
} from '#validators/team_members'

const SCOPE = 'team_members'

type ReportScopeInput = { affiliates?: 'all' | 'assigned'; campaigns?: number[] | null; reports?: string[] | null }

/** A field-level 422 with a message of this area. */
const refuse = (key: string, field: string, rule: string, extra: Record<string, unknown> = {}) =>
  unprocessable(`${SCOPE}.${key}`, { fields: [{ field, rule }], ...extra })

/** Team members of the organisation acted on (sub-admins, AFMs, ADMs), deleted ones excluded. */
function teamQuery(ctx: HttpContext, client?: TransactionClientContract) {
  return User.query(client ? { client } : {})
    .where('users.organization_id', ctx.tenant.organizationId)
    .whereIn('users.role', [...TEAM_MEMBER_ROLES])
    .whereNot('users.status', 'deleted')
}

async function findMember(ctx: HttpContext, client?: TransactionClientContract) {
  const id = Number(ctx.params.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
  const query = teamQuery(ctx, client).where('users.id', id)
  const member = await (client ? query.forUpdate() : query).first()
  if (!member) throw notFound()
  return member
}

/** Merges a (partial) report scope into the current one, dropping duplicates. */
function mergeReportScope(current: ReportScope, input: ReportScopeInput | undefined): ReportScope {
  const unique = <T>(values: T[] | null) => (values ? [...new Set(values)] : null)
  return {
    affiliates: input?.affiliates ?? current.affiliates,
    campaigns: input?.campaigns === undefined ? current.campaigns : unique(input.campaigns),
    reports: input?.reports === undefined ? current.reports : unique(input.reports),
  }
}

/** The public shape of a team member: never the password or its hash. */
function memberPayload(member: User, reportScope: ReportScope, affiliateCount: number) {
  return {
    id: member.id,
    organizationId: member.organizationId,
    name: member.name,
    email: member.email,
    role: member.role,
    status: member.status,
    owner: member.owner,
    skype: member.skype,
    contactNumber: member.phone,
    reportScope,
    affiliateCount,
    lastLoginAt: member.lastLoginAt?.toISO() ?? null,
    createdAt: member.createdAt?.toISO() ?? null,
    updatedAt: member.updatedAt?.toISO() ?? null,
  }
}

/** Report scopes and assignment counts of some members, read in two queries. */
async function extrasOf(organizationId: number, ids: number[], client?: TransactionClientContract) {
  const runner = client ?? db
  const scopes = new Map<number, ReportScope>()
  const counts = new Map<number, number>()
  if (!ids.length) return { scopes, counts }
  for (const row of await tenantQuery(organizationId, runner)
    .from('users')
    .whereIn('id', ids)
    .select('id', 'report_scope')) {
    scopes.set(Number(row.id), normalizeReportScope(row.report_scope))
  }
  const countRows = await runner
    .from('team_member_affiliates as tma')
    .join('users as affiliate', 'affiliate.id', 'tma.affiliate_id')
    .where('tma.organization_id', organizationId)
    .whereIn('tma.member_id', ids)
    .where('affiliate.role', 'affiliate')
    .whereNot('affiliate.status', 'deleted')
    .groupBy('tma.member_id')
    .select('tma.member_id')
    .count('* as total')
  for (const row of countRows) counts.set(Number(row.member_id), Number(row.total))
  return { scopes, counts }
}

async function present(member: User, client?: TransactionClientContract) {
  const { scopes, counts } = await extrasOf(member.organizationId, [member.id], client)
  return memberPayload(member, scopes.get(member.id) ?? { ...DEFAULT_REPORT_SCOPE }, counts.get(member.id) ?? 0)
}

/** Ends every session of a panel at once (its next call answers 401). */
async function revokeTokens(userId: number, client: TransactionClientContract) {
  await client.from('auth_access_tokens').where('tokenable_id', userId).delete()
}

/** Report scope campaigns must be live campaigns of the organisation; the others are named in a 422. */
async function checkScopeCampaigns(ctx: HttpContext, input: ReportScopeInput | undefined) {
  const ids = input?.campaigns
  if (!ids?.length) return
  const unknown = await missingIds(ctx.tenant.organizationId, 'campaigns', ids)
  if (unknown.length) {
    throw unprocessable(`${SCOPE}.invalid_campaigns`, {
      ids: unknown.join(', '),
      invalidIds: unknown,
      fields: [{ field: 'reportScope.campaigns', rule: 'exists' }],
    })
  }
}

/** Active affiliates of the organisation among `ids`; the others are named in a 422. */
async function checkAffiliates(ctx: HttpContext, ids: number[]) {
  const found = await db
    .from('users')
    .where('organization_id', ctx.tenant.organizationId)
    .where('role', 'affiliate')
    .whereNot('status', 'deleted')
    .whereIn('id', ids)
    .select('id')
  const known = new Set(found.map((row) => Number(row.id)))
  const unknown = ids.filter((id) => !known.has(id))
  if (unknown.length) {
    throw unprocessable(`${SCOPE}.invalid_affiliates`, {
      ids: unknown.join(', '),
      invalidIds: unknown,
      fields: [{ field: 'affiliateIds', rule: 'exists' }],
    })
  }
}

async function assignedAffiliates(organizationId: number, memberId: number) {
  const rows = await db
    .from('team_member_affiliates as tma')
    .join('users as affiliate', 'affiliate.id', 'tma.affiliate_id')
    .where('tma.organization_id', organizationId)
    .where('tma.member_id', memberId)
    .where('affiliate.role', 'affiliate')
    .whereNot('affiliate.status', 'deleted')
    .orderBy('tma.affiliate_id')
    .select('affiliate.id', 'affiliate.name', 'affiliate.email', 'affiliate.status', 'tma.created_at')
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name as string | null,
    email: row.email as string,
    status: row.status as string,
    assignedAt: new Date(row.created_at).toISOString(),
  }))
}

/** A concurrent insert of the same address in the organisation hits the unique index. */
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505'

export default class TeamMembersController {
  /** GET /api/v1/team-members */
  async index(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'read')
    const parsed = parseList(ctx, TEAM_MEMBER_LIST)
    const page = await paginate(teamQuery(ctx), parsed, TEAM_MEMBER_LIST)
    const { scopes, counts } = await extrasOf(
      ctx.tenant.organizationId,
      page.rows.map((row) => row.id)
    )
    const rows = page.rows.map((row) =>
      memberPayload(row, scopes.get(row.id) ?? { ...DEFAULT_REPORT_SCOPE }, counts.get(row.id) ?? 0)
    )
    return list(ctx, 'team-members', rows, page)
  }

  /** GET /api/v1/team-members/:id */
  async show(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'read')
    return ok(ctx, await present(await findMember(ctx)))
  }

  /**
   * POST /api/v1/team-members. The organisation never chooses the member's password: the
   * panel has none until the person sets it through the invitation mailed to the address.
   */
  async store(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'manage')
    refusePasswordFields(ctx)
    const data = await validate(ctx, createTeamMemberValidator, SCOPE)
    await checkScopeCampaigns(ctx, data.reportScope)
    const reportScope = mergeReportScope(DEFAULT_REPORT_SCOPE, data.reportScope)
    try {
      const member = await db.transaction(async (trx) => {
        const sameAddress = await trx
          .from('users')
          .where('organization_id', ctx.tenant.organizationId)
          .whereRaw('lower(email) = ?', [data.email])
          .forUpdate()
          .first()
        // A deleted team member of this organisation comes back on the same row; any other
        // row keeps the address (e.g. an affiliate of this organisation).
        const revivable =
          sameAddress?.status === 'deleted' && (TEAM_MEMBER_ROLES as readonly string[]).includes(sameAddress.role)
        if (sameAddress && !revivable) throw refuse('username_taken', 'email', 'unique')
        const row = {
          organization_id: ctx.tenant.organizationId,
          email: data.email,
          password: unusablePasswordHash(),
          name: data.name,
          role: data.role,
          status: data.status ?? 'active',
          owner: false,
          skype: data.skype ?? null,
          phone: data.contactNumber ?? null,
          report_scope: JSON.stringify(reportScope),
          updated_at: new Date(),
        }
        let id: number
        if (revivable) {
          id = Number(sameAddress.id)
          const profileReset = {
            city: null,
            address: null,
            state: null,
            zipcode: null,
            country: null,
            locale: null,
            last_login_at: null,
            email_verified_at: null,
          }
          await tenantQuery(ctx, trx)
            .from('users')
            .where('id', id)
            .update({ ...row, ...profileReset })
          await tenantQuery(ctx, trx).from('team_member_affiliates').where('member_id', id).delete()
          // Whatever the deleted member was mailed before does not outlive it.
          await trx.from('password_resets').where('user_id', id).delete()
          await trx.from('verification_tokens').where('user_id', id).delete()
          await trx.from('auth_access_tokens').where('tokenable_id', id).delete()
        } else {
          // tenancy: row carries the organisation (built above)
          const [inserted] = await trx.insertQuery().table('users').insert(row).returning('id')
          id = Number(inserted.id ?? inserted)
        }
        await invitePanel(trx, id)
        const saved = await User.findOrFail(id, { client: trx })
        await recordTimeline(
          ctx.tenant.organizationId,
          ctx.tenant.userId,
          'team_member.created',
          { memberId: id, email: data.email, role: data.role, status: saved.status, reportScope },
          trx
        )
        return saved
      })
      return created(ctx, await present(member))
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse('username_taken', 'email', 'unique')
      throw error
    }
  }

  /**
   * PATCH /api/v1/team-members/:id: a partial update. A disabled member's sessions are refused
   * at once (406, forced logout); a new e-mail ends them (401), clears the password (it was
   * the old address's person's) and invites the new address.
   */
  async update(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'manage')
    refusePasswordFields(ctx)
    rejectClearedFields(ctx, ['name', 'email', 'role', 'status'], SCOPE)
    const data = await validate(ctx, updateTeamMemberValidator, SCOPE)
    await checkScopeCampaigns(ctx, data.reportScope)
    try {
      const member = await db.transaction(async (trx) => {
        const member = await findMember(ctx, trx)
        const changes: Record<string, unknown> = {}
        const change = (field: string, from: unknown, to: unknown) => {
          if (to !== undefined && to !== from) changes[field] = { from, to }
        }
        // The owner and the caller keep their role and stay active: nobody locks the team out.
        const guarded = member.id === ctx.tenant.userId ? 'self_protected' : member.owner ? 'owner_protected' : null
        if (guarded && data.status === 'disabled' && member.status !== 'disabled')
          throw refuse(guarded, 'status', 'protected')
        if (guarded && data.role && data.role !== member.role) throw refuse(guarded, 'role', 'protected')

        let newHash: string | null = null
        let sessionsEnd = false
        let invite = false
        const currentEmail = member.email.toLowerCase()
        if (data.email !== undefined && data.email !== currentEmail) {
          const clash = await trx
            .from('users')
            .where('organization_id', member.organizationId)
            .whereRaw('lower(email) = ?', [data.email])
            .whereNot('id', member.id)
            .first()
          if (clash) throw refuse('username_taken', 'email', 'unique')
          // The password was the old address's person's: the new address's person sets theirs.
          newHash = unusablePasswordHash()
          invite = true
          change('email', member.email, data.email)
          sessionsEnd = true
          // Codes mailed to the old address must not work for the new one.
          await trx.from('password_resets').where('user_id', member.id).delete()
          await trx.from('verification_tokens').where('user_id', member.id).delete()
        }
        change('name', member.name, data.name)
        change('role', member.role, data.role)
        change('status', member.status, data.status)
        change('skype', member.skype, data.skype)
        change('contactNumber', member.phone, data.contactNumber)
        // While disabled, the member's tokens answer 406 (forced logout) at once; when the
        // member is enabled again, those old sessions must not come back.
        if (data.status === 'active' && member.status !== 'active') sessionsEnd = true

        const { scopes } = await extrasOf(member.organizationId, [member.id], trx)
        const currentScope = scopes.get(member.id) ?? { ...DEFAULT_REPORT_SCOPE }
        const nextScope = mergeReportScope(currentScope, data.reportScope)
        if (JSON.stringify(nextScope) !== JSON.stringify(currentScope))
          changes.reportScope = { from: currentScope, to: nextScope }

        if (!Object.keys(changes).length) return member
        member.useTransaction(trx)
        if (data.name !== undefined) member.name = data.name
        if (data.email !== undefined) member.email = data.email
        if (data.role !== undefined) member.role = data.role
        if (data.status !== undefined) member.status = data.status
        if (data.skype !== undefined) member.skype = data.skype
        if (data.contactNumber !== undefined) member.phone = data.contactNumber
        await member.save()
        // Written raw: the model would hash the hash again.
        const raw: Record<string, unknown> = {}
        if (newHash) raw.password = newHash
        if (invite) raw.email_verified_at = null
        if (changes.reportScope) raw.report_scope = JSON.stringify(nextScope)
        if (Object.keys(raw).length) await tenantQuery(ctx, trx).from('users').where('id', member.id).update(raw)
        if (sessionsEnd) await revokeTokens(member.id, trx)
        if (invite) await invitePanel(trx, member.id)
        await recordTimeline(
          member.organizationId,
          ctx.tenant.userId,
          'team_member.updated',
          { memberId: member.id, ...changes },
          trx
        )
        return member
      })
      return ok(ctx, await present(member))
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse('username_taken', 'email', 'unique')
      throw error
    }
  }

  /** DELETE /api/v1/team-members/:id: marks the member deleted, ends their sessions, drops their assignments. */
  async destroy(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'manage')
    const member = await db.transaction(async (trx) => {
      const member = await findMember(ctx, trx)
      if (member.id === ctx.tenant.userId) throw refuse('self_protected', 'id', 'protected')
      if (member.owner) throw refuse('owner_protected', 'id', 'protected')
      member.useTransaction(trx)
      member.status = 'deleted'
      await member.save()
      await revokeTokens(member.id, trx)
      await tenantQuery(ctx, trx).from('team_member_affiliates').where('member_id', member.id).delete()
      await recordTimeline(
        member.organizationId,
        ctx.tenant.userId,
        'team_member.deleted',
        { memberId: member.id, email: member.email },
        trx
      )
      return member
    })
    return ok(ctx, await present(member))
  }

  /** GET /api/v1/team-members/:id/affiliates */
  async affiliates(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'read')
    const member = await findMember(ctx)
    return ok(ctx, await assignedAffiliates(member.organizationId, member.id))
  }

  /** POST /api/v1/team-members/:id/affiliates: assigns affiliates (already assigned ones are kept). */
  async assign(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'manage')
    const member = await findMember(ctx)
    const { affiliateIds } = await validate(ctx, affiliateIdsValidator, SCOPE)
    const ids = [...new Set(affiliateIds)]
    await checkAffiliates(ctx, ids)
    await db.transaction(async (trx) => {
      const inserted = await trx
        .insertQuery()
        .table('team_member_affiliates')
        .insert(ids.map((id) => ({ organization_id: member.organizationId, member_id: member.id, affiliate_id: id })))
        .onConflict(['member_id', 'affiliate_id'])
        .ignore()
        .returning('affiliate_id')
      // Assigned on purpose now: the assignment no longer leaves when the manager field moves.
      await trx
        .from('team_member_affiliates')
        .where({ organization_id: member.organizationId, member_id: member.id, by_manager: true })
        .whereIn('affiliate_id', ids)
        .update({ by_manager: false })
      const added = inserted.map((row: { affiliate_id: number }) => Number(row.affiliate_id))
      if (added.length)
        await recordTimeline(
          member.organizationId,
          ctx.tenant.userId,
          'team_member.affiliates_assigned',
          { memberId: member.id, affiliateIds: added },
          trx
        )
    })
    return ok(ctx, await assignedAffiliates(member.organizationId, member.id))
  }

  /** DELETE /api/v1/team-members/:id/affiliates: unassigns affiliates (ones not assigned are ignored). */
  async unassign(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'manage')
    const member = await findMember(ctx)
    const { affiliateIds } = await validate(ctx, affiliateIdsValidator, SCOPE)
    const ids = [...new Set(affiliateIds)]
    await checkAffiliates(ctx, ids)
    await db.transaction(async (trx) => {
      const removed = await trx
        .from('team_member_affiliates')
        .where('organization_id', member.organizationId)
        .where('member_id', member.id)
        .whereIn('affiliate_id', ids)
        .delete()
        .returning('affiliate_id')
      const unassigned = removed.map((row: { affiliate_id: number }) => Number(row.affiliate_id))
      if (unassigned.length)
        await recordTimeline(
          member.organizationId,
          ctx.tenant.userId,
          'team_member.affiliates_unassigned',
          { memberId: member.id, affiliateIds: unassigned },
          trx
        )
    })
    return ok(ctx, await assignedAffiliates(member.organizationId, member.id))
  }
}
