import { Args, Flags } from '@oclif/core'
import { campaignsGetCampaignBlockedAffiliates, campaignsSetCampaignBlockedAffiliates, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { parseIdList } from '../../campaign_fields.js'

export default class CampaignsBlocked extends AffixCommand {
  static summary = 'Show or replace the affiliates blocked from a campaign.'
  static description =
    'A blocked affiliate does not see the campaign, cannot get its tracking links, and its clicks go to the fallback URL with reason "blocked".'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12',
    '<%= config.bin %> <%= command.id %> 12 --set 345,346',
    '<%= config.bin %> <%= command.id %> 12 --clear --json',
  ]

  static args = {
    id: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  static flags = {
    set: Flags.string({ summary: 'Comma-separated affiliate IDs: the whole new list.', exclusive: ['clear'] }),
    clear: Flags.boolean({ summary: 'Unblock every affiliate.', exclusive: ['set'] }),
  }

  async run() {
    const { args, flags } = await this.parse(CampaignsBlocked)
    const affiliateIds = flags.clear
      ? []
      : flags.set === undefined
        ? undefined
        : parseIdList(this, flags.set, 'Affiliate')
    const { client } = await this.client()
    const path = { id: args.id }
    const blocked = await unwrap(
      affiliateIds
        ? campaignsSetCampaignBlockedAffiliates({ client, path, body: { affiliateIds } })
        : campaignsGetCampaignBlockedAffiliates({ client, path })
    )
    this.log(
      blocked.affiliateIds.length
        ? `Blocked affiliates: ${blocked.affiliateIds.join(', ')}`
        : 'No affiliate is blocked.'
    )
    return blocked
  }
}
