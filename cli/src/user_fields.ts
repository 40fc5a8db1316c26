/* Flags and output shared by the `users` (team members) commands. */
import { Flags } from '@oclif/core'
import { ReportName, TeamMemberRole } from '@affix/sdk'
import type { AssignedAffiliate, TeamMembersUpdateTeamMemberData, TeamMember } from '@affix/sdk'
import { renderDetails, type Column } from './output.js'

// The roles and report names come from the API's schema (generated into the SDK), in its order.
export const MEMBER_ROLES = Object.values(TeamMemberRole)
export const MEMBER_STATUSES = ['active', 'disabled'] as const
export const REPORTS = Object.values(ReportName)

type MemberBody = NonNullable<TeamMembersUpdateTeamMemberData['body']>

/** Editable fields of a team member; an empty value ("") clears --skype and --contact. */
export const memberFieldFlags = {
  status: Flags.string({
    summary: 'Account status (a disabled member is logged out at once).',
    options: [...MEMBER_STATUSES],
  }),
  skype: Flags.string({ summary: 'Skype ID ("" clears it).' }),
  contact: Flags.string({ summary: 'Contact number, e.g. "+44 20 7946 0000" ("" clears it).' }),
  'affiliates-scope': Flags.string({
    summary: 'Which affiliates the member sees in reports: all, or only the assigned ones.',
    options: ['all', 'assigned'],
  }),
  campaign: Flags.integer({ summary: 'Limit the member to this campaign ID (repeatable).', multiple: true, min: 1 }),
  'all-campaigns': Flags.boolean({ summary: 'Let the member see every campaign.', exclusive: ['campaign'] }),
  report: Flags.string({
    summary: 'Limit the member to this report (repeatable).',
    multiple: true,
    options: [...REPORTS],
  }),
  'all-reports': Flags.boolean({ summary: 'Let the member see every report.', exclusive: ['report'] }),
}

export interface MemberFlags {
  name?: string
  email?: string
  role?: string
  status?: string
  skype?: string
  contact?: string
  'affiliates-scope'?: string
  campaign?: number[]
  'all-campaigns'?: boolean
  report?: string[]
  'all-reports'?: boolean
}

/** The request body for the flags given; what was not given is left out. */
export function memberBody(flags: MemberFlags): MemberBody {
  const nullable = (value: string | undefined) => (value === undefined ? undefined : value.trim() === '' ? null : value)
  const reportScope: NonNullable<MemberBody['reportScope']> = {}
  if (flags['affiliates-scope']) reportScope.affiliates = flags['affiliates-scope'] as 'all' | 'assigned'
  if (flags.campaign?.length) reportScope.campaigns = flags.campaign
  if (flags['all-campaigns']) reportScope.campaigns = null
  if (flags.report?.length) reportScope.reports = flags.report as NonNullable<typeof reportScope.reports>
  if (flags['all-reports']) reportScope.reports = null
  const body: MemberBody = {
    name: flags.name,
    email: flags.email,
    role: flags.role as MemberBody['role'],
    status: flags.status as MemberBody['status'],
    skype: nullable(flags.skype),
    contactNumber: nullable(flags.contact),
    ...(Object.keys(reportScope).length ? { reportScope } : {}),
  }
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as MemberBody
}

export const memberColumns: Column<TeamMember>[] = [
  { header: 'ID', value: (member) => member.id },
  { header: 'NAME', value: (member) => member.name },
  { header: 'EMAIL', value: (member) => member.email },
  { header: 'ROLE', value: (member) => member.role },
  { header: 'STATUS', value: (member) => member.status },
  { header: 'AFFILIATES', value: (member) => member.affiliateCount },
]

export function memberDetails(member: TeamMember): string {
  const scope = member.reportScope
  return renderDetails([
    ['ID', member.id],
    ['Name', member.name],
    ['E-mail', member.email],
    ['Role', member.role],
    ['Status', member.status],
    ['Owner', member.owner ? 'yes' : 'no'],
    ['Skype', member.skype],
    ['Contact', member.contactNumber],
    ['Affiliates', scope.affiliates === 'all' ? 'all' : `assigned only (${member.affiliateCount})`],
    ['Campaigns', scope.campaigns ? scope.campaigns.join(', ') || 'none' : 'all'],
    ['Reports', scope.reports ? scope.reports.join(', ') || 'none' : 'all'],
    ['Last login', member.lastLoginAt],
    ['Created', member.createdAt],
  ])
}

export const affiliateColumns: Column<AssignedAffiliate>[] = [
  { header: 'ID', value: (affiliate) => affiliate.id },
  { header: 'NAME', value: (affiliate) => affiliate.name },
  { header: 'EMAIL', value: (affiliate) => affiliate.email },
  { header: 'STATUS', value: (affiliate) => affiliate.status },
  { header: 'ASSIGNED', value: (affiliate) => affiliate.assignedAt },
]
