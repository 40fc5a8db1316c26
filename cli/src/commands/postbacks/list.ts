import { Flags } from '@oclif/core'
import { paged, postbacksListPostbacks } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { listFlags, pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'

export default class PostbacksList extends AffixCommand {
  static summary = "List postbacks: the network's global ones and the affiliates' own (as an affiliate: yours)."

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --affiliate 12 --status active',
    '<%= config.bin %> <%= command.id %> --status disabled --json',
  ]

  static flags = {
    ...listFlags,
    status: Flags.string({ summary: 'Only postbacks with this status.', options: ['active', 'inactive', 'disabled'] }),
    affiliate: Flags.integer({ summary: "Only this affiliate's postbacks." }),
  }

  async run() {
    const { flags } = await this.parse(PostbacksList)
    const { client } = await this.client()
    const filter = Object.fromEntries(
      Object.entries({ status: flags.status, affiliateId: flags.affiliate }).filter(([, value]) => value !== undefined)
    )
    const page = await paged(
      postbacksListPostbacks({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          sort: flags.sort,
          q: flags.q,
          filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
        },
      })
    )
    if (page.items.length) {
      this.log(
        renderTable(page.items, [
          { header: 'ID', value: (postback) => postback.id },
          { header: 'NAME', value: (postback) => postback.name },
          { header: 'AFFILIATE', value: (postback) => postback.affiliateId ?? 'global' },
          { header: 'EVENTS', value: (postback) => postback.events.join(', ') },
          { header: 'METHOD', value: (postback) => postback.method.toUpperCase() },
          { header: 'URL', value: (postback) => postback.url },
          { header: 'STATUS', value: (postback) => postback.status },
        ])
      )
    }
    this.log(pageSummary('postbacks', page.start, page.items.length, page.total))
    return page.items
  }
}
