import { Flags } from '@oclif/core'
import { promoCodesCreatePromoCode, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { promoCodeBody, promoCodeDetails, promoCodeFieldFlags } from '../../promo_code_fields.js'

export default class PromoCodesCreate extends AffixCommand {
  static summary = 'Create a promo code.'
  static description =
    'Codes are unique in your organisation (case-insensitively): letters, digits, - and _, at most 64 characters.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --code WELCOME10 --bonus 10 --currency EUR',
    '<%= config.bin %> <%= command.id %> --code VIP-42 --type exclusive --affiliate 42 --start 2025-01-01 --end 2025-12-31',
    '<%= config.bin %> <%= command.id %> --code SUMMER --exclude 7,9 --no-enabled --json',
  ]

  static flags = {
    code: Flags.string({ summary: 'The code players enter.', required: true }),
    ...promoCodeFieldFlags,
  }

  async run() {
    const { flags } = await this.parse(PromoCodesCreate)
    const body = this.parseBody(flags)
    const { client } = await this.client()
    const code = await unwrap(promoCodesCreatePromoCode({ client, body: { ...body, code: flags.code } }))
    this.log(`Created promo code #${code.id} "${code.code}" (${code.status}).`)
    this.log(promoCodeDetails(code))
    return code
  }

  private parseBody(flags: Parameters<typeof promoCodeBody>[0]) {
    try {
      return promoCodeBody(flags)
    } catch (error) {
      this.error((error as Error).message, { exit: 2 })
    }
  }
}
