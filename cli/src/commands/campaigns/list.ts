import { campaignsListCampaigns, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { campaignColumns, campaignFilter, campaignFilterFlags } from '../../campaign_fields.js'
import { listFlags, pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'

export default class CampaignsList extends AffixCommand {
  static summary = 'List campaigns (as an affiliate: the public ones).'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status paused --brand 3 --sort -createdAt',
    '<%= config.bin %> <%= command.id %> --q welcome --json',
  ]

  static flags = {
    ...listFlags,
    ...campaignFilterFlags,
  }

  async run() {
    const { flags } = await this.parse(CampaignsList)
    const { client } = await this.client()
    const page = await paged(
      campaignsListCampaigns({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          sort: flags.sort,
          q: flags.q,
          filter: campaignFilter(flags),
        },
      })
    )
    if (page.items.length) this.log(renderTable(page.items, campaignColumns))
    this.log(pageSummary('campaigns', page.start, page.items.length, page.total))
    return page.items
  }
}
