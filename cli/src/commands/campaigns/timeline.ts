import { Args } from '@oclif/core'
import { campaignsGetCampaignTimeline, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderTable } from '../../output.js'

export default class CampaignsTimeline extends AffixCommand {
  static summary = 'What happened to a campaign: creation, changes, status changes, access decisions, expiry.'

  static examples = ['<%= config.bin %> <%= command.id %> 12', '<%= config.bin %> <%= command.id %> 12 --json']

  static args = {
    id: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(CampaignsTimeline)
    const { client } = await this.client()
    const entries = await unwrap(campaignsGetCampaignTimeline({ client, path: { id: args.id } }))
    this.log(
      entries.length
        ? renderTable(entries, [
            { header: 'WHEN', value: (entry) => entry.createdAt },
            { header: 'EVENT', value: (entry) => entry.event },
            // A null actor is the system itself (for example the expiry job).
            { header: 'BY', value: (entry) => entry.actorName ?? (entry.actorId === null ? 'system' : entry.actorId) },
            { header: 'DETAILS', value: (entry) => JSON.stringify(entry.data ?? {}) },
          ])
        : 'Nothing yet.'
    )
    return entries
  }
}
