import { Args } from '@oclif/core'
import { affiliatesGetAffiliate, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { affiliateDetails } from '../../affiliate_fields.js'

export default class AffiliatesGet extends AffixCommand {
  static summary = 'Show one affiliate.'
  static description = 'Payment details are included (with --json) only when your role may see them.'

  static examples = ['<%= config.bin %> <%= command.id %> 42', '<%= config.bin %> <%= command.id %> 42 --json']

  static args = {
    id: Args.integer({ description: 'Affiliate ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(AffiliatesGet)
    const { client } = await this.client()
    const affiliate = await unwrap(affiliatesGetAffiliate({ client, path: { id: args.id } }))
    this.log(affiliateDetails(affiliate))
    return affiliate
  }
}
