import { Args, Flags } from '@oclif/core'
import { teamMembersUnassignTeamMemberAffiliates, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderTable } from '../../output.js'
import { affiliateColumns } from '../../user_fields.js'

export default class UsersUnassign extends AffixCommand {
  static summary = 'Unassign affiliates from a team member.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 42 --affiliate 7',
    '<%= config.bin %> <%= command.id %> 42 --affiliate 7 --affiliate 8 --json',
  ]

  static args = {
    id: Args.integer({ description: 'Team member ID', required: true, min: 1 }),
  }

  static flags = {
    affiliate: Flags.integer({ summary: 'Affiliate ID (repeatable).', required: true, multiple: true, min: 1 }),
  }

  async run() {
    const { args, flags } = await this.parse(UsersUnassign)
    const { client } = await this.client()
    const affiliates = await unwrap(
      teamMembersUnassignTeamMemberAffiliates({
        client,
        path: { id: args.id },
        body: { affiliateIds: flags.affiliate },
      })
    )
    this.log(`Team member #${args.id} now has ${affiliates.length} assigned affiliate(s).`)
    if (affiliates.length) this.log(renderTable(affiliates, affiliateColumns))
    return affiliates
  }
}
