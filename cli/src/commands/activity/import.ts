import { Flags } from '@oclif/core'
import { customersActivitySample, customersImportActivity, unwrap } from '@affix/sdk'
import { CsvImportCommand, csvImportArgs, csvImportFlags } from '../../csv_import_command.js'

export default class ActivityImport extends CsvImportCommand {
  static summary = 'Import activity rows (deposits, bets, wins…) from a CSV file, with a progress bar.'
  static description = `Columns: cuid and date (required), txn_id, curr, deposits, deposit_count, ftd, ftd_amount, withdrawals, bets, wins, bonuses, chargebacks, fees, jackpot, adjustments, bet_count, brand_id. Amounts are decimals (up to 6 decimals; only adjustments and chargebacks may be negative); counts are whole numbers. At most 10 MB and 100,000 rows; \`--sample\` prints a sample file.
A row's key is its txn_id, else its cuid and date: the same key with the same values is a duplicate (reported in the failed-rows file, nothing written), with new values a correction (the earlier values are kept as a revision).
Exits with 1 when the import failed, was cancelled or imported nothing; with 130 when Ctrl-C stopped the waiting.`

  static examples = [
    '<%= config.bin %> <%= command.id %> activity.csv',
    '<%= config.bin %> <%= command.id %> activity.csv --failed-rows-out rejected.csv',
    '<%= config.bin %> <%= command.id %> activity.csv --no-wait --json',
    '<%= config.bin %> <%= command.id %> --sample > activity.csv',
  ]

  static args = { file: { ...csvImportArgs.file, required: false } }
  static flags = {
    ...csvImportFlags,
    sample: Flags.boolean({ summary: 'Print a sample CSV with every column instead of importing.' }),
  }

  protected readonly rowsName = 'activity rows'
  protected readonly sampleHint = '`affix activity import --sample`'

  async run() {
    const { args, flags } = await this.parse(ActivityImport)
    if (flags.sample) {
      const { client } = await this.client()
      const sample = String(await unwrap(customersActivitySample({ client, parseAs: 'text' })))
      process.stdout.write(sample)
      return { sample }
    }
    if (!args.file) this.error('Name the CSV file to import (or use --sample).', { exit: 2 })
    return this.importFile(args.file, flags, (client, file, fetch) =>
      unwrap(customersImportActivity({ client, body: { file }, fetch }))
    )
  }
}
