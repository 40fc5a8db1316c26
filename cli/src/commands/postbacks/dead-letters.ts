import { Flags } from '@oclif/core'
import { paged, postbacksListPostbackDeadLetters } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'
import { DEAD_LETTER_COLUMNS, filterOf } from '../../postback_fields.js'

export default class PostbacksDeadLetters extends AffixCommand {
  static summary =
    'Postback deliveries that gave up after every attempt (resend one with `postbacks resend --dead-letter`, a time range with --from/--to).'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --postback 12 --event ftd',
    '<%= config.bin %> <%= command.id %> --affiliate 7 --json',
  ]

  static flags = {
    page: Flags.integer({ summary: 'Page number, from 1.', min: 1, default: 1 }),
    limit: Flags.integer({ summary: 'Rows per page (at most 500).', min: 1, max: 500, default: 25 }),
    postback: Flags.integer({ summary: "Only this postback's dead letters." }),
    affiliate: Flags.integer({ summary: "Only this affiliate's dead letters." }),
    event: Flags.string({ summary: 'Only this event (e.g. ftd).' }),
  }

  async run() {
    const { flags } = await this.parse(PostbacksDeadLetters)
    const { client } = await this.client()
    const page = await paged(
      postbacksListPostbackDeadLetters({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          filter: filterOf({ postbackId: flags.postback, affiliateId: flags.affiliate, event: flags.event }),
        },
      })
    )
    if (page.items.length) this.log(renderTable(page.items, DEAD_LETTER_COLUMNS))
    this.log(pageSummary('dead letters', page.start, page.items.length, page.total))
    return page.items
  }
}
