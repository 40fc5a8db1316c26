/*
 * Team members (spec §3, §6): sub-admins, AFMs and ADMs of the organisation, what they see
 * in reports, and which affiliates are assigned to them. Admins, parents and owner
 * sub-admins manage them. Mounted under /api/v1/team-members (the plugin's id).
 */
import {
  defineSchema,
  listQueryParameters,
  PASSWORD_BY_INVITATION,
  REPORT_NAMES,
  schemas,
  TEAM_MEMBER_ROLES,
  type ApiRouter,
} from '@affix/core/kernel'
import {
  affiliateIdsValidator,
  createTeamMemberValidator,
  TEAM_MEMBER_LIST,
  updateTeamMemberValidator,
} from './validators.js'

const TeamMembersController = () => import('./controllers/team_members_controller.js')

/*
 * Named so the SDK exports them as runtime values (ReportName, TeamMemberRole): the admin UI
 * and the CLI read the choices from there instead of writing the lists out again.
 */
export const ReportNameSchema = defineSchema('ReportName', {
  type: 'string',
  enum: [...REPORT_NAMES],
  description: 'A report a team member may be limited to',
})

export const TeamMemberRoleSchema = defineSchema('TeamMemberRole', {
  type: 'string',
  enum: [...TEAM_MEMBER_ROLES],
  description: 'The role of a team member',
})

export const ReportScopeSchema = defineSchema('ReportScope', {
  type: 'object',
  required: ['affiliates', 'campaigns', 'reports'],
  properties: {
    affiliates: {
      type: 'string',
      enum: ['all', 'assigned'],
      description: 'All affiliates, or only the ones assigned to the member',
    },
    campaigns: {
      type: ['array', 'null'],
      items: schemas.id,
      description: 'Campaign ids the member sees; null for all',
    },
    reports: {
      type: ['array', 'null'],
      items: ReportNameSchema,
      description: 'Reports the member sees; null for all',
    },
  },
})

export const TeamMember = defineSchema('TeamMember', {
  type: 'object',
  required: ['id', 'name', 'email', 'role', 'status', 'owner', 'reportScope', 'affiliateCount'],
  properties: {
    id: schemas.id,
    organizationId: schemas.id,
    name: schemas.nullableString,
    email: { type: 'string' },
    role: TeamMemberRoleSchema,
    status: { type: 'string', enum: ['active', 'disabled', 'pending', 'deleted'] },
    owner: { type: 'boolean', description: 'The organisation owner: cannot be disabled, demoted or deleted here' },
    skype: schemas.nullableString,
    contactNumber: schemas.nullableString,
    reportScope: ReportScopeSchema,
    affiliateCount: { type: 'integer', description: 'Affiliates assigned to the member' },
    lastLoginAt: schemas.nullableString,
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const AssignedAffiliate = defineSchema('AssignedAffiliate', {
  type: 'object',
  required: ['id', 'email', 'status', 'assignedAt'],
  properties: {
    id: schemas.id,
    name: schemas.nullableString,
    email: { type: 'string' },
    status: { type: 'string' },
    assignedAt: schemas.timestamp,
  },
})

const assignedList = { status: 200, data: { type: 'array', items: AssignedAffiliate } }

export function teamMembersRoutes(api: ApiRouter) {
  api.get(
    '/',
    {
      name: 'listTeamMembers',
      summary: 'Team members (sub-admins, AFMs, ADMs); filter by role and status, search name and e-mail',
      query: listQueryParameters(TEAM_MEMBER_LIST),
      response: { status: 200, list: TeamMember },
    },
    [TeamMembersController, 'index']
  )
  api.post(
    '/',
    {
      name: 'createTeamMember',
      summary: 'Add a team member',
      description:
        'The organisation never sets a password: the new panel has none until the person sets theirs through the invitation mailed to the address (single use, 7 days); a `password` field is refused. Report scope campaigns must be campaigns of the organisation. An address already used in this organisation is refused ("Username is already taken").',
      body: createTeamMemberValidator,
      refusedFields: PASSWORD_BY_INVITATION,
      response: { status: 201, data: TeamMember },
      errors: {
        '403': 'Not allowed to manage team members',
        '422':
          'Invalid data, a password sent, unknown report scope campaigns, or the e-mail address is already taken in this organisation',
      },
    },
    [TeamMembersController, 'store']
  )
  api.get(
    '/:id',
    {
      name: 'getTeamMember',
      summary: 'One team member',
      response: { status: 200, data: TeamMember },
      errors: { '404': 'No such team member' },
    },
    [TeamMembersController, 'show']
  )
  api.patch(
    '/:id',
    {
      name: 'updateTeamMember',
      summary:
        'Change some fields of a team member; a disabled member is logged out at once (406), a new e-mail ends their sessions',
      description:
        "No password here: only the person sets it. A new e-mail address clears the password (it was the old address owner's) and mails an invitation to the new one. The owner and the caller cannot be disabled or change role here.",
      body: updateTeamMemberValidator,
      refusedFields: PASSWORD_BY_INVITATION,
      response: { status: 200, data: TeamMember },
      errors: {
        '404': 'No such team member',
        '422':
          'Invalid data, a password sent, unknown report scope campaigns, a protected member, or an address already taken',
      },
    },
    [TeamMembersController, 'update']
  )
  api.delete(
    '/:id',
    {
      name: 'deleteTeamMember',
      summary: 'Delete a team member: their sessions end and their affiliates are unassigned',
      response: { status: 200, data: TeamMember },
      errors: { '404': 'No such team member', '422': 'The owner and the caller cannot be deleted' },
    },
    [TeamMembersController, 'destroy']
  )
  api.get(
    '/:id/affiliates',
    {
      name: 'listTeamMemberAffiliates',
      summary: 'Affiliates assigned to a team member',
      response: assignedList,
      errors: { '404': 'No such team member' },
    },
    [TeamMembersController, 'affiliates']
  )
  api.post(
    '/:id/affiliates',
    {
      name: 'assignTeamMemberAffiliates',
      summary: 'Assign affiliates of this organisation to a team member (already assigned ones are kept)',
      body: affiliateIdsValidator,
      response: assignedList,
      errors: {
        '404': 'No such team member',
        '422': 'Some ids are not affiliates of this organisation (listed in invalidIds)',
      },
    },
    [TeamMembersController, 'assign']
  )
  api.delete(
    '/:id/affiliates',
    {
      name: 'unassignTeamMemberAffiliates',
      summary: 'Unassign affiliates from a team member (JSON body; ids not assigned are ignored)',
      body: affiliateIdsValidator,
      response: assignedList,
      errors: {
        '404': 'No such team member',
        '422': 'Some ids are not affiliates of this organisation (listed in invalidIds)',
      },
    },
    [TeamMembersController, 'unassign']
  )
}
