import { Flags } from '@oclif/core'
import { customersSetFxRates, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class FxRatesSet extends AffixCommand {
  static summary = 'Set the rate of one currency to another on a date (1 FROM = RATE TO); an existing rate is replaced.'

  static description =
    'Commissions in a currency other than the activity wait for the rate of that exact date and direction; setting it lets them be priced. For many rates use `affix fx-rates import`.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --from BRL --to USD --date 2026-11-24 --rate 0.1852',
    '<%= config.bin %> <%= command.id %> --from EUR --to BRL --date 2026-11-24 --rate 5.81 --json',
  ]

  static flags = {
    from: Flags.string({ summary: 'Currency converted from (ISO 4217).', required: true }),
    to: Flags.string({ summary: 'Currency converted to (ISO 4217).', required: true }),
    date: Flags.string({ summary: 'The date of the rate (YYYY-MM-DD).', required: true }),
    rate: Flags.string({ summary: 'How many TO one FROM is worth (up to 10 decimals).', required: true }),
  }

  async run() {
    const { flags } = await this.parse(FxRatesSet)
    const { client } = await this.client()
    const result = await unwrap(
      customersSetFxRates({
        client,
        body: { rates: [{ from: flags.from, to: flags.to, date: flags.date, rate: flags.rate }] },
      })
    )
    const [row] = result.results
    if (row?.status === 'error') this.error(row.error?.message ?? 'The rate was refused.', { exit: 1 })
    this.log(
      `${flags.from.toUpperCase()} → ${flags.to.toUpperCase()} on ${flags.date}: ${flags.rate} (${row?.status === 'duplicate' ? 'unchanged' : row?.status}).`
    )
    return result
  }
}
