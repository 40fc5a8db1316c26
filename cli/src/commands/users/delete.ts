import { Args } from '@oclif/core'
import { coreDeleteTeamMember, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class UsersDelete extends AffixCommand {
  static summary = 'Delete a team member.'
  static description =
    'Their sessions end at once and their affiliates are unassigned. The owner and you yourself cannot be deleted.'

  static examples = ['<%= config.bin %> <%= command.id %> 42', '<%= config.bin %> <%= command.id %> 42 --json']

  static args = {
    id: Args.integer({ description: 'Team member ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(UsersDelete)
    const { client } = await this.client()
    const member = await unwrap(coreDeleteTeamMember({ client, path: { id: args.id } }))
    this.log(`Deleted team member #${member.id} ${member.email}.`)
    return member
  }
}
