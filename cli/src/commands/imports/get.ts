import { coreGetImport, unwrap } from '@affix/sdk'
import { defineGetCommand, idArg, idExamples } from '../../define_command.js'
import { importDetails } from '../../import_fields.js'

export default defineGetCommand({
  summary: 'Show one import: status, progress and counts.',
  examples: idExamples(12),
  args: { id: idArg('Import ID') },
  fetch: (client, { id }) => unwrap(coreGetImport({ client, path: { id } })),
  show: (record, { bin }) => [
    importDetails(record),
    ...(record.failedRowsUrl ? [`\nFailed rows: \`${bin} imports failed-rows ${record.id} --out FILE\``] : []),
  ],
})
