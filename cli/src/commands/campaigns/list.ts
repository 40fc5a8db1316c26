import { campaignsListCampaigns, paged } from '@affix/sdk'
import { campaignColumns, campaignFilter, campaignFilterFlags } from '../../campaign_fields.js'
import { defineListCommand } from '../../define_command.js'
import { listFlags } from '../../list_flags.js'

export default defineListCommand({
  summary: 'List campaigns (as an affiliate: the public ones).',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status paused --brand 3 --sort -createdAt',
    '<%= config.bin %> <%= command.id %> --q welcome --json',
  ],
  flags: { ...listFlags, ...campaignFilterFlags },
  fetch: (client, flags) =>
    paged(
      campaignsListCampaigns({
        client,
        query: { page: flags.page, limit: flags.limit, sort: flags.sort, q: flags.q, filter: campaignFilter(flags) },
      })
    ),
  columns: campaignColumns,
  resource: 'campaigns',
})
