import { Flags } from '@oclif/core'
import { affiliatesCreateAffiliate, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { affiliateBody, affiliateDetails, affiliateFieldFlags } from '../../affiliate_fields.js'

export default class AffiliatesCreate extends AffixCommand {
  static summary = 'Create an affiliate.'
  static description =
    'The affiliate is active unless --status says otherwise. An invitation is mailed to --email: the affiliate chooses their own password (nobody else can set it).'

  static examples = [
    '<%= config.bin %> <%= command.id %> --email ana@media.example --name "Ana Souza"',
    '<%= config.bin %> <%= command.id %> --email ana@media.example --name "Ana Souza" --country BR --currency BRL --fee-percent 12.5 --tag vip --tag seo',
    '<%= config.bin %> <%= command.id %> --email ana@media.example --name "Ana Souza" --payment-method cpf --cpf 529.982.247-25 --json',
  ]

  static flags = {
    email: Flags.string({ summary: 'Login e-mail (unique in your organisation).', required: true }),
    name: Flags.string({ summary: 'Name.', required: true }),
    ...affiliateFieldFlags,
  }

  async run() {
    const { flags } = await this.parse(AffiliatesCreate)
    const { client } = await this.client()
    const affiliate = await unwrap(affiliatesCreateAffiliate({ client, body: affiliateBody(flags) }))
    this.log(`Created affiliate #${affiliate.id} "${affiliate.name}".`)
    this.log(affiliateDetails(affiliate))
    return affiliate
  }
}
