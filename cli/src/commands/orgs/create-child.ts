import { Flags } from '@oclif/core'
import { coreCreateChildOrganization, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { organizationDetails } from '../../org_fields.js'

export default class OrgsCreateChild extends AffixCommand {
  static summary = 'Register a child organisation with its first admin (parent organisations only).'
  static description =
    "The admin gets an invitation at --admin-email to choose their own password (single use, 7 days): nobody else sets it. The child keeps the parent's time zone unless --timezone names another; afterwards only a superadmin changes it."

  static examples = [
    '<%= config.bin %> <%= command.id %> --name "Golden Reels BR" --admin-email ops@goldenreels.example',
    '<%= config.bin %> <%= command.id %> --name "Golden Reels TR" --admin-email tr@goldenreels.example --admin-name "Ayşe" --timezone Europe/Istanbul --json',
  ]

  static flags = {
    name: Flags.string({ summary: 'Name of the child organisation.', required: true }),
    'admin-email': Flags.string({ summary: "E-mail address of the child's first admin.", required: true }),
    'admin-name': Flags.string({ summary: "Name of the child's first admin." }),
    timezone: Flags.string({
      summary: "The child's time zone (IANA, e.g. America/Sao_Paulo); the parent's if not given.",
    }),
  }

  async run() {
    const { flags } = await this.parse(OrgsCreateChild)
    const { client } = await this.client()
    const child = await unwrap(
      coreCreateChildOrganization({
        client,
        body: {
          name: flags.name,
          adminEmail: flags['admin-email'],
          ...(flags['admin-name'] ? { adminName: flags['admin-name'] } : {}),
          ...(flags.timezone ? { timezone: flags.timezone } : {}),
        },
      })
    )
    this.log(
      `Created child organisation #${child.id} "${child.name}"; an invitation was mailed to ${flags['admin-email']}.`
    )
    this.log(organizationDetails(child))
    return child
  }
}
