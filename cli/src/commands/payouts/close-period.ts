import { Args, Flags } from '@oclif/core'
import { payoutsClosePeriod, payoutsPreviewClose, unwrap, type PeriodCloseSummary } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderDetails, renderTable } from '../../output.js'

export default class PayoutsClosePeriod extends AffixCommand {
  static summary = 'Close a commission period (or preview what closing it would do).'

  static description =
    'A period closes only after it has ended and when every earlier one is closed. Closing makes its RevShare, tiers and negative carryover final and adds the carryover and referral rows; later changes go to the earliest open period as corrections. It cannot be undone: run it with --preview first, then with --yes.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 2026-10 --preview',
    '<%= config.bin %> <%= command.id %> 2026-10 --yes',
    '<%= config.bin %> <%= command.id %> 2026-11-02 --yes --json',
  ]

  static args = {
    period: Args.string({
      description: 'Period: YYYY-MM (monthly) or a week’s first date YYYY-MM-DD (weekly)',
      required: true,
    }),
  }

  static flags = {
    preview: Flags.boolean({ summary: 'Show what the close would do, without closing.', exclusive: ['yes'] }),
    yes: Flags.boolean({ summary: 'Confirm: a closed period cannot be reopened.' }),
  }

  async run() {
    const { args, flags } = await this.parse(PayoutsClosePeriod)
    if (!flags.preview && !flags.yes)
      this.error('A closed period cannot be reopened.', {
        exit: 2,
        suggestions: [`See what it would do with --preview, then run it again with --yes to close ${args.period}.`],
      })
    const { client } = await this.client()
    const path = { period: args.period }
    const summary = flags.preview
      ? await unwrap(payoutsPreviewClose({ client, path }))
      : await unwrap(payoutsClosePeriod({ client, path }))
    this.log(flags.preview ? `Closing ${args.period} would:` : `Closed ${args.period}.`)
    this.log(describeClose(summary))
    return summary
  }
}

function describeClose(summary: PeriodCloseSummary): string {
  const lines = [
    renderDetails([
      ['Dates', `${summary.start} – ${summary.end}`],
      ['Customers recomputed', summary.customersRecomputed],
      ['Rows added', summary.rowsInserted],
      ['Rows updated', summary.rowsUpdated],
      ['Rows removed', summary.rowsDeleted],
      ['Carryover rows', summary.carryoverRows],
      ['Referral rows', summary.referralRows],
    ]),
  ]
  if (summary.totals?.length)
    lines.push(
      '',
      renderTable(summary.totals, [
        { header: 'TYPE', value: (total) => total.type },
        { header: 'ROWS', value: (total) => total.rows },
        { header: 'AMOUNT', value: (total) => total.amount },
        { header: 'CURR', value: (total) => total.currency },
      ])
    )
  return lines.join('\n')
}
