import { coreGetOrganization, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { organizationDetails } from '../../org_fields.js'

export default class OrgsGet extends AffixCommand {
  static summary = 'Show your organisation: name, type, preferences, images and switched-off reports.'

  static examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run() {
    await this.parse(OrgsGet)
    const { client } = await this.client()
    const org = await unwrap(coreGetOrganization({ client }))
    this.log(organizationDetails(org))
    return org
  }
}
