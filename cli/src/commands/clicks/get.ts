import { Args } from '@oclif/core'
import { trackingGetClick, unwrap } from '@affix/sdk'
import { defineGetCommand } from '../../define_command.js'
import { renderDetails } from '../../output.js'

export default defineGetCommand({
  summary: 'Show one click: outcome, reason, destination, visitor, parameters and fraud marks.',
  examples: [
    '<%= config.bin %> <%= command.id %> 01937a4e-8c1f-7b2a-9d3e-4f5a6b7c8d9e',
    '<%= config.bin %> <%= command.id %> 01937a4e-8c1f-7b2a-9d3e-4f5a6b7c8d9e --json',
  ],
  args: {
    clickId: Args.string({ description: 'Click ID (the {click_id} sent to the brand)', required: true }),
  },
  fetch: (client, { clickId }) => unwrap(trackingGetClick({ client, path: { clickId } })),
  show: (click) => {
    const params = Object.entries(click.params ?? {})
      .map(([name, value]) => `${name}=${String(value)}`)
      .join(' ')
    return renderDetails([
      ['Click ID', click.clickId],
      ['Time', click.createdAt],
      ['Campaign', click.campaignId],
      ['Affiliate', click.affiliateId],
      ['Outcome', click.outcome],
      ['Reason', click.reason],
      ['Destination', click.destination],
      ['IP', click.ip],
      ['Country', click.country],
      ['Device', [click.device, click.os, click.browser].filter(Boolean).join(' / ') || null],
      ['Language', click.language],
      ['Referrer', click.referrer],
      ['Source', click.source],
      ['Parameters', params || null],
      ['Fraud', click.fraudAction ? `${click.fraudAction} (${(click.fraud?.reasons ?? []).join(', ')})` : null],
    ])
  },
})
