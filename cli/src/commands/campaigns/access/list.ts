import { Flags } from '@oclif/core'
import { campaignsListCampaignAccessRequests, unwrap } from '@affix/sdk'
import { accessColumns } from '../../../campaign_fields.js'
import { defineListCommand } from '../../../define_command.js'

export default defineListCommand({
  summary: 'List access requests and grants of private campaigns, newest first (at most 500).',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status pending',
    '<%= config.bin %> <%= command.id %> --campaign 12 --json',
  ],
  flags: {
    status: Flags.string({ summary: 'Only requests in this state.', options: ['pending', 'approved', 'rejected'] }),
    campaign: Flags.integer({ summary: 'Only this campaign ID.', min: 1 }),
  },
  fetch: (client, flags) =>
    unwrap(
      campaignsListCampaignAccessRequests({
        client,
        query: {
          status: flags.status as 'pending' | 'approved' | 'rejected' | undefined,
          campaignId: flags.campaign,
        },
      })
    ),
  columns: accessColumns,
  empty: 'No access requests.',
})
