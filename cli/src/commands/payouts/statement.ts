import { Flags } from '@oclif/core'
import { payoutsListStatements, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderTable } from '../../output.js'

export default class PayoutsStatement extends AffixCommand {
  static summary = 'Payout statements per affiliate, period and currency; affiliates see their own.'

  static description =
    'Columns: CPA (registration, goal, deposit, cumulative deposit and CPC rows), RevShare, negative carryover, referral, adjustments (corrections, clawbacks, tier true-ups) and the total, which is the sum of the rows that count (not denied, priced) — `payouts list` with the same filters shows them.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --period 2026-10',
    '<%= config.bin %> <%= command.id %> --affiliate 7 --json',
  ]

  static flags = {
    period: Flags.string({ summary: 'Only this period (YYYY-MM, or a week’s first date).' }),
    affiliate: Flags.integer({ summary: 'Only this affiliate ID.', min: 1 }),
  }

  async run() {
    const { flags } = await this.parse(PayoutsStatement)
    const { client } = await this.client()
    const statements = await unwrap(
      payoutsListStatements({ client, query: { period: flags.period, affiliateId: flags.affiliate } })
    )
    if (!statements.length) {
      this.log('No statements found.')
      return statements
    }
    this.log(
      renderTable(statements, [
        { header: 'PERIOD', value: (line) => `${line.period}${line.closed ? '' : ' (open)'}` },
        { header: 'AFFILIATE', value: (line) => line.affiliateId },
        { header: 'CURR', value: (line) => line.currency },
        { header: 'CPA', value: (line) => line.cpa },
        { header: 'REVSHARE', value: (line) => line.revshare },
        { header: 'CARRYOVER', value: (line) => line.carryover },
        { header: 'REFERRAL', value: (line) => line.referral },
        { header: 'ADJUSTMENT', value: (line) => line.adjustment },
        { header: 'TOTAL', value: (line) => line.total },
        { header: 'APPROVED', value: (line) => line.byStatus?.approved },
        { header: 'PAID', value: (line) => line.byStatus?.paid },
        { header: 'ROWS', value: (line) => line.rows },
      ])
    )
    return statements
  }
}
