/* Team members (spec §3): shapes, choices and the payloads of POST and PATCH /api/v1/team-members. */

import { ReportName, TeamMemberRole } from '@affix/sdk'

/** The paged collection of GET /api/v1/team-members, named after the ability that guards it. */
export const TEAM_MEMBERS_RESOURCE = 'team_members'
export const TEAM_MEMBERS_API = '/api/v1/team-members'

// The roles and report names come from the API's schema (generated into the SDK), in its order.
export const TEAM_ROLES = Object.values(TeamMemberRole)
export const TEAM_STATUSES = ['active', 'disabled'] as const
export const SCOPE_REPORTS = Object.values(ReportName)

/** Campaigns and reports are null on the server for "all" (older rows), or lists. */
export interface ReportScope {
  affiliates: 'all' | 'assigned'
  campaigns: number[] | null
  reports: string[] | null
}

export interface TeamMember {
  id: number
  name: string | null
  email: string
  role: TeamMemberRole
  status: 'active' | 'disabled' | 'pending' | 'deleted'
  owner: boolean
  skype?: string | null
  contactNumber?: string | null
  reportScope: ReportScope
  affiliateCount: number
  lastLoginAt?: string | null
  createdAt?: string | null
}

export interface AssignedAffiliate {
  id: number
  name?: string | null
  email: string
  status: string
  assignedAt: string
}

export interface TeamMemberFormValues {
  name?: string
  email?: string
  role?: string
  status?: string
  skype?: string | null
  contactNumber?: string | null
  reportScope?: { affiliates?: string; campaigns?: Array<string | number>; reports?: string[] }
}

export const roleChoices = TEAM_ROLES.map((id) => ({ id, name: `teamMembers.roles.${id}` }))
export const statusChoices = TEAM_STATUSES.map((id) => ({ id, name: `affix.screens.status.${id}` }))
export const reportChoices = SCOPE_REPORTS.map((id) => ({ id, name: `teamMembers.reports.${id}` }))
export const affiliateScopeChoices = [
  { id: 'assigned', name: 'teamMembers.scope.assigned' },
  { id: 'all', name: 'teamMembers.scope.all' },
]

export const NEW_MEMBER_DEFAULTS: TeamMemberFormValues = {
  role: 'sub-admin',
  status: 'active',
  reportScope: { affiliates: 'all', campaigns: [], reports: [] },
}

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

/** Campaign ids typed as text; anything that is not a whole number > 0 is left to the validator. */
export const toIds = (values: Array<string | number> | undefined) =>
  (values ?? []).map((value) => (typeof value === 'number' ? value : Number(String(value).trim())))

export function invalidIds(values: Array<string | number> | undefined): string[] {
  return (values ?? []).map(String).filter((value) => !/^\s*[1-9]\d{0,9}\s*$/.test(value))
}

/** The body of POST /team-members, or of PATCH with only what changed from `record`. */
export function toTeamMemberPayload(values: TeamMemberFormValues, record?: TeamMember): Record<string, unknown> {
  const full: Record<string, unknown> = {
    name: values.name?.trim(),
    email: values.email?.trim(),
    role: values.role,
    status: values.status,
    skype: blankToNull(values.skype),
    contactNumber: blankToNull(values.contactNumber),
    // An empty list means no narrowing: null on the server ("every campaign", "every report").
    reportScope: {
      affiliates: values.reportScope?.affiliates ?? 'all',
      campaigns: values.reportScope?.campaigns?.length ? toIds(values.reportScope.campaigns) : null,
      reports: values.reportScope?.reports?.length ? values.reportScope.reports : null,
    },
  }
  if (!record) return full
  const before: Record<string, unknown> = {
    name: record.name,
    email: record.email,
    role: record.role,
    status: record.status,
    skype: record.skype ?? null,
    contactNumber: record.contactNumber ?? null,
    reportScope: {
      affiliates: record.reportScope?.affiliates ?? 'all',
      campaigns: record.reportScope?.campaigns?.length ? record.reportScope.campaigns : null,
      reports: record.reportScope?.reports?.length ? record.reportScope.reports : null,
    },
  }
  return Object.fromEntries(
    Object.entries(full).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key]))
  )
}
