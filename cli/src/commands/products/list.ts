import { Flags } from '@oclif/core'
import { brandsListProducts, paged, type Product } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { listFlags, listQuery, pageSummary } from '../../list_flags.js'
import { renderTable, type Column } from '../../output.js'

const productColumns: Column<Product>[] = [
  { header: 'ID', value: (product) => product.id },
  { header: 'NAME', value: (product) => product.name },
  { header: 'BRAND ID', value: (product) => product.brandId },
  { header: 'STATUS', value: (product) => product.status },
]

export default class ProductsList extends AffixCommand {
  static summary = 'List products.'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --brand 2 --status active',
    '<%= config.bin %> <%= command.id %> --q roulette --sort -createdAt --limit 50 --json',
  ]

  static flags = {
    ...listFlags,
    brand: Flags.integer({ summary: 'Only products of this brand (brand ID).', min: 1 }),
  }

  async run() {
    const { flags } = await this.parse(ProductsList)
    const { client } = await this.client()
    const page = await paged(brandsListProducts({ client, query: { ...listQuery(flags), brandId: flags.brand } }))
    if (page.items.length) this.log(renderTable(page.items, productColumns))
    this.log(pageSummary('products', page.start, page.items.length, page.total))
    return page.items
  }
}
