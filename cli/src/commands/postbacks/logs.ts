import { Flags } from '@oclif/core'
import { paged, postbacksListPostbackLog } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'
import { ATTEMPT_COLUMNS } from '../../postback_fields.js'

export default class PostbacksLogs extends AffixCommand {
  static summary = 'The postback log: every attempt with its time, URL (secrets masked), status, latency and response.'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --outcome failure --postback 12',
    '<%= config.bin %> <%= command.id %> --click 0193c2a4-9b1e-7c3d-8e2f-1a2b3c4d5e6f --json',
  ]

  static flags = {
    page: Flags.integer({ summary: 'Page number, from 1.', min: 1, default: 1 }),
    limit: Flags.integer({ summary: 'Rows per page (at most 500).', min: 1, max: 500, default: 25 }),
    outcome: Flags.string({ summary: 'Only successes or failures.', options: ['success', 'failure'] }),
    postback: Flags.integer({ summary: "Only this postback's attempts." }),
    event: Flags.string({ summary: 'Only this event (e.g. ftd, test.ftd).' }),
    customer: Flags.integer({ summary: 'Only this customer.' }),
    click: Flags.string({ summary: 'Only this click id (tracking token).' }),
  }

  async run() {
    const { flags } = await this.parse(PostbacksLogs)
    const { client } = await this.client()
    const filter = Object.fromEntries(
      Object.entries({
        outcome: flags.outcome,
        postbackId: flags.postback,
        event: flags.event,
        customerId: flags.customer,
        clickId: flags.click,
      }).filter(([, value]) => value !== undefined)
    )
    const page = await paged(
      postbacksListPostbackLog({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
        },
      })
    )
    if (page.items.length) this.log(renderTable(page.items, ATTEMPT_COLUMNS))
    this.log(pageSummary('attempts', page.start, page.items.length, page.total))
    return page.items
  }
}
