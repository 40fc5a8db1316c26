import { Flags } from '@oclif/core'
import { paged, postbacksListWebhookLog } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'
import { ATTEMPT_COLUMNS, filterOf } from '../../postback_fields.js'

export default class WebhooksLogs extends AffixCommand {
  static summary = 'The webhook log: every attempt with its time, URL, status, latency and response.'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --outcome failure --webhook 4',
    '<%= config.bin %> <%= command.id %> --event customer.ftd --json',
  ]

  static flags = {
    page: Flags.integer({ summary: 'Page number, from 1.', min: 1, default: 1 }),
    limit: Flags.integer({ summary: 'Rows per page (at most 500).', min: 1, max: 500, default: 25 }),
    outcome: Flags.string({ summary: 'Only successes or failures.', options: ['success', 'failure'] }),
    webhook: Flags.integer({ summary: "Only this webhook's attempts." }),
    event: Flags.string({ summary: 'Only this event (e.g. customer.ftd, test.customer.ftd).' }),
    'event-id': Flags.string({ summary: 'Only this event id (X-Affix-Event-Id).' }),
  }

  async run() {
    const { flags } = await this.parse(WebhooksLogs)
    const { client } = await this.client()
    const page = await paged(
      postbacksListWebhookLog({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          filter: filterOf({
            outcome: flags.outcome,
            webhookId: flags.webhook,
            event: flags.event,
            eventId: flags['event-id'],
          }),
        },
      })
    )
    if (page.items.length) this.log(renderTable(page.items, ATTEMPT_COLUMNS))
    this.log(pageSummary('attempts', page.start, page.items.length, page.total))
    return page.items
  }
}
