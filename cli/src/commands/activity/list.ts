import { Flags } from '@oclif/core'
import { customersListActivity, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'

export default class ActivityList extends AffixCommand {
  static summary = 'List activity rows, newest date first; affiliates see the rows that earn for them.'

  static description =
    'Filter by brand, campaign, affiliate, customer, country, status (active or fraud), currency, FTD rows and dates. Bet counts show only for activity after 29 April 2025.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --customer 42',
    '<%= config.bin %> <%= command.id %> --campaign 12 --from 2026-11-01 --to 2026-11-30 --json',
    '<%= config.bin %> <%= command.id %> --ftd --limit 100',
  ]

  static flags = {
    page: Flags.integer({ summary: 'Page number, from 1.', min: 1, default: 1 }),
    limit: Flags.integer({ summary: 'Rows per page (at most 500).', min: 1, max: 500, default: 25 }),
    brand: Flags.integer({ summary: 'Only rows of this brand ID.', min: 1 }),
    campaign: Flags.integer({ summary: 'Only rows of this campaign ID.', min: 1 }),
    affiliate: Flags.integer({ summary: 'Only rows that earn for this affiliate ID.', min: 1 }),
    customer: Flags.integer({ summary: 'Only rows of this customer ID.', min: 1 }),
    country: Flags.string({ summary: 'Only rows of customers of this country (ISO code).' }),
    status: Flags.string({ summary: 'Only rows of active or fraud customers.', options: ['active', 'fraud'] }),
    currency: Flags.string({ summary: 'Only rows in this currency (ISO code).' }),
    ftd: Flags.boolean({ summary: "Only the customers' first deposits." }),
    from: Flags.string({ summary: 'Dated on or after (YYYY-MM-DD).' }),
    to: Flags.string({ summary: 'Dated on or before (YYYY-MM-DD).' }),
    q: Flags.string({ summary: 'Search cuid and txn_id.' }),
  }

  async run() {
    const { flags } = await this.parse(ActivityList)
    const { client } = await this.client()
    const filter = Object.fromEntries(
      Object.entries({
        brandId: flags.brand,
        campaignId: flags.campaign,
        affiliateId: flags.affiliate,
        customerId: flags.customer,
        country: flags.country?.toUpperCase(),
        status: flags.status,
        currency: flags.currency?.toUpperCase(),
        ftd: flags.ftd ? 'true' : undefined,
        from: flags.from,
        to: flags.to,
      }).filter(([, value]) => value !== undefined)
    )
    const page = await paged(
      customersListActivity({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          q: flags.q,
          filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
        },
      })
    )
    if (page.items.length) {
      this.log(
        renderTable(page.items, [
          { header: 'ID', value: (row) => row.id },
          { header: 'DATE', value: (row) => row.date },
          { header: 'CUID', value: (row) => row.cuid },
          { header: 'TXN', value: (row) => row.txnId ?? '' },
          { header: 'CURR', value: (row) => row.currency },
          { header: 'DEPOSITS', value: (row) => row.deposits },
          { header: 'BETS', value: (row) => row.bets },
          { header: 'WINS', value: (row) => row.wins },
          { header: 'FTD', value: (row) => (row.isFtd ? 'yes' : '') },
          { header: 'FRAUD', value: (row) => (row.fraud ? 'yes' : '') },
          { header: 'V', value: (row) => row.version },
        ])
      )
    }
    this.log(pageSummary('activity rows', page.start, page.items.length, page.total))
    return page.items
  }
}
