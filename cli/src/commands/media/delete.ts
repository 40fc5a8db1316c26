import { mediaDeleteMedia, unwrap } from '@affix/sdk'
import { defineDeleteCommand, idArg, idExamples } from '../../define_command.js'

export default defineDeleteCommand({
  summary: 'Delete a media.',
  description: 'A soft delete: the media disappears from lists and from the affiliates, and can no longer be changed.',
  examples: idExamples(12),
  args: { id: idArg('Media ID') },
  remove: (client, { id }) => unwrap(mediaDeleteMedia({ client, path: { id } })),
  deleted: (deleted) => `Deleted media #${deleted.id}.`,
})
