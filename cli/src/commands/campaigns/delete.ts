import { Args } from '@oclif/core'
import { campaignsDeleteCampaign, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class CampaignsDelete extends AffixCommand {
  static summary = 'Delete a campaign (kept in the timeline; its clicks stay).'

  static examples = ['<%= config.bin %> <%= command.id %> 12', '<%= config.bin %> <%= command.id %> 12 --json']

  static args = {
    id: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(CampaignsDelete)
    const { client } = await this.client()
    const deleted = await unwrap(campaignsDeleteCampaign({ client, path: { id: args.id } }))
    this.log(`Deleted campaign #${deleted.id}.`)
    return deleted
  }
}
