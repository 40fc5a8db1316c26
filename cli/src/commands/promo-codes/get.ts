import { Args } from '@oclif/core'
import { promoCodesGetPromoCode, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { promoCodeDetails } from '../../promo_code_fields.js'

export default class PromoCodesGet extends AffixCommand {
  static summary = 'Show one promo code.'

  static examples = ['<%= config.bin %> <%= command.id %> 12', '<%= config.bin %> <%= command.id %> 12 --json']

  static args = {
    id: Args.integer({ description: 'Promo code ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(PromoCodesGet)
    const { client } = await this.client()
    const code = await unwrap(promoCodesGetPromoCode({ client, path: { id: args.id } }))
    this.log(promoCodeDetails(code))
    return code
  }
}
