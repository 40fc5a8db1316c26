import { Flags } from '@oclif/core'
import { postbacksCreateWebhookConfig, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderDetails } from '../../output.js'
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../postback_fields.js'

export default class WebhooksCreate extends AffixCommand {
  static summary = 'Add a webhook; its signing secret (HMAC-SHA256) is shown once.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --name Warehouse --url https://hooks.example.com/affix --event customer.registered',
    '<%= config.bin %> <%= command.id %> --name CRM --url https://crm.example.com/in --event customer.ftd --event commission.approved --json',
  ]

  static flags = {
    name: Flags.string({ summary: 'Name shown in the lists.', required: true }),
    url: Flags.string({ summary: 'Receiver URL (signed JSON POST).', required: true }),
    event: Flags.string({
      summary: 'Event it receives (repeatable).',
      options: [...WEBHOOK_EVENTS],
      multiple: true,
      required: true,
    }),
  }

  async run() {
    const { flags } = await this.parse(WebhooksCreate)
    const { client } = await this.client()
    const webhook = await unwrap(
      postbacksCreateWebhookConfig({
        client,
        body: { name: flags.name, url: flags.url, events: flags.event as WebhookEvent[] },
      })
    )
    this.log(`Created webhook #${webhook.id}. Keep the secret: it is not shown again.`)
    this.log(
      renderDetails([
        ['ID', webhook.id],
        ['Name', webhook.name],
        ['URL', webhook.url],
        ['Events', webhook.events.join(', ')],
        ['Secret', webhook.secret ?? ''],
      ])
    )
    return webhook
  }
}
