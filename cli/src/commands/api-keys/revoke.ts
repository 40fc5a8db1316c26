import { Args } from '@oclif/core'
import { coreRevokeApiKey, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class ApiKeysRevoke extends AffixCommand {
  static summary = 'Revoke an API key at once.'

  static examples = ['<%= config.bin %> <%= command.id %> 7', '<%= config.bin %> <%= command.id %> 7 --json']

  static args = {
    id: Args.integer({ description: 'API key ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(ApiKeysRevoke)
    const { client } = await this.client()
    const revoked = await unwrap(coreRevokeApiKey({ client, path: { id: args.id } }))
    this.log(`Revoked API key #${revoked.id} "${revoked.name}".`)
    return revoked
  }
}
