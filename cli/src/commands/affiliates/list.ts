import { affiliatesListAffiliates, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { affiliateColumns, affiliateListFlags, affiliateListQuery } from '../../affiliate_fields.js'
import { pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'

export default class AffiliatesList extends AffixCommand {
  static summary = 'List affiliates.'
  static description = 'Team members limited to their assigned affiliates see only those.'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status pending --status active --country BR --sort -createdAt',
    '<%= config.bin %> <%= command.id %> --manager-id 7 --q media --page 2 --json',
  ]

  static flags = affiliateListFlags

  async run() {
    const { flags } = await this.parse(AffiliatesList)
    const { client } = await this.client()
    const page = await paged(affiliatesListAffiliates({ client, query: affiliateListQuery(flags) }))
    if (page.items.length) this.log(renderTable(page.items, affiliateColumns))
    this.log(pageSummary('affiliates', page.start, page.items.length, page.total))
    return page.items
  }
}
