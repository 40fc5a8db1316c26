import { Flags } from '@oclif/core'
import { customersListFxRates, paged } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { filterParam, pageFlags } from '../../list_flags.js'

export default defineListCommand({
  summary: "List the organisation's FX rates, newest date first.",
  examples: [
    '<%= config.bin %> <%= command.id %> --from-currency BRL --to-currency USD',
    '<%= config.bin %> <%= command.id %> --from 2026-11-01 --to 2026-11-30 --json',
  ],
  flags: {
    ...pageFlags,
    'from-currency': Flags.string({ summary: 'Only rates from this currency (ISO code).' }),
    'to-currency': Flags.string({ summary: 'Only rates to this currency (ISO code).' }),
    from: Flags.string({ summary: 'On or after this date (YYYY-MM-DD).' }),
    to: Flags.string({ summary: 'On or before this date (YYYY-MM-DD).' }),
  },
  fetch: (client, flags) =>
    paged(
      customersListFxRates({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          filter: filterParam({
            fromCurrency: flags['from-currency']?.toUpperCase(),
            toCurrency: flags['to-currency']?.toUpperCase(),
            from: flags.from,
            to: flags.to,
          }),
        },
      })
    ),
  columns: [
    { header: 'DATE', value: (rate) => rate.date },
    { header: 'FROM', value: (rate) => rate.from },
    { header: 'TO', value: (rate) => rate.to },
    { header: 'RATE', value: (rate) => rate.rate },
  ],
  resource: 'rates',
})
