import { mediaGetMedia, unwrap } from '@affix/sdk'
import { mediaDetails } from '../../media_fields.js'
import { defineGetCommand, idArg, idExamples } from '../../define_command.js'

export default defineGetCommand({
  summary: 'Show one media.',
  examples: idExamples(12),
  args: { id: idArg('Media ID') },
  fetch: (client, { id }) => unwrap(mediaGetMedia({ client, path: { id } })),
  show: mediaDetails,
})
