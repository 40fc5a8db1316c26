import { Args } from '@oclif/core'
import { coreCancelImport, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { isFinished } from '../../import_fields.js'

export default class ImportsCancel extends AffixCommand {
  static summary = 'Cancel an import.'
  static description = `A queued import is cancelled at once. A processing one is rolled back (none of its rows is kept) and cancelled at its next chunk: follow it with \`imports get ID\`.
Exits with 1 when the import had already finished, so there was nothing to cancel.`

  static examples = ['<%= config.bin %> <%= command.id %> 12', '<%= config.bin %> <%= command.id %> 12 --json']

  static args = {
    id: Args.integer({ description: 'Import ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(ImportsCancel)
    const { client } = await this.client()
    const record = await unwrap(coreCancelImport({ client, path: { id: args.id } }))
    if (record.status === 'cancelled') {
      this.log(`Import #${record.id} is cancelled.`)
    } else if (isFinished(record)) {
      process.exitCode = 1
      this.logToStderr(`Import #${record.id} had already finished (${record.status}); nothing was cancelled.`)
    } else {
      this.log(`Cancellation of import #${record.id} requested: it is rolled back and stops at its next chunk.`)
    }
    return record
  }
}
