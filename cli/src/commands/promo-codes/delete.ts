import { promoCodesDeletePromoCode, unwrap } from '@affix/sdk'
import { defineDeleteCommand, idArg, idExamples } from '../../define_command.js'

export default defineDeleteCommand({
  summary: 'Delete a promo code.',
  description: 'A soft delete: the code disappears from lists and its code can be used again.',
  examples: idExamples(12),
  args: { id: idArg('Promo code ID') },
  remove: (client, { id }) => unwrap(promoCodesDeletePromoCode({ client, path: { id } })),
  deleted: (deleted) => `Deleted promo code #${deleted.id}.`,
})
