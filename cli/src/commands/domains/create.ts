import { Flags } from '@oclif/core'
import { domainsCreateDomain, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderDetails } from '../../output.js'

export default class DomainsCreate extends AffixCommand {
  static summary = 'Add a tracking or white-label domain.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --name track.example.com --default',
    '<%= config.bin %> <%= command.id %> --name partner.example.com --visibility private --affiliate 12 --affiliate 15',
    '<%= config.bin %> <%= command.id %> --name go.example.com --protocol http --no-ssl --type white_label --json',
  ]

  static flags = {
    name: Flags.string({
      summary: 'Host name, e.g. track.example.com (unique across every organisation).',
      required: true,
    }),
    protocol: Flags.string({ summary: 'Protocol of the tracking links (default https).', options: ['http', 'https'] }),
    ssl: Flags.boolean({ summary: 'The host has a TLS certificate (https requires it).', allowNo: true }),
    visibility: Flags.string({
      summary: 'public: every affiliate; private: the given affiliates.',
      options: ['public', 'private'],
    }),
    affiliate: Flags.string({ summary: 'Affiliate ID of a private domain (repeatable).', multiple: true }),
    type: Flags.string({ summary: 'Domain type.', options: ['tracking', 'white_label'] }),
    status: Flags.string({ summary: 'Status.', options: ['active', 'inactive'] }),
    default: Flags.boolean({ summary: 'Make it the organisation default domain (unsets the previous default).' }),
  }

  async run() {
    const { flags } = await this.parse(DomainsCreate)
    const { client } = await this.client()
    const domain = await unwrap(
      domainsCreateDomain({
        client,
        body: {
          name: flags.name,
          protocol: flags.protocol as 'http' | 'https' | undefined,
          ssl: flags.ssl,
          visibility: flags.visibility as 'public' | 'private' | undefined,
          affiliateIds: flags.affiliate?.map(Number),
          type: flags.type as 'tracking' | 'white_label' | undefined,
          status: flags.status as 'active' | 'inactive' | undefined,
          isDefault: flags.default || undefined,
        },
      })
    )
    this.log(`Created domain #${domain.id} ${domain.baseUrl}.`)
    this.log(
      renderDetails([
        ['ID', domain.id],
        ['Name', domain.name],
        ['URL', domain.baseUrl],
        ['Type', domain.type],
        ['Visibility', domain.visibility],
        ['Default', domain.isDefault ? 'yes' : 'no'],
        ['Status', domain.status],
      ])
    )
    return domain
  }
}
