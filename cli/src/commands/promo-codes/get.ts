import { promoCodesGetPromoCode, unwrap } from '@affix/sdk'
import { promoCodeDetails } from '../../promo_code_fields.js'
import { defineGetCommand, idArg, idExamples } from '../../define_command.js'

export default defineGetCommand({
  summary: 'Show one promo code.',
  examples: idExamples(12),
  args: { id: idArg('Promo code ID') },
  fetch: (client, { id }) => unwrap(promoCodesGetPromoCode({ client, path: { id } })),
  show: promoCodeDetails,
})
