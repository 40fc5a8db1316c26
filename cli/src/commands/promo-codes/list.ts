import { Flags } from '@oclif/core'
import { paged, promoCodesListPromoCodes } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { listFlags, pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'
import { PROMO_CODE_STATUSES, PROMO_CODE_TYPES, promoCodeColumns } from '../../promo_code_fields.js'

export default class PromoCodesList extends AffixCommand {
  static summary = 'List promo codes (as an affiliate: the codes that apply to you).'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status expired --type exclusive --sort -endDate',
    '<%= config.bin %> <%= command.id %> --affiliate 42 --q WELCOME --json',
  ]

  static flags = {
    ...listFlags,
    status: Flags.string({
      summary: 'Only codes with this status (derived from enabled and the dates).',
      options: [...PROMO_CODE_STATUSES],
    }),
    type: Flags.string({ summary: 'Only codes of this type.', options: [...PROMO_CODE_TYPES] }),
    affiliate: Flags.integer({ summary: 'Only codes of this affiliate ID.', min: 1 }),
    campaign: Flags.integer({ summary: 'Only codes of this campaign ID.', min: 1 }),
  }

  async run() {
    const { flags } = await this.parse(PromoCodesList)
    const { client } = await this.client()
    const filter = Object.fromEntries(
      Object.entries({
        status: flags.status,
        type: flags.type,
        affiliateId: flags.affiliate,
        campaignId: flags.campaign,
      }).filter(([, value]) => value !== undefined)
    )
    const page = await paged(
      promoCodesListPromoCodes({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          sort: flags.sort,
          q: flags.q,
          filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
        },
      })
    )
    if (page.items.length) this.log(renderTable(page.items, promoCodeColumns))
    this.log(pageSummary('promo codes', page.start, page.items.length, page.total))
    return page.items
  }
}
