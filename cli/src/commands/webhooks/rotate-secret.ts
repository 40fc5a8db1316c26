import { Args } from '@oclif/core'
import { postbacksRotateWebhookSecret, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class WebhooksRotateSecret extends AffixCommand {
  static summary = 'Give a webhook a new signing secret, shown once; deliveries from now on are signed with it.'

  static examples = ['<%= config.bin %> <%= command.id %> 4', '<%= config.bin %> <%= command.id %> 4 --json']

  static args = {
    id: Args.integer({ description: 'Webhook ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(WebhooksRotateSecret)
    const { client } = await this.client()
    const webhook = await unwrap(postbacksRotateWebhookSecret({ client, path: { id: args.id } }))
    this.log(`New secret of webhook #${webhook.id}. Keep it: it is not shown again.`)
    this.log(webhook.secret ?? '')
    return webhook
  }
}
