import { payoutsListPeriods, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderTable } from '../../output.js'

export default class PayoutsPeriods extends AffixCommand {
  static summary = 'List commission periods: open ones up to today, then the closed ones, newest first.'

  static examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run() {
    const { client } = await this.client()
    const periods = await unwrap(payoutsListPeriods({ client }))
    this.log(
      `Periods are ${periods.periodKind}; ${periods.closeDelayDays ? `closed ${periods.closeDelayDays} days after they end` : 'closed by hand only'}.`
    )
    this.log(
      renderTable(periods.periods ?? [], [
        { header: 'PERIOD', value: (period) => period.period },
        { header: 'START', value: (period) => period.start },
        { header: 'END', value: (period) => period.end },
        { header: 'STATUS', value: (period) => period.status },
        { header: 'CLOSED', value: (period) => period.closedAt },
        { header: 'CAN CLOSE', value: (period) => (period.status === 'open' ? (period.canClose ? 'yes' : 'no') : '') },
      ])
    )
    return periods
  }
}
