import { fraudDeleteFraudRule, unwrap } from '@affix/sdk'
import { defineDeleteCommand, idArg, idExamples } from '../../define_command.js'

export default defineDeleteCommand({
  summary: 'Delete an anti-fraud rule.',
  examples: idExamples(7),
  args: { id: idArg('Fraud rule ID') },
  remove: (client, { id }) => unwrap(fraudDeleteFraudRule({ client, path: { id } })),
  deleted: (deleted) => `Deleted fraud rule #${deleted.id}.`,
})
