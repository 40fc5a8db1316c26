import { Flags } from '@oclif/core'
import { fraudListFraudRules, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { listFlags, pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'

export default class FraudList extends AffixCommand {
  static summary = 'List anti-fraud rules.'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status active --type blacklist',
    '<%= config.bin %> <%= command.id %> --action block --json',
  ]

  static flags = {
    ...listFlags,
    type: Flags.string({
      summary: 'Only rules of this type.',
      options: ['data_center', 'blacklist', 'device', 'proxy'],
    }),
    action: Flags.string({ summary: 'Only rules with this action.', options: ['mark', 'block'] }),
  }

  async run() {
    const { flags } = await this.parse(FraudList)
    const { client } = await this.client()
    const filter = Object.fromEntries(
      Object.entries({ status: flags.status, type: flags.type, action: flags.action }).filter(
        ([, value]) => value !== undefined
      )
    )
    const page = await paged(
      fraudListFraudRules({
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
          { header: 'ID', value: (rule) => rule.id },
          { header: 'NAME', value: (rule) => rule.name },
          { header: 'TYPE', value: (rule) => rule.type },
          { header: 'ACTION', value: (rule) => rule.action },
          { header: 'STATUS', value: (rule) => rule.status },
        ])
      )
    }
    this.log(pageSummary('fraud rules', page.start, page.items.length, page.total))
    return page.items
  }
}
