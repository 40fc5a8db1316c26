import { brandsListBrands, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { brandColumns } from '../../brand_fields.js'
import { listFlags, listQuery, pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'

export default class BrandsList extends AffixCommand {
  static summary = 'List brands.'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status active --sort -createdAt --limit 10',
    '<%= config.bin %> <%= command.id %> --q casino --page 2 --json',
  ]

  static flags = listFlags

  async run() {
    const { flags } = await this.parse(BrandsList)
    const { client } = await this.client()
    const page = await paged(brandsListBrands({ client, query: listQuery(flags) }))
    if (page.items.length) this.log(renderTable(page.items, brandColumns))
    this.log(pageSummary('brands', page.start, page.items.length, page.total))
    return page.items
  }
}
