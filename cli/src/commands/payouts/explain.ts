import { Args } from '@oclif/core'
import { payoutsGetRow, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderDetails, renderTable, type Cell } from '../../output.js'
import { statusLabel } from '../../payout_fields.js'

/** An explanation value on one line: amounts and names as they are, lists and objects compact. */
function inline(value: unknown): Cell {
  if (value === null || value === undefined) return null
  if (typeof value === 'object') return JSON.stringify(value)
  return value as Cell
}

export default class PayoutsExplain extends AffixCommand {
  static summary = 'Explain a commission row: what made it, to the cent, and its status history.'

  static description =
    'The explanation names the customer, the activity or clicks, the amounts it was computed from, each plan field and where it came from (campaign, group or affiliate override), FX rates, plan and formula versions, conditions, the tier, the referral level, what a correction corrects, and the arithmetic.'

  static examples = ['<%= config.bin %> <%= command.id %> 120', '<%= config.bin %> <%= command.id %> 120 --json']

  static args = { id: Args.integer({ description: 'Row ID (from `payouts list`)', required: true, min: 1 }) }

  async run() {
    const { args } = await this.parse(PayoutsExplain)
    const { client } = await this.client()
    const row = await unwrap(payoutsGetRow({ client, path: { id: args.id } }))
    const explanation = row.explanation as Record<string, unknown>
    this.log(
      renderDetails([
        ['Row', row.id],
        ['Type', row.type],
        ['Status', `${statusLabel(row.status)}${row.denyReason ? ` (${row.denyReason})` : ''}`],
        ['Period', row.period],
        ['Date', row.date],
        ['Affiliate', row.affiliateId],
        ['Campaign', row.campaignId],
        ['Brand', row.brandId],
        ['Customer', row.customerId],
        ['Amount', row.amount === null ? 'waiting for a rate' : `${row.amount} ${row.currency}`],
        ['Provisional', row.provisional ? 'yes: the amount moves until the period closes' : 'no'],
        ['Payment reference', row.paymentReference],
      ])
    )
    this.log('')
    this.log('Explanation')
    const { computation, ...rest } = explanation
    this.log(
      renderDetails([
        ...Object.entries(rest).map(([key, value]): [string, Cell] => [key, inline(value)]),
        ['computation', inline(computation)],
      ])
    )
    if (row.history?.length) {
      this.log('')
      this.log(
        renderTable(row.history, [
          { header: 'AT', value: (entry) => entry.at },
          { header: 'FROM', value: (entry) => statusLabel(entry.from ?? '') },
          { header: 'TO', value: (entry) => statusLabel(entry.to ?? '') },
          { header: 'REASON', value: (entry) => entry.reason },
          { header: 'REFERENCE', value: (entry) => entry.reference },
        ])
      )
    }
    return row
  }
}
