import { Flags } from '@oclif/core'
import { campaignsListCampaignAccessRequests, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../../affix_command.js'
import { accessColumns } from '../../../campaign_fields.js'
import { renderTable } from '../../../output.js'

export default class CampaignsAccessList extends AffixCommand {
  static summary = 'List access requests and grants of private campaigns, newest first (at most 500).'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status pending',
    '<%= config.bin %> <%= command.id %> --campaign 12 --json',
  ]

  static flags = {
    status: Flags.string({ summary: 'Only requests in this state.', options: ['pending', 'approved', 'rejected'] }),
    campaign: Flags.integer({ summary: 'Only this campaign ID.', min: 1 }),
  }

  async run() {
    const { flags } = await this.parse(CampaignsAccessList)
    const { client } = await this.client()
    const requests = await unwrap(
      campaignsListCampaignAccessRequests({
        client,
        query: {
          status: flags.status as 'pending' | 'approved' | 'rejected' | undefined,
          campaignId: flags.campaign,
        },
      })
    )
    this.log(requests.length ? renderTable(requests, accessColumns) : 'No access requests.')
    return requests
  }
}
