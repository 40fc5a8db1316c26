import { Flags } from '@oclif/core'
import { payoutsListRows, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'
import { rowColumns, rowFilter, rowFilterFlags } from '../../payout_fields.js'

export default class PayoutsList extends AffixCommand {
  static summary = 'List commission rows, newest first; affiliates see their own.'

  static description =
    'Filter by period, affiliate, campaign, brand, customer, type and status (unapproved, approved, paid, denied, hold, pending_fx). RevShare rows of an open period are provisional: their amount moves until the close. `payouts explain <id>` shows what made a row.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --period 2026-10 --status unapproved',
    '<%= config.bin %> <%= command.id %> --affiliate 7 --type revshare --type carryover --json',
    '<%= config.bin %> <%= command.id %> --customer 42 --sort -amount',
  ]

  static flags = {
    page: Flags.integer({ summary: 'Page number, from 1.', min: 1, default: 1 }),
    limit: Flags.integer({ summary: 'Rows per page (at most 500).', min: 1, max: 500, default: 25 }),
    sort: Flags.string({ summary: 'date, id, amount or period; prefix with - for descending.' }),
    ...rowFilterFlags,
    customer: Flags.integer({ summary: 'Only rows of this customer ID.', min: 1 }),
    currency: Flags.string({ summary: 'Only rows in this currency (e.g. USD).' }),
  }

  async run() {
    const { flags } = await this.parse(PayoutsList)
    const { client } = await this.client()
    const filter: Record<string, unknown> = { ...rowFilter(flags) }
    if (flags.customer) filter.customerId = [flags.customer]
    if (flags.currency) filter.currency = flags.currency.toUpperCase()
    const page = await paged(
      payoutsListRows({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          sort: flags.sort,
          filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
        },
      })
    )
    if (page.items.length) this.log(renderTable(page.items, rowColumns))
    this.log(pageSummary('commission rows', page.start, page.items.length, page.total))
    return page.items
  }
}
