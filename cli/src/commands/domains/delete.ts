import { domainsDeleteDomain, unwrap } from '@affix/sdk'
import { defineDeleteCommand, idArg, idExamples } from '../../define_command.js'

export default defineDeleteCommand({
  summary: 'Delete a domain.',
  examples: idExamples(7),
  args: { id: idArg('Domain ID') },
  remove: (client, { id }) => unwrap(domainsDeleteDomain({ client, path: { id } })),
  deleted: (deleted) => `Deleted domain #${deleted.id}.`,
})
