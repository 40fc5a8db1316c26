import { Args } from '@oclif/core'
import { postbacksDeleteWebhookConfig, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class WebhooksDelete extends AffixCommand {
  static summary = 'Delete a webhook, with its deliveries and log.'

  static examples = ['<%= config.bin %> <%= command.id %> 4', '<%= config.bin %> <%= command.id %> 4 --json']

  static args = {
    id: Args.integer({ description: 'Webhook ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(WebhooksDelete)
    const { client } = await this.client()
    const deleted = await unwrap(postbacksDeleteWebhookConfig({ client, path: { id: args.id } }))
    this.log(`Deleted webhook #${deleted.id}.`)
    return deleted
  }
}
