import { Flags } from '@oclif/core'
import { deepLinksListDeepLinks, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { listFlags, pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'

export default class DeepLinksList extends AffixCommand {
  static summary = 'List deep links (needs the organisation feature edl).'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status active --sort name',
    '<%= config.bin %> <%= command.id %> --q sports --campaign 3 --json',
  ]

  static flags = {
    ...listFlags,
    campaign: Flags.integer({ summary: 'Only deep links of this campaign ID.', min: 1 }),
  }

  async run() {
    const { flags } = await this.parse(DeepLinksList)
    const { client } = await this.client()
    const filter = Object.fromEntries(
      Object.entries({ status: flags.status, campaignId: flags.campaign }).filter(([, value]) => value !== undefined)
    )
    const page = await paged(
      deepLinksListDeepLinks({
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
          { header: 'ID', value: (link) => link.id },
          { header: 'NAME', value: (link) => link.name },
          { header: 'STATUS', value: (link) => link.status },
          { header: 'CAMPAIGN', value: (link) => link.campaignId },
          { header: 'URL', value: (link) => link.url },
        ])
      )
    }
    this.log(pageSummary('deep links', page.start, page.items.length, page.total))
    return page.items
  }
}
