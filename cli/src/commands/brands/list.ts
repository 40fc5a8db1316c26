import { brandsListBrands, paged } from '@affix/sdk'
import { brandColumns } from '../../brand_fields.js'
import { defineListCommand } from '../../define_command.js'
import { listFlags, listQuery } from '../../list_flags.js'

export default defineListCommand({
  summary: 'List brands.',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status active --sort -createdAt --limit 10',
    '<%= config.bin %> <%= command.id %> --q casino --page 2 --json',
  ],
  flags: listFlags,
  fetch: (client, flags) => paged(brandsListBrands({ client, query: listQuery(flags) })),
  columns: brandColumns,
  resource: 'brands',
})
