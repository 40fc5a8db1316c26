import { Args } from '@oclif/core'
import { coreGetTeamMember, coreListTeamMemberAffiliates, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderTable } from '../../output.js'
import { affiliateColumns, memberDetails } from '../../user_fields.js'

export default class UsersGet extends AffixCommand {
  static summary = 'Show one team member and the affiliates assigned to them.'

  static examples = ['<%= config.bin %> <%= command.id %> 42', '<%= config.bin %> <%= command.id %> 42 --json']

  static args = {
    id: Args.integer({ description: 'Team member ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(UsersGet)
    const { client } = await this.client()
    const member = await unwrap(coreGetTeamMember({ client, path: { id: args.id } }))
    const affiliates = await unwrap(coreListTeamMemberAffiliates({ client, path: { id: args.id } }))
    this.log(memberDetails(member))
    if (affiliates.length) this.log(`\nAssigned affiliates:\n${renderTable(affiliates, affiliateColumns)}`)
    return { ...member, affiliates }
  }
}
