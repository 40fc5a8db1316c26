import { Flags } from '@oclif/core'
import { paged, superadminListAccounts } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'
import { accountColumns } from '../../org_fields.js'

export default class OrgsAccounts extends AffixCommand {
  static summary = 'List every organisation of the platform (superadmin).'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --verified false --sort -createdAt',
    '<%= config.bin %> <%= command.id %> --q casino --billing-state invoice_due --json',
  ]

  static flags = {
    page: Flags.integer({ summary: 'Page number, from 1.', min: 1, default: 1 }),
    limit: Flags.integer({ summary: 'Rows per page (at most 500).', min: 1, max: 500, default: 25 }),
    sort: Flags.string({ summary: 'name or createdAt; prefix with - for descending.' }),
    q: Flags.string({ summary: 'Search by name.' }),
    type: Flags.string({ summary: 'Only this organisation type.', options: ['parent', 'child', 'brand-type'] }),
    verified: Flags.string({
      summary: 'Only verified (true) or unverified (false) organisations.',
      options: ['true', 'false'],
    }),
    'billing-state': Flags.string({
      summary: 'Only this billing state.',
      options: ['active', 'invoice_due', 'trial_end'],
    }),
  }

  async run() {
    const { flags } = await this.parse(OrgsAccounts)
    const filter = Object.fromEntries(
      Object.entries({ type: flags.type, verified: flags.verified, billingState: flags['billing-state'] }).filter(
        ([, value]) => value !== undefined
      )
    )
    const { client } = await this.client()
    const page = await paged(
      superadminListAccounts({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          sort: flags.sort,
          q: flags.q,
          ...(Object.keys(filter).length ? { filter: JSON.stringify(filter) } : {}),
        },
      })
    )
    if (page.items.length) this.log(renderTable(page.items, accountColumns))
    this.log(pageSummary('accounts', page.start, page.items.length, page.total))
    return page.items
  }
}
