import { Args, Flags } from '@oclif/core'
import { postbacksUpdateWebhookConfig, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { WEBHOOK_EVENTS, webhookDetails, type WebhookEvent } from '../../postback_fields.js'

type WebhookChanges = NonNullable<Parameters<typeof postbacksUpdateWebhookConfig>[0]['body']>

export default class WebhooksUpdate extends AffixCommand {
  static summary = 'Change a webhook: name, URL, events or status (the others are kept).'
  static description =
    'Setting --status active turns a webhook disabled after failures back on and restarts its failure count.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 4 --url https://hooks.example.com/affix-v2',
    '<%= config.bin %> <%= command.id %> 4 --event customer.ftd --event commission.approved',
    '<%= config.bin %> <%= command.id %> 4 --status active --json',
  ]

  static args = {
    id: Args.integer({ description: 'Webhook ID', required: true, min: 1 }),
  }

  static flags = {
    name: Flags.string({ summary: 'New name.' }),
    url: Flags.string({ summary: 'New receiver URL.' }),
    event: Flags.string({
      summary: 'Events it receives (repeatable; replaces the list).',
      options: [...WEBHOOK_EVENTS],
      multiple: true,
    }),
    status: Flags.string({ summary: 'New status.', options: ['active', 'inactive'] }),
  }

  async run() {
    const { args, flags } = await this.parse(WebhooksUpdate)
    const body: WebhookChanges = {}
    if (flags.name !== undefined) body.name = flags.name
    if (flags.url !== undefined) body.url = flags.url
    if (flags.event !== undefined) body.events = flags.event as WebhookEvent[]
    if (flags.status !== undefined) body.status = flags.status as 'active' | 'inactive'
    if (!Object.keys(body).length)
      this.error('Nothing to change: give --name, --url, --event or --status.', { exit: 2 })
    const { client } = await this.client()
    const webhook = await unwrap(postbacksUpdateWebhookConfig({ client, path: { id: args.id }, body }))
    this.log(`Saved webhook #${webhook.id}.`)
    this.log(webhookDetails(webhook))
    return webhook
  }
}
