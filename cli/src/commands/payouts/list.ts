import { Flags } from '@oclif/core'
import { payoutsListRows, paged } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { filterParam, pageFlags } from '../../list_flags.js'
import { rowColumns, rowFilter, rowFilterFlags } from '../../payout_fields.js'

export default defineListCommand({
  summary: 'List commission rows, newest first; affiliates see their own.',
  description:
    'Filter by period, affiliate, campaign, brand, customer, type and status (unapproved, approved, paid, denied, hold, pending_fx). RevShare rows of an open period are provisional: their amount moves until the close. `payouts explain <id>` shows what made a row.',
  examples: [
    '<%= config.bin %> <%= command.id %> --period 2026-10 --status unapproved',
    '<%= config.bin %> <%= command.id %> --affiliate 7 --type revshare --type carryover --json',
    '<%= config.bin %> <%= command.id %> --customer 42 --sort -amount',
  ],
  flags: {
    ...pageFlags,
    sort: Flags.string({ summary: 'date, id, amount or period; prefix with - for descending.' }),
    ...rowFilterFlags,
    customer: Flags.integer({ summary: 'Only rows of this customer ID.', min: 1 }),
    currency: Flags.string({ summary: 'Only rows in this currency (e.g. USD).' }),
  },
  fetch: (client, flags) =>
    paged(
      payoutsListRows({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          sort: flags.sort,
          filter: filterParam({
            ...rowFilter(flags),
            customerId: flags.customer ? [flags.customer] : undefined,
            currency: flags.currency ? flags.currency.toUpperCase() : undefined,
          }),
        },
      })
    ),
  columns: rowColumns,
  resource: 'commission rows',
})
