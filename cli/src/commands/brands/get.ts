import { brandsGetBrand, unwrap } from '@affix/sdk'
import { brandDetails } from '../../brand_fields.js'
import { defineGetCommand, idArg, idExamples } from '../../define_command.js'

export default defineGetCommand({
  summary: 'Show one brand.',
  examples: idExamples(12),
  args: { id: idArg('Brand ID') },
  fetch: (client, { id }) => unwrap(brandsGetBrand({ client, path: { id } })),
  show: brandDetails,
})
