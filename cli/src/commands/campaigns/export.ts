import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { Flags } from '@oclif/core'
import { campaignsExportCampaigns, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { campaignFilter, campaignFilterFlags } from '../../campaign_fields.js'

export default class CampaignsExport extends AffixCommand {
  static summary = 'Export campaigns as CSV.'
  static description = `Same filters, search and sort as \`campaigns list\`, without paging. The export is also kept in your downloads history. Without --out the CSV is printed.`

  static examples = [
    '<%= config.bin %> <%= command.id %> --out campaigns.csv',
    '<%= config.bin %> <%= command.id %> --status paused --brand 3 --out paused.csv',
    '<%= config.bin %> <%= command.id %> --q welcome > campaigns.csv',
    '<%= config.bin %> <%= command.id %> --out campaigns.csv --json',
  ]

  static flags = {
    ...campaignFilterFlags,
    q: Flags.string({ summary: 'Free-text search (titles).' }),
    sort: Flags.string({ summary: 'Field to sort on; prefix with - for descending, e.g. -createdAt.' }),
    out: Flags.string({ summary: 'File to write the CSV to (default: print it).' }),
  }

  async run() {
    const { flags } = await this.parse(CampaignsExport)
    const { client } = await this.client()
    const csv = String(
      await unwrap(
        campaignsExportCampaigns({
          client,
          query: { q: flags.q, sort: flags.sort, filter: campaignFilter(flags) },
          parseAs: 'text',
        })
      )
    )
    const rows = Math.max(0, csv.trimEnd().split('\n').length - 1)
    if (flags.out) {
      const file = resolve(flags.out)
      await writeFile(file, csv)
      this.log(`Exported ${rows} campaigns to ${file}.`)
      return { file, rows }
    }
    if (!this.jsonEnabled()) process.stdout.write(csv)
    return { rows, csv }
  }
}
