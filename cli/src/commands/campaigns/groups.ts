import { Args, Flags } from '@oclif/core'
import { campaignsGetCampaignGroups, campaignsSetCampaignGroups, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { parseIdList } from '../../campaign_fields.js'

export default class CampaignsGroups extends AffixCommand {
  static summary = 'Show or replace the affiliate groups of a campaign (one of them primary).'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12',
    '<%= config.bin %> <%= command.id %> 12 --set 3,4 --primary 3',
    '<%= config.bin %> <%= command.id %> 12 --set "" --json',
  ]

  static args = {
    id: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  static flags = {
    set: Flags.string({ summary: 'Comma-separated group IDs: the whole new list ("" for none).' }),
    primary: Flags.integer({ summary: 'The primary group (one of --set).', min: 1, dependsOn: ['set'] }),
  }

  async run() {
    const { args, flags } = await this.parse(CampaignsGroups)
    const groupIds = flags.set === undefined ? undefined : parseIdList(this, flags.set, 'Group')
    const { client } = await this.client()
    const path = { id: args.id }
    const groups = await unwrap(
      groupIds
        ? campaignsSetCampaignGroups({ client, path, body: { groupIds, primaryGroupId: flags.primary ?? null } })
        : campaignsGetCampaignGroups({ client, path })
    )
    this.log(
      groups.groupIds.length
        ? `Groups: ${groups.groupIds.join(', ')} (primary: ${groups.primaryGroupId ?? 'none'})`
        : 'No groups.'
    )
    return groups
  }
}
