import { Flags } from '@oclif/core'
import { coreListImports, paged } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { IMPORT_STATUSES, importColumns } from '../../import_fields.js'
import { filterParam, pageFlags } from '../../list_flags.js'

export default defineListCommand({
  summary: 'List imports (newest first), with their status and counts.',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status processing --status queued',
    '<%= config.bin %> <%= command.id %> --plugin affiliates --type affiliates --limit 10 --json',
  ],
  flags: {
    ...pageFlags,
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
  },
  fetch: (client, flags) =>
    paged(
      coreListImports({
        client,
        query: {
          page: flags.page,
          limit: flags.limit,
          sort: flags.sort,
          filter: filterParam({
            status: flags.status?.length === 1 ? flags.status[0] : flags.status,
            pluginId: flags.plugin || undefined,
            type: flags.type || undefined,
          }),
        },
      })
    ),
  columns: importColumns,
  resource: 'imports',
})
