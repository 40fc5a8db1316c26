import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { Flags } from '@oclif/core'
import { affiliatesAffiliateImportSample, affiliatesAffiliateUpdateSample, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class AffiliatesSample extends AffixCommand {
  static summary = 'Write the sample CSV of the affiliate import (or, with --update, of the update).'
  static description = `The header lists every column \`affiliates import\` reads, followed by example rows. Without --out the CSV is printed.`

  static examples = [
    '<%= config.bin %> <%= command.id %> --out affiliates.csv',
    '<%= config.bin %> <%= command.id %> --update --out changes.csv',
    '<%= config.bin %> <%= command.id %> | head -1',
  ]

  static flags = {
    update: Flags.boolean({ summary: 'The sample of the update import (rows keyed by id or email).' }),
    out: Flags.string({ summary: 'File to write the CSV to (default: print it).' }),
  }

  async run() {
    const { flags } = await this.parse(AffiliatesSample)
    const { client } = await this.client()
    const operation = flags.update ? affiliatesAffiliateUpdateSample : affiliatesAffiliateImportSample
    const csv = String(await unwrap(operation({ client, parseAs: 'text' })))
    const columns = (csv.split(/\r?\n/)[0] ?? '').split(',')
    if (flags.out) {
      const file = resolve(flags.out)
      await mkdir(dirname(file), { recursive: true })
      await writeFile(file, csv)
      this.log(`Sample with ${columns.length} columns written to ${file}.`)
      return { file, columns }
    }
    if (!this.jsonEnabled()) process.stdout.write(csv)
    return { columns, csv }
  }
}
