import { Args } from '@oclif/core'
import { postbacksGetWebhookConfig, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { webhookDetails } from '../../postback_fields.js'

export default class WebhooksGet extends AffixCommand {
  static summary = 'Show one webhook (its secret is never shown again: rotate it to get a new one).'

  static examples = ['<%= config.bin %> <%= command.id %> 4', '<%= config.bin %> <%= command.id %> 4 --json']

  static args = {
    id: Args.integer({ description: 'Webhook ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(WebhooksGet)
    const { client } = await this.client()
    const webhook = await unwrap(postbacksGetWebhookConfig({ client, path: { id: args.id } }))
    this.log(webhookDetails(webhook))
    return webhook
  }
}
