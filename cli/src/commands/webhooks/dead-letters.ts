import { Flags } from '@oclif/core'
import { paged, postbacksListWebhookDeadLetters } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'
import { DEAD_LETTER_COLUMNS, filterOf } from '../../postback_fields.js'

export default class WebhooksDeadLetters extends AffixCommand {
  static summary = 'Webhook deliveries that gave up after every attempt (resend with `webhooks resend`).'

  static examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --webhook 4 --json']

  static flags = {
    page: Flags.integer({ summary: 'Page number, from 1.', min: 1, default: 1 }),
    limit: Flags.integer({ summary: 'Rows per page (at most 500).', min: 1, max: 500, default: 25 }),
    webhook: Flags.integer({ summary: "Only this webhook's dead letters." }),
    event: Flags.string({ summary: 'Only this event.' }),
  }

  async run() {
    const { flags } = await this.parse(WebhooksDeadLetters)
    const { client } = await this.client()
    const page = await paged(
      postbacksListWebhookDeadLetters({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          filter: filterOf({ webhookId: flags.webhook, event: flags.event }),
        },
      })
    )
    if (page.items.length) this.log(renderTable(page.items, DEAD_LETTER_COLUMNS))
    this.log(pageSummary('dead letters', page.start, page.items.length, page.total))
    return page.items
  }
}
