import { Args } from '@oclif/core'
import { deepLinksDeleteDeepLink, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class DeepLinksDelete extends AffixCommand {
  static summary = 'Delete a deep link.'

  static examples = ['<%= config.bin %> <%= command.id %> 7', '<%= config.bin %> <%= command.id %> 7 --json']

  static args = {
    id: Args.integer({ description: 'Deep link ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(DeepLinksDelete)
    const { client } = await this.client()
    const deleted = await unwrap(deepLinksDeleteDeepLink({ client, path: { id: args.id } }))
    this.log(`Deleted deep link #${deleted.id}.`)
    return deleted
  }
}
