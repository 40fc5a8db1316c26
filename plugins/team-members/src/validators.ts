import vine from '@vinejs/vine'
import { PHONE_RULE, REPORT_NAMES, TEAM_MEMBER_ROLES, text, type ListOptions } from '@affix/core/kernel'

export const TEAM_MEMBER_STATUSES = ['active', 'disabled'] as const

/** Most ids one call may assign, unassign or limit a member to. */
export const MAX_IDS = 1000

const idList = () => vine.array(vine.number().withoutDecimals().positive()).maxLength(MAX_IDS)

/**
 * What a team member sees in reports (spec §6): all affiliates or the assigned ones; a list
 * of campaigns or null for all; a list of reports or null for all. Omitted parts are kept
 * on update and take the default (everything) on create.
 */
const reportScope = vine.object({
  affiliates: vine.enum(['all', 'assigned'] as const).optional(),
  campaigns: idList().nullable().optional(),
  reports: vine
    .array(vine.enum(REPORT_NAMES))
    .maxLength(REPORT_NAMES.length * 2)
    .nullable()
    .optional(),
})

/** No password: the member sets theirs through the invitation mailed to the address. */
export const createTeamMemberValidator = vine.create({
  name: text().minLength(1),
  email: vine.string().trim().toLowerCase().email().maxLength(254),
  role: vine.enum(TEAM_MEMBER_ROLES),
  status: vine.enum(TEAM_MEMBER_STATUSES).optional(),
  skype: text().nullable().optional(),
  contactNumber: vine.string().trim().regex(PHONE_RULE).nullable().optional(),
  reportScope: reportScope.optional(),
})

export const updateTeamMemberValidator = vine.create({
  name: text().minLength(1).optional(),
  email: vine.string().trim().toLowerCase().email().maxLength(254).optional(),
  role: vine.enum(TEAM_MEMBER_ROLES).optional(),
  status: vine.enum(TEAM_MEMBER_STATUSES).optional(),
  skype: text().nullable().optional(),
  contactNumber: vine.string().trim().regex(PHONE_RULE).nullable().optional(),
  reportScope: reportScope.optional(),
})

export const affiliateIdsValidator = vine.create({
  affiliateIds: idList().minLength(1),
})

/** Paging, sorting and filtering of GET /api/v1/team-members. */
export const TEAM_MEMBER_LIST: ListOptions = {
  sortable: {
    id: 'id',
    name: 'name',
    email: 'email',
    role: 'role',
    status: 'status',
    createdAt: 'created_at',
    lastLoginAt: 'last_login_at',
  },
  filterable: {
    role: { column: 'role', kind: 'eq', values: TEAM_MEMBER_ROLES },
    status: { column: 'status', kind: 'eq', values: [...TEAM_MEMBER_STATUSES, 'pending'] },
  },
  search: ['name', 'email'],
  defaultSort: ['createdAt', 'desc'],
}
