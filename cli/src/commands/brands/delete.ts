import { brandsDeleteBrand, unwrap } from '@affix/sdk'
import { defineDeleteCommand, idArg, idExamples } from '../../define_command.js'

export default defineDeleteCommand({
  summary: 'Delete a brand and its products.',
  description: 'A soft delete: the brand and its products disappear from lists and can no longer be changed.',
  examples: idExamples(12),
  args: { id: idArg('Brand ID') },
  remove: (client, { id }) => unwrap(brandsDeleteBrand({ client, path: { id } })),
  deleted: (brand) => `Deleted brand #${brand.id}.`,
})
