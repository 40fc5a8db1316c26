import { Args, Flags } from '@oclif/core'
import { campaignsSetCampaignsStatus, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { CAMPAIGN_STATUSES } from '../../campaign_fields.js'

export default class CampaignsStatus extends AffixCommand {
  static summary = 'Change the status of one or more campaigns (all or nothing).'
  static strict = false

  static examples = [
    '<%= config.bin %> <%= command.id %> 12 --to paused',
    '<%= config.bin %> <%= command.id %> 12 13 14 --to active --json',
  ]

  static args = {
    ids: Args.integer({ description: 'Campaign IDs', required: true, min: 1 }),
  }

  static flags = {
    to: Flags.string({ summary: 'The new status.', required: true, options: [...CAMPAIGN_STATUSES] }),
  }

  async run() {
    const { argv, flags } = await this.parse(CampaignsStatus)
    const ids = (argv as string[]).map(Number)
    if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0))
      this.error('Campaign IDs must be positive integers', { exit: 2 })
    const { client } = await this.client()
    const result = await unwrap(
      campaignsSetCampaignsStatus({ client, body: { ids, status: flags.to as (typeof CAMPAIGN_STATUSES)[number] } })
    )
    this.log(`${result.updated} campaign(s) now ${flags.to}.`)
    return result
  }
}
