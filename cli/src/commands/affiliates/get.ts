import { affiliatesGetAffiliate, unwrap } from '@affix/sdk'
import { affiliateDetails } from '../../affiliate_fields.js'
import { defineGetCommand, idArg, idExamples } from '../../define_command.js'

export default defineGetCommand({
  summary: 'Show one affiliate.',
  description: 'Payment details are included (with --json) only when your role may see them.',
  examples: idExamples(42),
  args: { id: idArg('Affiliate ID') },
  fetch: (client, { id }) => unwrap(affiliatesGetAffiliate({ client, path: { id } })),
  show: affiliateDetails,
})
