import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  addPanel,
  assignAffiliatesToMember,
  assignedAffiliatesOf,
  assignmentCounts,
  authorize,
  clearMemberAssignments,
  created,
  DEFAULT_REPORT_SCOPE,
  findPanels,
  list,
  missingIds,
  normalizeReportScope,
  notFound,
  ok,
  paginateRows,
  parseList,
  recordOrganizationTimeline,
  refusePasswordFields,
  rejectClearedFields,
  setPanelsStatus,
  setReportScope,
  TEAM_MEMBER_ROLES,
  unassignAffiliatesFromMember,
  unprocessable,
  updatePanel,
  validate,
  type ReportScope,
} from '@affix/core/kernel'
import {
  affiliateIdsValidator,
  createTeamMemberValidator,
  TEAM_MEMBER_LIST,
  updateTeamMemberValidator,
} from '../validators.js'

const SCOPE = 'team_members'

type ReportScopeInput = { affiliates?: 'all' | 'assigned'; campaigns?: number[] | null; reports?: string[] | null }

/** A field-level 422 with a message of this area. */
const refuse = (key: string, field: string, rule: string, extra: Record<string, unknown> = {}) =>
  unprocessable(`${SCOPE}.${key}`, { fields: [{ field, rule }], ...extra })

/** A team member as read from core's `panels` view (no password, token or secret). */
type MemberRow = Record<string, any>

/** Team members of the organisation acted on (sub-admins, AFMs, ADMs), deleted ones excluded. */
function teamQuery(organizationId: number, client?: TransactionClientContract) {
  return (client ?? db)
    .from('panels')
    .where('organization_id', organizationId)
    .whereIn('role', [...TEAM_MEMBER_ROLES])
    .whereNot('status', 'deleted')
}

async function findMember(ctx: HttpContext, client?: TransactionClientContract): Promise<MemberRow> {
  const id = Number(ctx.params.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
  // In a transaction the member's row stays locked until it commits: changes are judged on what is stored.
  const query = teamQuery(ctx.tenant.organizationId, client).where('id', id)
  const member = await (client ? query.forUpdate() : query).first()
  if (!member) throw notFound()
  return { ...member, id: Number(member.id) }
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

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
function memberPayload(member: MemberRow, affiliateCount: number) {
  return {
    id: Number(member.id),
    organizationId: Number(member.organization_id),
    name: member.name,
    email: member.email,
    role: member.role,
    status: member.status,
    owner: Boolean(member.owner),
    skype: member.skype,
    contactNumber: member.phone,
    reportScope: normalizeReportScope(member.report_scope),
    affiliateCount,
    lastLoginAt: iso(member.last_login_at),
    createdAt: iso(member.created_at),
    updatedAt: iso(member.updated_at),
  }
}

/** A member as stored now (after a write has committed). */
async function present(organizationId: number, memberId: number) {
  const member = await db.from('panels').where({ organization_id: organizationId, id: memberId }).firstOrFail()
  const counts = await assignmentCounts(organizationId, [memberId])
  return memberPayload(member, counts.get(memberId) ?? 0)
}

/** Report scope campaigns must be live campaigns of the organisation; the others are named in a 422. */
async function checkScopeCampaigns(ctx: HttpContext, input: ReportScopeInput | undefined) {
  const ids = input?.campaigns
  if (!ids?.length) return
  const unknown = await missingIds(ctx.tenant.organizationId, 'campaigns', ids)
  if (unknown.length) {
    throw refuse('invalid_campaigns', 'reportScope.campaigns', 'exists', {
      ids: unknown.join(', '),
      invalidIds: unknown,
    })
  }
}

/** Live affiliates of the organisation among `ids`; the others are named in a 422. */
async function checkAffiliates(ctx: HttpContext, ids: number[]) {
  const found = await findPanels(ids, { organizationId: ctx.tenant.organizationId, roles: ['affiliate'], live: true })
  const unknown = ids.filter((id) => !found.has(id))
  if (unknown.length) {
    throw refuse('invalid_affiliates', 'affiliateIds', 'exists', { ids: unknown.join(', '), invalidIds: unknown })
  }
}

/**
 * Assigns or unassigns affiliates of the organisation (the body's `affiliateIds`), records the
 * ones that changed on the timeline, and answers the member's assigned affiliates.
 */
async function changeAssignments(
  ctx: HttpContext,
  action: string,
  write: (trx: TransactionClientContract, organizationId: number, memberId: number, ids: number[]) => Promise<number[]>
) {
  authorize(ctx, 'team_members', 'manage')
  const organizationId = ctx.tenant.organizationId
  const member = await findMember(ctx)
  const { affiliateIds } = await validate(ctx, affiliateIdsValidator, SCOPE)
  const ids = [...new Set(affiliateIds)]
  await checkAffiliates(ctx, ids)
  await db.transaction(async (trx) => {
    const changed = await write(trx, organizationId, member.id, ids)
    if (changed.length)
      await recordOrganizationTimeline(
        organizationId,
        ctx.tenant.userId,
        action,
        { memberId: member.id, affiliateIds: changed },
        trx
      )
  })
  return ok(ctx, await assignedAffiliatesOf(organizationId, member.id))
}

export default class TeamMembersController {
  /** GET /api/v1/team-members */
  async index(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'read')
    const parsed = parseList(ctx, TEAM_MEMBER_LIST)
    const page = await paginateRows(teamQuery(ctx.tenant.organizationId), parsed, TEAM_MEMBER_LIST)
    const counts = await assignmentCounts(
      ctx.tenant.organizationId,
      page.rows.map((row) => Number(row.id))
    )
    const rows = page.rows.map((row) => memberPayload(row, counts.get(Number(row.id)) ?? 0))
    return list(ctx, 'team-members', rows, page)
  }

  /** GET /api/v1/team-members/:id */
  async show(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'read')
    const member = await findMember(ctx)
    const counts = await assignmentCounts(ctx.tenant.organizationId, [member.id])
    return ok(ctx, memberPayload(member, counts.get(member.id) ?? 0))
  }

  /**
   * POST /api/v1/team-members. The organisation never chooses the member's password: the
   * panel has none until the person sets it through the invitation mailed to the address. A
   * deleted team member of this organisation comes back on the same row; any other panel
   * keeps the address (e.g. an affiliate of this organisation).
   */
  async store(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'manage')
    refusePasswordFields(ctx)
    const data = await validate(ctx, createTeamMemberValidator, SCOPE)
    await checkScopeCampaigns(ctx, data.reportScope)
    const reportScope = mergeReportScope(DEFAULT_REPORT_SCOPE, data.reportScope)
    const organizationId = ctx.tenant.organizationId
    const id = await db.transaction(async (trx) => {
      const status = data.status ?? 'active'
      const memberId = await addPanel(
        trx,
        {
          organizationId,
          email: data.email,
          name: data.name,
          role: data.role,
          status,
          skype: data.skype ?? null,
          phone: data.contactNumber ?? null,
        },
        { invite: true, revive: TEAM_MEMBER_ROLES }
      )
      await setReportScope(trx, organizationId, memberId, reportScope)
      await recordOrganizationTimeline(
        organizationId,
        ctx.tenant.userId,
        'team_member.created',
        { memberId, email: data.email, role: data.role, status, reportScope },
        trx
      )
      return memberId
    })
    return created(ctx, await present(organizationId, id))
  }

  /**
   * PATCH /api/v1/team-members/:id: a partial update. A disabled member's sessions are refused
   * at once (406, forced logout); a new e-mail ends them (401), clears the password (it was
   * the old address's person's) and invites the new address (kernel updatePanel).
   */
  async update(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'manage')
    refusePasswordFields(ctx)
    rejectClearedFields(ctx, ['name', 'email', 'role', 'status'], SCOPE)
    const data = await validate(ctx, updateTeamMemberValidator, SCOPE)
    await checkScopeCampaigns(ctx, data.reportScope)
    const member = await db.transaction(async (trx) => {
      const member = await findMember(ctx, trx)
      // The owner and the caller keep their role and stay active: nobody locks the team out.
      const guarded = member.id === ctx.tenant.userId ? 'self_protected' : member.owner ? 'owner_protected' : null
      if (guarded && data.status === 'disabled' && member.status !== 'disabled')
        throw refuse(guarded, 'status', 'protected')
      if (guarded && data.role && data.role !== member.role) throw refuse(guarded, 'role', 'protected')

      const changes: Record<string, unknown> = {}
      const change = (field: string, from: unknown, to: unknown) => {
        if (to !== undefined && to !== from) changes[field] = { from, to }
      }
      change('email', member.email.toLowerCase(), data.email)
      change('name', member.name, data.name)
      change('role', member.role, data.role)
      change('status', member.status, data.status)
      change('skype', member.skype, data.skype)
      change('contactNumber', member.phone, data.contactNumber)
      const currentScope = normalizeReportScope(member.report_scope)
      const nextScope = mergeReportScope(currentScope, data.reportScope)
      if (JSON.stringify(nextScope) !== JSON.stringify(currentScope))
        changes.reportScope = { from: currentScope, to: nextScope }
      if (!Object.keys(changes).length) return member

      await updatePanel(
        trx,
        ctx.tenant.organizationId,
        member.id,
        {
          email: data.email,
          name: data.name,
          status: data.status,
          skype: data.skype,
          phone: data.contactNumber,
        },
        { role: data.role }
      )
      if (changes.reportScope) await setReportScope(trx, ctx.tenant.organizationId, member.id, nextScope)
      await recordOrganizationTimeline(
        ctx.tenant.organizationId,
        ctx.tenant.userId,
        'team_member.updated',
        { memberId: member.id, ...changes },
        trx
      )
      return member
    })
    return ok(ctx, await present(ctx.tenant.organizationId, member.id))
  }

  /** DELETE /api/v1/team-members/:id: marks the member deleted, ends their sessions, drops their assignments. */
  async destroy(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'manage')
    const member = await db.transaction(async (trx) => {
      const member = await findMember(ctx, trx)
      if (member.id === ctx.tenant.userId) throw refuse('self_protected', 'id', 'protected')
      if (member.owner) throw refuse('owner_protected', 'id', 'protected')
      await setPanelsStatus(trx, ctx.tenant.organizationId, [member.id], 'deleted')
      await clearMemberAssignments(trx, ctx.tenant.organizationId, member.id)
      await recordOrganizationTimeline(
        ctx.tenant.organizationId,
        ctx.tenant.userId,
        'team_member.deleted',
        { memberId: member.id, email: member.email },
        trx
      )
      return member
    })
    return ok(ctx, await present(ctx.tenant.organizationId, member.id))
  }

  /** GET /api/v1/team-members/:id/affiliates */
  async affiliates(ctx: HttpContext) {
    authorize(ctx, 'team_members', 'read')
    const member = await findMember(ctx)
    return ok(ctx, await assignedAffiliatesOf(ctx.tenant.organizationId, member.id))
  }

  /** POST /api/v1/team-members/:id/affiliates: assigns affiliates (already assigned ones are kept). */
  async assign(ctx: HttpContext) {
    // Assigned on purpose: the assignment no longer leaves when the manager field moves.
    return changeAssignments(ctx, 'team_member.affiliates_assigned', assignAffiliatesToMember)
  }

  /** DELETE /api/v1/team-members/:id/affiliates: unassigns affiliates (ones not assigned are ignored). */
  async unassign(ctx: HttpContext) {
    return changeAssignments(ctx, 'team_member.affiliates_unassigned', unassignAffiliatesFromMember)
  }
}
