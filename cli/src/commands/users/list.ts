import { Flags } from '@oclif/core'
import { coreListTeamMembers, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { listFlags, pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'
import { MEMBER_ROLES, memberColumns } from '../../user_fields.js'

export default class UsersList extends AffixCommand {
  static summary = 'List team members (sub-admins, affiliate managers, account managers).'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --role afm --status active --sort name',
    '<%= config.bin %> <%= command.id %> --q silva --limit 10 --page 2 --json',
  ]

  static flags = {
    ...listFlags,
    role: Flags.string({ summary: 'Only members with this role.', options: [...MEMBER_ROLES] }),
    status: Flags.string({ summary: 'Only members with this status.', options: ['active', 'disabled', 'pending'] }),
  }

  async run() {
    const { flags } = await this.parse(UsersList)
    const { client } = await this.client()
    const filter = Object.fromEntries(
      Object.entries({ role: flags.role, status: flags.status }).filter(([, value]) => value !== undefined)
    )
    const page = await paged(
      coreListTeamMembers({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          sort: flags.sort,
          q: flags.q,
          filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
        },
      })
    )
    if (page.items.length) this.log(renderTable(page.items, memberColumns))
    this.log(pageSummary('team members', page.start, page.items.length, page.total))
    return page.items
  }
}
