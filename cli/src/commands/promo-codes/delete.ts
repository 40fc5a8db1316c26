import { Args } from '@oclif/core'
import { promoCodesDeletePromoCode, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class PromoCodesDelete extends AffixCommand {
  static summary = 'Delete a promo code.'
  static description = 'A soft delete: the code disappears from lists and its code can be used again.'

  static examples = ['<%= config.bin %> <%= command.id %> 12', '<%= config.bin %> <%= command.id %> 12 --json']

  static args = {
    id: Args.integer({ description: 'Promo code ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(PromoCodesDelete)
    const { client } = await this.client()
    const deleted = await unwrap(promoCodesDeletePromoCode({ client, path: { id: args.id } }))
    this.log(`Deleted promo code #${deleted.id}.`)
    return deleted
  }
}
