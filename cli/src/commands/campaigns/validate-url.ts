import { Args, Flags } from '@oclif/core'
import { campaignsValidateUrl, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class CampaignsValidateUrl extends AffixCommand {
  static summary = 'Check a tracking or postback URL for its macros, as the screens do.'
  static description = 'Exits 1 when the URL is not valid, with the server’s message.'

  static examples = [
    "<%= config.bin %> <%= command.id %> 'https://brand.example/?cid={click_id}' --macros click_id,pub_id",
    "<%= config.bin %> <%= command.id %> 'https://brand.example/?s={source}' --macros click_id,source --any --json",
  ]

  static args = {
    url: Args.string({ description: 'The URL to check', required: true }),
  }

  static flags = {
    macros: Flags.string({ summary: 'Macro names, comma-separated (without braces).', default: '' }),
    any: Flags.boolean({ summary: 'At least one of the macros is enough (default: all are required).' }),
    minimum: Flags.integer({ summary: 'With --any: how many of the macros must appear.', min: 1 }),
  }

  async run() {
    const { args, flags } = await this.parse(CampaignsValidateUrl)
    const { client } = await this.client()
    const macros = flags.macros
      .split(',')
      .map((macro) => macro.trim())
      .filter(Boolean)
    const result = await unwrap(
      campaignsValidateUrl({
        client,
        body: { url: args.url, macros, mode: flags.any ? 'any' : 'strict', minimum: flags.minimum },
      })
    )
    this.log(result.message)
    if (!result.valid) process.exitCode = 1
    return result
  }
}
