import { affiliatesListAffiliates, paged } from '@affix/sdk'
import { affiliateColumns, affiliateListFlags, affiliateListQuery } from '../../affiliate_fields.js'
import { defineListCommand } from '../../define_command.js'

export default defineListCommand({
  summary: 'List affiliates.',
  description: 'Team members limited to their assigned affiliates see only those.',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status pending --status active --country BR --sort -createdAt',
    '<%= config.bin %> <%= command.id %> --manager-id 7 --q media --page 2 --json',
  ],
  flags: affiliateListFlags,
  fetch: (client, flags) => paged(affiliatesListAffiliates({ client, query: affiliateListQuery(flags) })),
  columns: affiliateColumns,
  resource: 'affiliates',
})
