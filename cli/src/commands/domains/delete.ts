import { Args } from '@oclif/core'
import { domainsDeleteDomain, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class DomainsDelete extends AffixCommand {
  static summary = 'Delete a domain.'

  static examples = ['<%= config.bin %> <%= command.id %> 7', '<%= config.bin %> <%= command.id %> 7 --json']

  static args = {
    id: Args.integer({ description: 'Domain ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(DomainsDelete)
    const { client } = await this.client()
    const deleted = await unwrap(domainsDeleteDomain({ client, path: { id: args.id } }))
    this.log(`Deleted domain #${deleted.id}.`)
    return deleted
  }
}
