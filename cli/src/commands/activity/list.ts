import { Flags } from '@oclif/core'
import { customersListActivity, paged } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { filterParam, pageFlags } from '../../list_flags.js'

export default defineListCommand({
  summary: 'List activity rows, newest date first; affiliates see the rows that earn for them.',
  description:
    'Filter by brand, campaign, affiliate, customer, country, status (active or fraud), currency, FTD rows and dates. Bet counts show only for activity after 29 April 2025.',
  examples: [
    '<%= config.bin %> <%= command.id %> --customer 42',
    '<%= config.bin %> <%= command.id %> --campaign 12 --from 2026-11-01 --to 2026-11-30 --json',
    '<%= config.bin %> <%= command.id %> --ftd --limit 100',
  ],
  flags: {
    ...pageFlags,
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
  },
  fetch: (client, flags) =>
    paged(
      customersListActivity({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          q: flags.q,
          filter: filterParam({
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
          }),
        },
      })
    ),
  columns: [
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
  ],
  resource: 'activity rows',
})
