import { Flags } from '@oclif/core'
import { domainsListDomains, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { listFlags, pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'

export default class DomainsList extends AffixCommand {
  static summary = 'List tracking and white-label domains.'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status active --visibility private',
    '<%= config.bin %> <%= command.id %> --type white_label --json',
  ]

  static flags = {
    ...listFlags,
    type: Flags.string({ summary: 'Only domains of this type.', options: ['tracking', 'white_label'] }),
    visibility: Flags.string({ summary: 'Only domains with this visibility.', options: ['public', 'private'] }),
  }

  async run() {
    const { flags } = await this.parse(DomainsList)
    const { client } = await this.client()
    const filter = Object.fromEntries(
      Object.entries({ status: flags.status, type: flags.type, visibility: flags.visibility }).filter(
        ([, value]) => value !== undefined
      )
    )
    const page = await paged(
      domainsListDomains({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          sort: flags.sort,
          q: flags.q,
          filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
        },
      })
    )
    if (page.items.length) {
      this.log(
        renderTable(page.items, [
          { header: 'ID', value: (domain) => domain.id },
          { header: 'NAME', value: (domain) => domain.name },
          { header: 'URL', value: (domain) => domain.baseUrl },
          { header: 'TYPE', value: (domain) => domain.type },
          { header: 'VISIBILITY', value: (domain) => domain.visibility },
          { header: 'DEFAULT', value: (domain) => (domain.isDefault ? 'yes' : '') },
          { header: 'STATUS', value: (domain) => domain.status },
        ])
      )
    }
    this.log(pageSummary('domains', page.start, page.items.length, page.total))
    return page.items
  }
}
