import { Args } from '@oclif/core'
import { postbacksTestWebhook, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { testResultDetails } from '../../postback_fields.js'

export default class WebhooksTest extends AffixCommand {
  static summary = 'Send a labelled, signed test event to a webhook; shows the exact request and response.'

  static examples = ['<%= config.bin %> <%= command.id %> 4', '<%= config.bin %> <%= command.id %> 4 --json']

  static args = {
    id: Args.integer({ description: 'Webhook ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(WebhooksTest)
    const { client } = await this.client()
    const result = await unwrap(postbacksTestWebhook({ client, path: { id: args.id } }))
    this.log(testResultDetails(result))
    return result
  }
}
