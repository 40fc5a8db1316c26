import { Flags } from '@oclif/core'
import { paged, trackingListClicks } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { filterParam, pageFlags } from '../../list_flags.js'

const REASONS = [
  'paused',
  'disabled',
  'expired',
  'cap_reached',
  'targeting',
  'blocked_affiliate',
  'not_approved',
  'fraud_block',
  'unknown_affiliate',
  'unknown_campaign',
]

export default defineListCommand({
  summary: 'List recorded clicks, newest first (affiliates see their own).',
  description:
    'Every click answered by the tracking endpoint is here: where it went (redirect or fallback), why, and the visitor details.',
  examples: [
    '<%= config.bin %> <%= command.id %> --campaign 12',
    '<%= config.bin %> <%= command.id %> --outcome fallback --reason cap_reached --from 2026-11-01 --to 2026-11-30',
    '<%= config.bin %> <%= command.id %> --affiliate 40 --country BR --limit 100 --json',
  ],
  flags: {
    ...pageFlags,
    campaign: Flags.integer({ summary: 'Only clicks on this campaign ID.', min: 1 }),
    affiliate: Flags.integer({ summary: 'Only clicks of this affiliate ID.', min: 1 }),
    outcome: Flags.string({ summary: 'Only clicks with this outcome.', options: ['redirect', 'fallback', 'rejected'] }),
    reason: Flags.string({ summary: 'Only clicks sent to the fallback for this reason.', options: REASONS }),
    country: Flags.string({ summary: 'Only clicks from this country (ISO code, e.g. BR).' }),
    from: Flags.string({ summary: 'Clicks at or after this date or time (ISO 8601).' }),
    to: Flags.string({ summary: 'Clicks at or before this date or time (ISO 8601).' }),
  },
  fetch: (client, flags) =>
    paged(
      trackingListClicks({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          filter: filterParam({
            campaignId: flags.campaign,
            affiliateId: flags.affiliate,
            outcome: flags.outcome,
            reason: flags.reason,
            country: flags.country?.toUpperCase(),
            from: flags.from,
            to: flags.to,
          }),
        },
      })
    ),
  columns: [
    { header: 'CLICK ID', value: (click) => click.clickId },
    { header: 'TIME', value: (click) => click.createdAt },
    { header: 'CAMPAIGN', value: (click) => click.campaignId ?? '' },
    { header: 'AFFILIATE', value: (click) => click.affiliateId ?? '' },
    { header: 'OUTCOME', value: (click) => click.outcome },
    { header: 'REASON', value: (click) => click.reason ?? '' },
    { header: 'COUNTRY', value: (click) => click.country ?? '' },
    { header: 'DEVICE', value: (click) => click.device ?? '' },
  ],
  resource: 'clicks',
})
