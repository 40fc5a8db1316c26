import { paged, postbacksListWebhookConfigs } from '@affix/sdk'
import { Flags } from '@oclif/core'
import { AffixCommand } from '../../affix_command.js'
import { listFlags, pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'

export default class WebhooksList extends AffixCommand {
  static summary = "List the network's webhooks."

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status disabled --json',
  ]

  static flags = {
    ...listFlags,
    status: Flags.string({ summary: 'Only webhooks with this status.', options: ['active', 'inactive', 'disabled'] }),
  }

  async run() {
    const { flags } = await this.parse(WebhooksList)
    const { client } = await this.client()
    const page = await paged(
      postbacksListWebhookConfigs({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          sort: flags.sort,
          q: flags.q,
          filter: flags.status ? JSON.stringify({ status: flags.status }) : undefined,
        },
      })
    )
    if (page.items.length) {
      this.log(
        renderTable(page.items, [
          { header: 'ID', value: (webhook) => webhook.id },
          { header: 'NAME', value: (webhook) => webhook.name },
          { header: 'EVENTS', value: (webhook) => webhook.events.join(', ') },
          { header: 'URL', value: (webhook) => webhook.url },
          { header: 'STATUS', value: (webhook) => webhook.status },
        ])
      )
    }
    this.log(pageSummary('webhooks', page.start, page.items.length, page.total))
    return page.items
  }
}
