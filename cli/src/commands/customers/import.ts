import { Flags } from '@oclif/core'
import { customersCustomersSample, customersImportCustomers, unwrap } from '@affix/sdk'
import { CsvImportCommand, csvImportArgs, csvImportFlags } from '../../csv_import_command.js'

export default class CustomersImport extends CsvImportCommand {
  static summary = 'Import customers (players) from a CSV file, with a progress bar.'
  static description = `Columns: cuid (required), cu_name, email, ip, date (registration date or date-time; now when empty), curr, country, cid (click id), coupon, b1…b9, campaign_id and pub_id (together), brand_id. At most 10 MB and 100,000 rows; \`--sample\` prints a sample file.
Each new customer is attributed once: by its click (cid), else its promo code (coupon), else campaign_id + pub_id, else it is organic; the reason of each rule that failed is kept.
The file is checked at once, then imported in the background; the good rows are imported together and the others saved to a failed-rows CSV with their reason (a row already imported with the same values is reported as a duplicate).
Exits with 1 when the import failed, was cancelled or imported nothing; with 130 when Ctrl-C stopped the waiting.`

  static examples = [
    '<%= config.bin %> <%= command.id %> players.csv',
    '<%= config.bin %> <%= command.id %> players.csv --failed-rows-out rejected.csv',
    '<%= config.bin %> <%= command.id %> players.csv --no-wait --json',
    '<%= config.bin %> <%= command.id %> --sample > players.csv',
  ]

  static args = { file: { ...csvImportArgs.file, required: false } }
  static flags = {
    ...csvImportFlags,
    sample: Flags.boolean({ summary: 'Print a sample CSV with every column instead of importing.' }),
  }

  protected readonly rowsName = 'customers'
  protected readonly sampleHint = '`affix customers import --sample`'

  async run() {
    const { args, flags } = await this.parse(CustomersImport)
    if (flags.sample) {
      const { client } = await this.client()
      const sample = String(await unwrap(customersCustomersSample({ client, parseAs: 'text' })))
      process.stdout.write(sample)
      return { sample }
    }
    if (!args.file) this.error('Name the CSV file to import (or use --sample).', { exit: 2 })
    return this.importFile(args.file, flags, (client, file, fetch) =>
      unwrap(customersImportCustomers({ client, body: { file }, fetch }))
    )
  }
}
