import { Flags } from '@oclif/core'
import { campaignsListFeaturedCampaigns, campaignsSetCampaignsFeatured, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { campaignColumns, parseIdList } from '../../campaign_fields.js'
import { renderTable } from '../../output.js'

export default class CampaignsFeatured extends AffixCommand {
  static summary = 'List the featured campaigns, or feature / unfeature several at once.'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --on 12,13',
    '<%= config.bin %> <%= command.id %> --off 12 --json',
  ]

  static flags = {
    on: Flags.string({ summary: 'Comma-separated campaign IDs to feature.', exclusive: ['off'] }),
    off: Flags.string({ summary: 'Comma-separated campaign IDs to unfeature.', exclusive: ['on'] }),
  }

  async run() {
    const { flags } = await this.parse(CampaignsFeatured)
    const change = flags.on ?? flags.off
    const ids = change === undefined ? undefined : parseIdList(this, change, 'Campaign')
    const { client } = await this.client()
    if (ids) {
      if (!ids.length) this.error('Give at least one campaign ID.', { exit: 2 })
      const result = await unwrap(
        campaignsSetCampaignsFeatured({ client, body: { ids, featured: flags.on !== undefined } })
      )
      this.log(`${result.updated} campaign(s) now ${flags.on !== undefined ? 'featured' : 'not featured'}.`)
      return result
    }
    const campaigns = await unwrap(campaignsListFeaturedCampaigns({ client }))
    this.log(campaigns.length ? renderTable(campaigns, campaignColumns) : 'No featured campaigns.')
    return campaigns
  }
}
