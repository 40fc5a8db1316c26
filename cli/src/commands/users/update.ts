import { Args, Flags } from '@oclif/core'
import { teamMembersUpdateTeamMember, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { MEMBER_ROLES, memberBody, memberDetails, memberFieldFlags } from '../../user_fields.js'

export default class UsersUpdate extends AffixCommand {
  static summary = 'Change some fields of a team member (the others are kept).'
  static description =
    'A disabled member is logged out at once. A new --email ends their sessions, clears their password and mails an invitation to the new address; only the member sets a password.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 42 --status disabled',
    '<%= config.bin %> <%= command.id %> 42 --role adm --name "Ana S. Souza" --skype ""',
    '<%= config.bin %> <%= command.id %> 42 --affiliates-scope all --all-campaigns --report payout --json',
  ]

  static args = {
    id: Args.integer({ description: 'Team member ID', required: true, min: 1 }),
  }

  static flags = {
    name: Flags.string({ summary: 'New full name.' }),
    email: Flags.string({ summary: 'New e-mail address (the login).' }),
    role: Flags.string({ summary: 'New role.', options: [...MEMBER_ROLES] }),
    ...memberFieldFlags,
  }

  async run() {
    const { args, flags } = await this.parse(UsersUpdate)
    const body = memberBody(flags)
    if (Object.keys(body).length === 0) {
      this.error('Nothing to update.', {
        exit: 2,
        suggestions: [
          'Give at least one of --name, --email, --role, --status, --skype, --contact, --affiliates-scope, --campaign, --report.',
        ],
      })
    }
    const { client } = await this.client()
    const member = await unwrap(teamMembersUpdateTeamMember({ client, path: { id: args.id }, body }))
    this.log(`Updated team member #${member.id} ${member.email}.`)
    this.log(memberDetails(member))
    return member
  }
}
