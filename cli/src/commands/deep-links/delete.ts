import { deepLinksDeleteDeepLink, unwrap } from '@affix/sdk'
import { defineDeleteCommand, idArg, idExamples } from '../../define_command.js'

export default defineDeleteCommand({
  summary: 'Delete a deep link.',
  examples: idExamples(7),
  args: { id: idArg('Deep link ID') },
  remove: (client, { id }) => unwrap(deepLinksDeleteDeepLink({ client, path: { id } })),
  deleted: (deleted) => `Deleted deep link #${deleted.id}.`,
})
