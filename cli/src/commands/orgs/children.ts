import { coreListChildOrganizations, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { childColumns } from '../../org_fields.js'
import { renderTable } from '../../output.js'

export default class OrgsChildren extends AffixCommand {
  static summary = 'List the child organisations of your (parent) organisation.'

  static examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run() {
    await this.parse(OrgsChildren)
    const { client } = await this.client()
    const children = await unwrap(coreListChildOrganizations({ client }))
    this.log(children.length ? renderTable(children, childColumns) : 'No child organisations.')
    return children
  }
}
