import { Flags } from '@oclif/core'
import { customersListFxRates, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'

export default class FxRatesList extends AffixCommand {
  static summary = "List the organisation's FX rates, newest date first."

  static examples = [
    '<%= config.bin %> <%= command.id %> --from-currency BRL --to-currency USD',
    '<%= config.bin %> <%= command.id %> --from 2026-11-01 --to 2026-11-30 --json',
  ]

  static flags = {
    page: Flags.integer({ summary: 'Page number, from 1.', min: 1, default: 1 }),
    limit: Flags.integer({ summary: 'Rows per page (at most 500).', min: 1, max: 500, default: 25 }),
    'from-currency': Flags.string({ summary: 'Only rates from this currency (ISO code).' }),
    'to-currency': Flags.string({ summary: 'Only rates to this currency (ISO code).' }),
    from: Flags.string({ summary: 'On or after this date (YYYY-MM-DD).' }),
    to: Flags.string({ summary: 'On or before this date (YYYY-MM-DD).' }),
  }

  async run() {
    const { flags } = await this.parse(FxRatesList)
    const { client } = await this.client()
    const filter = Object.fromEntries(
      Object.entries({
        fromCurrency: flags['from-currency']?.toUpperCase(),
        toCurrency: flags['to-currency']?.toUpperCase(),
        from: flags.from,
        to: flags.to,
      }).filter(([, value]) => value !== undefined)
    )
    const page = await paged(
      customersListFxRates({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
        },
      })
    )
    if (page.items.length) {
      this.log(
        renderTable(page.items, [
          { header: 'DATE', value: (rate) => rate.date },
          { header: 'FROM', value: (rate) => rate.from },
          { header: 'TO', value: (rate) => rate.to },
          { header: 'RATE', value: (rate) => rate.rate },
        ])
      )
    }
    this.log(pageSummary('rates', page.start, page.items.length, page.total))
    return page.items
  }
}
