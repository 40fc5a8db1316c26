import { Flags } from '@oclif/core'
import { customersFxRatesSample, customersImportFxRates, unwrap } from '@affix/sdk'
import { CsvImportCommand, csvImportArgs, csvImportFlags } from '../../csv_import_command.js'

export default class FxRatesImport extends CsvImportCommand {
  static summary = 'Import FX rates (from, to, date, rate) from a CSV file, with a progress bar.'
  static description = `One rate per row: 1 \`from\` = \`rate\` \`to\` on \`date\`; an existing rate is replaced. At most 10 MB and 100,000 rows; \`--sample\` prints a sample file.
Exits with 1 when the import failed, was cancelled or imported nothing; with 130 when Ctrl-C stopped the waiting.`

  static examples = [
    '<%= config.bin %> <%= command.id %> rates.csv',
    '<%= config.bin %> <%= command.id %> rates.csv --json',
    '<%= config.bin %> <%= command.id %> --sample > rates.csv',
  ]

  static args = { file: { ...csvImportArgs.file, required: false } }
  static flags = {
    ...csvImportFlags,
    sample: Flags.boolean({ summary: 'Print a sample CSV instead of importing.' }),
  }

  protected readonly rowsName = 'rates'
  protected readonly sampleHint = '`affix fx-rates import --sample`'

  async run() {
    const { args, flags } = await this.parse(FxRatesImport)
    if (flags.sample) {
      const { client } = await this.client()
      const sample = String(await unwrap(customersFxRatesSample({ client, parseAs: 'text' })))
      process.stdout.write(sample)
      return { sample }
    }
    if (!args.file) this.error('Name the CSV file to import (or use --sample).', { exit: 2 })
    return this.importFile(args.file, flags, (client, file, fetch) =>
      unwrap(customersImportFxRates({ client, body: { file }, fetch }))
    )
  }
}
