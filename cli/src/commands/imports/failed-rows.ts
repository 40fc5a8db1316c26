import { Args, Flags } from '@oclif/core'
import { AffixCommand } from '../../affix_command.js'
import { downloadFailedRows, failuresOf, saveFailedRows } from '../../import_fields.js'

export default class ImportsFailedRows extends AffixCommand {
  static summary = 'Download the failed rows of an import as CSV.'
  static description = `Each failed row with its line number, the original columns and the reason. Without --out the CSV is printed.`

  static examples = [
    '<%= config.bin %> <%= command.id %> 12 --out rejected.csv',
    '<%= config.bin %> <%= command.id %> 12 > rejected.csv',
    '<%= config.bin %> <%= command.id %> 12 --out rejected.csv --json',
  ]

  static args = {
    id: Args.integer({ description: 'Import ID', required: true, min: 1 }),
  }

  static flags = {
    out: Flags.string({ summary: 'File to write the CSV to (default: print it).' }),
  }

  async run() {
    const { args, flags } = await this.parse(ImportsFailedRows)
    const { client } = await this.client()
    if (flags.out) {
      const { file, csv } = await saveFailedRows(client, args.id, flags.out)
      const rows = failuresOf(csv).length
      this.log(`Saved ${rows} failed rows of import #${args.id} to ${file}.`)
      return { file, rows }
    }
    const csv = await downloadFailedRows(client, args.id)
    if (!this.jsonEnabled()) process.stdout.write(csv)
    return { rows: failuresOf(csv).length, csv }
  }
}
