import { Flags } from '@oclif/core'
import { paged, promoCodesListPromoCodes } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { listFlags, listQuery } from '../../list_flags.js'
import { PROMO_CODE_STATUSES, PROMO_CODE_TYPES, promoCodeColumns } from '../../promo_code_fields.js'

export default defineListCommand({
  summary: 'List promo codes (as an affiliate: the codes that apply to you).',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status expired --type exclusive --sort -endDate',
    '<%= config.bin %> <%= command.id %> --affiliate 42 --q WELCOME --json',
  ],
  flags: {
    ...listFlags,
    status: Flags.string({
      summary: 'Only codes with this status (derived from enabled and the dates).',
      options: [...PROMO_CODE_STATUSES],
    }),
    type: Flags.string({ summary: 'Only codes of this type.', options: [...PROMO_CODE_TYPES] }),
    affiliate: Flags.integer({ summary: 'Only codes of this affiliate ID.', min: 1 }),
    campaign: Flags.integer({ summary: 'Only codes of this campaign ID.', min: 1 }),
  },
  fetch: (client, flags) =>
    paged(
      promoCodesListPromoCodes({
        client,
        query: listQuery(flags, {
          status: flags.status,
          type: flags.type,
          affiliateId: flags.affiliate,
          campaignId: flags.campaign,
        }),
      })
    ),
  columns: promoCodeColumns,
  resource: 'promo codes',
})
