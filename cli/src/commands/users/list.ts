import { Flags } from '@oclif/core'
import { teamMembersListTeamMembers, paged } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { listFlags, listQuery } from '../../list_flags.js'
import { MEMBER_ROLES, memberColumns } from '../../user_fields.js'

export default defineListCommand({
  summary: 'List team members (sub-admins, affiliate managers, account managers).',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --role afm --status active --sort name',
    '<%= config.bin %> <%= command.id %> --q silva --limit 10 --page 2 --json',
  ],
  flags: {
    ...listFlags,
    role: Flags.string({ summary: 'Only members with this role.', options: [...MEMBER_ROLES] }),
    status: Flags.string({ summary: 'Only members with this status.', options: ['active', 'disabled', 'pending'] }),
  },
  fetch: (client, flags) =>
    paged(teamMembersListTeamMembers({ client, query: listQuery(flags, { role: flags.role, status: flags.status }) })),
  columns: memberColumns,
  resource: 'team members',
})
