import { Flags } from '@oclif/core'
import { brandsListProducts, paged, type Product } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { listFlags, listQuery } from '../../list_flags.js'
import type { Column } from '../../output.js'

const productColumns: Column<Product>[] = [
  { header: 'ID', value: (product) => product.id },
  { header: 'NAME', value: (product) => product.name },
  { header: 'BRAND ID', value: (product) => product.brandId },
  { header: 'STATUS', value: (product) => product.status },
]

export default defineListCommand({
  summary: 'List products.',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --brand 2 --status active',
    '<%= config.bin %> <%= command.id %> --q roulette --sort -createdAt --limit 50 --json',
  ],
  flags: {
    ...listFlags,
    brand: Flags.integer({ summary: 'Only products of this brand (brand ID).', min: 1 }),
  },
  fetch: (client, flags) => paged(brandsListProducts({ client, query: { ...listQuery(flags), brandId: flags.brand } })),
  columns: productColumns,
  resource: 'products',
})
