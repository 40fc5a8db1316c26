import { Flags } from '@oclif/core'
import { coreCreateChildOrganization, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { organizationDetails } from '../../org_fields.js'

export default class OrgsCreateChild extends AffixCommand {
  static summary = 'Register a child organisation with its first admin (parent organisations only).'
  static description = 'The admin logs in with --admin-email and the password given here (or AFFIX_CHILD_PASSWORD).'

  static examples = [
    '<%= config.bin %> <%= command.id %> --name "Golden Reels BR" --admin-email ops@goldenreels.example --password "Child#1234"',
    'AFFIX_CHILD_PASSWORD="Child#1234" <%= config.bin %> <%= command.id %> --name "Golden Reels TR" --admin-email tr@goldenreels.example --admin-name "Ayşe" --json',
  ]

  static flags = {
    name: Flags.string({ summary: 'Name of the child organisation.', required: true }),
    'admin-email': Flags.string({ summary: "E-mail address of the child's first admin.", required: true }),
    'admin-name': Flags.string({ summary: "Name of the child's first admin." }),
    password: Flags.string({
      summary: 'Password of that admin: 8-32 characters with a letter, a digit and one of #?!@$%^&*- (or set AFFIX_CHILD_PASSWORD).',
      env: 'AFFIX_CHILD_PASSWORD',
    }),
  }

  async run() {
    const { flags } = await this.parse(OrgsCreateChild)
    if (!flags.password) {
      this.error('A password for the child admin is required.', { exit: 2, suggestions: ['Pass --password, or set AFFIX_CHILD_PASSWORD.'] })
    }
    const { client } = await this.client()
    const child = await unwrap(
      coreCreateChildOrganization({
        client,
        body: {
          name: flags.name,
          adminEmail: flags['admin-email'],
          ...(flags['admin-name'] ? { adminName: flags['admin-name'] } : {}),
          password: flags.password,
          passwordConfirmation: flags.password,
        },
      })
    )
    this.log(`Created child organisation #${child.id} "${child.name}".`)
    this.log(organizationDetails(child))
    return child
  }
}
