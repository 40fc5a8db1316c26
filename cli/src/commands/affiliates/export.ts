import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { Flags } from '@oclif/core'
import { affiliatesExportAffiliates, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { affiliateListFlags, affiliateListQuery } from '../../affiliate_fields.js'

export default class AffiliatesExport extends AffixCommand {
  static summary = 'Export affiliates as CSV.'
  static description = `Same filters, search and sort as \`affiliates list\`, without paging (at most 100,000 rows). Passwords and payment details are never exported.
The export is also kept in your downloads history. Without --out the CSV is printed.`

  static examples = [
    '<%= config.bin %> <%= command.id %> --out affiliates.csv',
    '<%= config.bin %> <%= command.id %> --status active --country BR --out active-br.csv',
    '<%= config.bin %> <%= command.id %> --q media > affiliates.csv',
    '<%= config.bin %> <%= command.id %> --out affiliates.csv --json',
  ]

  static flags = {
    sort: affiliateListFlags.sort,
    status: affiliateListFlags.status,
    q: affiliateListFlags.q,
    'manager-id': affiliateListFlags['manager-id'],
    'group-id': affiliateListFlags['group-id'],
    'referred-by': affiliateListFlags['referred-by'],
    country: affiliateListFlags.country,
    currency: affiliateListFlags.currency,
    out: Flags.string({ summary: 'File to write the CSV to (default: print it).' }),
  }

  async run() {
    const { flags } = await this.parse(AffiliatesExport)
    const { client } = await this.client()
    const { page: _page, limit: _limit, ...query } = affiliateListQuery({ ...flags, page: 1, limit: 1 })
    const csv = String(await unwrap(affiliatesExportAffiliates({ client, query, parseAs: 'text' })))
    const rows = Math.max(0, csv.trimEnd().split('\n').length - 1)
    if (flags.out) {
      const file = resolve(flags.out)
      await writeFile(file, csv)
      this.log(`Exported ${rows} affiliates to ${file}.`)
      return { file, rows }
    }
    if (!this.jsonEnabled()) process.stdout.write(csv)
    return { rows, csv }
  }
}
