/*
 * The team scope of the caller (spec §6 "Team members"): which affiliates, campaigns and
 * reports a sub-admin, AFM or ADM may see. Admins, parents and owners see everything; a
 * team member sees what their report scope and their assigned affiliates allow; an
 * affiliate sees only itself. Plugins (reports, campaigns, affiliates) narrow their
 * queries with it. Computed at most once per request.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { tenantOf } from './tenancy.js'

/** Roles managed as team members (the OpenAPI schema TeamMemberRole, which the UI and CLI read from the SDK). */
export const TEAM_MEMBER_ROLES = ['sub-admin', 'afm', 'adm'] as const
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number]

/**
 * Report names a team member may be limited to (the engagement screens of spec §2); the
 * OpenAPI schema ReportName, which the admin UI and the CLI read from the SDK.
 */
export const REPORT_NAMES = [
  'campaign',
  'affiliate',
  'customer',
  'activity',
  'click',
  'brand',
  'media',
  'conversion',
  'referral',
  'installs',
  'payout',
] as const
export type ReportName = (typeof REPORT_NAMES)[number]

/** What is stored on a team member (users.report_scope). */
export interface ReportScope {
  affiliates: 'all' | 'assigned'
  /** Campaign ids, or null for every campaign. */
  campaigns: number[] | null
  /** Report names, or null for every report. */
  reports: string[] | null
}

/**
 * How a plugin narrows its data for the caller. With `affiliates: 'assigned'` the caller
 * sees only the data of `affiliateIds`, campaigns included (spec §6 "campaigns of their
 * affiliates only"); `campaigns` and `reports` narrow further when not null. Brands and
 * superadmins are not narrowed here (their own rules apply).
 */
export interface TeamScope {
  affiliates: 'all' | 'assigned'
  /** The affiliates the caller may see, or null for all of them. */
  affiliateIds: number[] | null
  campaigns: number[] | null
  reports: string[] | null
}

export const DEFAULT_REPORT_SCOPE: ReportScope = { affiliates: 'all', campaigns: null, reports: null }

const EVERYTHING: TeamScope = { affiliates: 'all', affiliateIds: null, campaigns: null, reports: null }

/** Reads a stored report scope defensively: anything malformed falls back to the default. */
export function normalizeReportScope(raw: unknown): ReportScope {
  const value = (typeof raw === 'string' ? safeParse(raw) : raw) as Partial<ReportScope> | null
  if (!value || typeof value !== 'object') return { ...DEFAULT_REPORT_SCOPE }
  const ids = (list: unknown) =>
    Array.isArray(list) ? list.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0) : null
  return {
    affiliates: value.affiliates === 'assigned' ? 'assigned' : 'all',
    campaigns: ids(value.campaigns),
    reports: Array.isArray(value.reports) ? value.reports.map(String) : null,
  }
}

function safeParse(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return null
  }
}

/** Ids of the active (not deleted) affiliates assigned to a team member. */
export async function assignedAffiliateIds(organizationId: number, memberId: number): Promise<number[]> {
  const rows = await db
    .from('team_member_affiliates as tma')
    .join('users as affiliate', 'affiliate.id', 'tma.affiliate_id')
    .where('tma.organization_id', organizationId)
    .where('tma.member_id', memberId)
    .where('affiliate.organization_id', organizationId)
    .where('affiliate.role', 'affiliate')
    .whereNot('affiliate.status', 'deleted')
    .orderBy('tma.affiliate_id')
    .select('tma.affiliate_id')
  return rows.map((row) => Number(row.affiliate_id))
}

/** Stores a team member's report scope (users.report_scope, read through the `panels` view). */
export async function setReportScope(
  trx: TransactionClientContract,
  organizationId: number,
  memberId: number,
  scope: ReportScope
) {
  await trx
    .from('users')
    .where({ id: memberId, organization_id: organizationId })
    .update({ report_scope: JSON.stringify(scope) })
}

const cache = new WeakMap<HttpContext, Promise<TeamScope>>()

/** The caller's team scope; the first call of a request reads it, later calls reuse it. */
export function teamScopeOf(ctx: HttpContext): Promise<TeamScope> {
  let scope = cache.get(ctx)
  if (!scope) {
    scope = computeTeamScope(ctx)
    cache.set(ctx, scope)
    // A failed read is not cached, so a retry in the same request may succeed.
    scope.catch(() => cache.delete(ctx))
  }
  return scope
}

async function computeTeamScope(ctx: HttpContext): Promise<TeamScope> {
  const tenant = tenantOf(ctx)
  const user = tenant.user
  if (tenant.role === 'affiliate') {
    return { affiliates: 'assigned', affiliateIds: [tenant.userId], campaigns: null, reports: null }
  }
  // Acting on a child organisation is for admins of the parent: nothing to narrow there.
  const isTeamMember = (TEAM_MEMBER_ROLES as readonly string[]).includes(tenant.role)
  if (!isTeamMember || user.owner || tenant.organizationId !== tenant.homeOrganizationId) return { ...EVERYTHING }
  // tenancy: the caller's own panel
  const row = await db.from('users').where('id', tenant.userId).select('report_scope').first()
  const stored = normalizeReportScope(row?.report_scope)
  return {
    affiliates: stored.affiliates,
    affiliateIds:
      stored.affiliates === 'assigned' ? await assignedAffiliateIds(tenant.organizationId, tenant.userId) : null,
    campaigns: stored.campaigns,
    reports: stored.reports,
  }
}
