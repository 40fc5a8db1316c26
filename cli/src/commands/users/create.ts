import { Flags } from '@oclif/core'
import { teamMembersCreateTeamMember, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { MEMBER_ROLES, memberBody, memberDetails, memberFieldFlags } from '../../user_fields.js'

export default class UsersCreate extends AffixCommand {
  static summary = 'Add a team member.'
  static description =
    'The member gets an invitation at --email to choose their own password (single use, 7 days): nobody else sets it, whatever panels the address holds elsewhere.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --email ana@example.com --name "Ana Souza" --role afm',
    '<%= config.bin %> <%= command.id %> --email bruno@example.com --name "Bruno Lima" --role adm --affiliates-scope assigned --report campaign --report affiliate',
    '<%= config.bin %> <%= command.id %> --email carla@example.com --name "Carla Dias" --role sub-admin --contact "+55 11 91234-5678" --json',
  ]

  static flags = {
    email: Flags.string({ summary: 'E-mail address (the login).', required: true }),
    name: Flags.string({ summary: 'Full name.', required: true }),
    role: Flags.string({ summary: 'Role in the team.', required: true, options: [...MEMBER_ROLES] }),
    ...memberFieldFlags,
  }

  async run() {
    const { flags } = await this.parse(UsersCreate)
    const { client } = await this.client()
    const body = memberBody(flags)
    const member = await unwrap(
      teamMembersCreateTeamMember({
        client,
        body: {
          ...body,
          name: flags.name,
          email: flags.email,
          role: flags.role as (typeof MEMBER_ROLES)[number],
        },
      })
    )
    this.log(`Created team member #${member.id} ${member.email}; an invitation was mailed to set a password.`)
    this.log(memberDetails(member))
    return member
  }
}
