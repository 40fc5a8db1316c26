import { Args } from '@oclif/core'
import { campaignsGetCampaign, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { campaignDetails } from '../../campaign_fields.js'

export default class CampaignsGet extends AffixCommand {
  static summary = 'Show one campaign.'

  static examples = ['<%= config.bin %> <%= command.id %> 12', '<%= config.bin %> <%= command.id %> 12 --json']

  static args = {
    id: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(CampaignsGet)
    const { client } = await this.client()
    const campaign = await unwrap(campaignsGetCampaign({ client, path: { id: args.id } }))
    this.log(campaignDetails(campaign))
    return campaign
  }
}
