import { Args, Flags } from '@oclif/core'
import { promoCodesUpdatePromoCode, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { promoCodeBody, promoCodeDetails, promoCodeFieldFlags } from '../../promo_code_fields.js'

export default class PromoCodesUpdate extends AffixCommand {
  static summary = 'Change some fields of a promo code (the others are kept).'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12 --no-enabled',
    '<%= config.bin %> <%= command.id %> 12 --bonus 25.50 --end 2025-12-31T23:59:59Z',
    '<%= config.bin %> <%= command.id %> 12 --include 4,5 --json',
    '<%= config.bin %> <%= command.id %> 12 --all --description ""',
  ]

  static args = {
    id: Args.integer({ description: 'Promo code ID', required: true, min: 1 }),
  }

  static flags = {
    code: Flags.string({ summary: 'New code.' }),
    ...promoCodeFieldFlags,
  }

  async run() {
    const { args, flags } = await this.parse(PromoCodesUpdate)
    let body
    try {
      body = promoCodeBody(flags)
    } catch (error) {
      this.error((error as Error).message, { exit: 2 })
    }
    if (Object.keys(body).length === 0) {
      this.error('Nothing to update.', {
        exit: 2,
        suggestions: ['Give at least one field, e.g. --bonus, --end, --enabled or --include.'],
      })
    }
    const { client } = await this.client()
    const code = await unwrap(promoCodesUpdatePromoCode({ client, path: { id: args.id }, body }))
    this.log(`Updated promo code #${code.id} "${code.code}" (${code.status}).`)
    this.log(promoCodeDetails(code))
    return code
  }
}
