import { Flags } from '@oclif/core'
import { coreListImports, paged } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { IMPORT_STATUSES, importColumns } from '../../import_fields.js'
import { listFlags, pageSummary } from '../../list_flags.js'
import { renderTable } from '../../output.js'

export default class ImportsList extends AffixCommand {
  static summary = 'List imports (newest first), with their status and counts.'

  static examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status processing --status queued',
    '<%= config.bin %> <%= command.id %> --plugin affiliates --type affiliates --limit 10 --json',
  ]

  static flags = {
    page: listFlags.page,
    limit: listFlags.limit,
    sort: Flags.string({
      summary: 'One of id, createdAt, status, type; prefix with - for descending (default: -createdAt).',
    }),
    status: Flags.string({
      summary: 'Only imports with this status (repeatable).',
      options: [...IMPORT_STATUSES],
      multiple: true,
    }),
    plugin: Flags.string({ summary: 'Only imports of this plugin, e.g. affiliates.' }),
    type: Flags.string({ summary: 'Only imports of this type, e.g. affiliates or affiliate-updates.' }),
  }

  async run() {
    const { flags } = await this.parse(ImportsList)
    const { client } = await this.client()
    const filter: Record<string, unknown> = {}
    if (flags.status?.length) filter.status = flags.status.length === 1 ? flags.status[0] : flags.status
    if (flags.plugin) filter.pluginId = flags.plugin
    if (flags.type) filter.type = flags.type
    const query = {
      page: flags.page,
      limit: flags.limit,
      sort: flags.sort,
      filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
    }
    const page = await paged(coreListImports({ client, query }))
    if (page.items.length) this.log(renderTable(page.items, importColumns))
    this.log(pageSummary('imports', page.start, page.items.length, page.total))
    return page.items
  }
}
