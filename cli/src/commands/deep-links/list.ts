import { Flags } from '@oclif/core'
import { deepLinksListDeepLinks, paged } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { listFlags, listQuery } from '../../list_flags.js'

export default defineListCommand({
  summary: 'List deep links (needs the organisation feature edl).',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status active --sort name',
    '<%= config.bin %> <%= command.id %> --q sports --campaign 3 --json',
  ],
  flags: {
    ...listFlags,
    campaign: Flags.integer({ summary: 'Only deep links of this campaign ID.', min: 1 }),
  },
  fetch: (client, flags) =>
    paged(
      deepLinksListDeepLinks({
        client,
        query: listQuery(flags, { status: flags.status, campaignId: flags.campaign }),
      })
    ),
  columns: [
    { header: 'ID', value: (link) => link.id },
    { header: 'NAME', value: (link) => link.name },
    { header: 'STATUS', value: (link) => link.status },
    { header: 'CAMPAIGN', value: (link) => link.campaignId },
    { header: 'URL', value: (link) => link.url },
  ],
  resource: 'deep links',
})
