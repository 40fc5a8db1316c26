import { Flags } from '@oclif/core'
import { coreGetOrganizationTimeline, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'
import { timelineColumns } from '../../org_fields.js'

export default class OrgsTimeline extends AffixCommand {
  static summary = "Show your organisation's history of changes, newest first."

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --action organization.updated --limit 10',
    '<%= config.bin %> <%= command.id %> --page 2 --json',
  ]

  static flags = {
    page: Flags.integer({ summary: 'Page number, from 1.', min: 1, default: 1 }),
    limit: Flags.integer({ summary: 'Rows per page (at most 500).', min: 1, max: 500, default: 25 }),
    action: Flags.string({ summary: 'Only entries of this action, e.g. organization.updated.' }),
  }

  async run() {
    const { flags } = await this.parse(OrgsTimeline)
    const { client } = await this.client()
    const page = await paged(
      coreGetOrganizationTimeline({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          ...(flags.action ? { filter: JSON.stringify({ action: flags.action }) } : {}),
        },
      })
    )
    if (page.items.length) this.log(renderTable(page.items, timelineColumns))
    this.log(pageSummary('timeline entries', page.start, page.items.length, page.total))
    return page.items
  }
}
