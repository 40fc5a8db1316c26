import { Args } from '@oclif/core'
import { coreGetImport, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { importDetails } from '../../import_fields.js'

export default class ImportsGet extends AffixCommand {
  static summary = 'Show one import: status, progress and counts.'

  static examples = ['<%= config.bin %> <%= command.id %> 12', '<%= config.bin %> <%= command.id %> 12 --json']

  static args = {
    id: Args.integer({ description: 'Import ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(ImportsGet)
    const { client } = await this.client()
    const record = await unwrap(coreGetImport({ client, path: { id: args.id } }))
    this.log(importDetails(record))
    if (record.failedRowsUrl)
      this.log(`\nFailed rows: \`${this.config.bin} imports failed-rows ${record.id} --out FILE\``)
    return record
  }
}
