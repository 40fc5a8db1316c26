import { Args } from '@oclif/core'
import { customersGetCustomer, unwrap } from '@affix/sdk'
import { defineGetCommand, idExamples } from '../../define_command.js'
import { renderDetails, renderTable } from '../../output.js'

export default defineGetCommand({
  summary: 'Show a customer: profile, attribution (and why rules failed), FTD, fraud mark, clicks, activity by day.',
  examples: idExamples(42),
  args: {
    id: Args.integer({ description: 'Customer ID (the number in `customers list`, not the cuid)', required: true }),
  },
  fetch: (client, { id }) => unwrap(customersGetCustomer({ client, path: { id } })),
  show: (detail) => {
    const { customer, attribution } = detail
    const details = renderDetails([
      ['ID', customer.id],
      ['CUID', customer.cuid],
      ['Name', customer.cuName],
      ['E-mail', customer.email],
      ['Registered', customer.registeredAt],
      ['Brand', customer.brandId],
      ['Country', customer.country],
      ['Currency', customer.currency],
      ['Status', customer.status],
      ['Attribution', attribution.source],
      ['Campaign', attribution.campaignId],
      ['Affiliate', attribution.affiliateId],
      ['Click', attribution.clickId],
      [
        'Failed rules',
        (attribution.failures ?? []).map((failure) => `${failure.rule}: ${failure.message}`).join('; ') || null,
      ],
      ['FTD', detail.ftd ? `${detail.ftd.amount} ${detail.ftd.currency} on ${detail.ftd.date}` : null],
      [
        'Fraud',
        detail.fraud
          ? `marked ${detail.fraud.markedAt}${detail.fraud.reason ? ` (${detail.fraud.reason})` : ''}`
          : null,
      ],
      ['Clicks', detail.clicks.length],
      [
        'Conversions',
        detail.conversions.map((conversion) => `${conversion.type}:${conversion.capStatus}`).join(', ') || null,
      ],
    ])
    if (!detail.activityByDay.length) return details
    return [
      details,
      '',
      renderTable(detail.activityByDay.slice(0, 30), [
        { header: 'DATE', value: (day) => day.date },
        { header: 'CURR', value: (day) => day.currency },
        { header: 'DEPOSITS', value: (day) => day.deposits },
        { header: 'BETS', value: (day) => day.bets },
        { header: 'WINS', value: (day) => day.wins },
        { header: 'BONUSES', value: (day) => day.bonuses },
        { header: 'ROWS', value: (day) => day.rows },
      ]),
    ]
  },
})
