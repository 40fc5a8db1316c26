import { Flags } from '@oclif/core'
import { domainsListDomains, paged } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { listFlags, listQuery } from '../../list_flags.js'

export default defineListCommand({
  summary: 'List tracking and white-label domains.',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status active --visibility private',
    '<%= config.bin %> <%= command.id %> --type white_label --json',
  ],
  flags: {
    ...listFlags,
    type: Flags.string({ summary: 'Only domains of this type.', options: ['tracking', 'white_label'] }),
    visibility: Flags.string({ summary: 'Only domains with this visibility.', options: ['public', 'private'] }),
  },
  fetch: (client, flags) =>
    paged(
      domainsListDomains({
        client,
        query: listQuery(flags, { status: flags.status, type: flags.type, visibility: flags.visibility }),
      })
    ),
  columns: [
    { header: 'ID', value: (domain) => domain.id },
    { header: 'NAME', value: (domain) => domain.name },
    { header: 'URL', value: (domain) => domain.baseUrl },
    { header: 'TYPE', value: (domain) => domain.type },
    { header: 'VISIBILITY', value: (domain) => domain.visibility },
    { header: 'DEFAULT', value: (domain) => (domain.isDefault ? 'yes' : '') },
    { header: 'STATUS', value: (domain) => domain.status },
  ],
  resource: 'domains',
})
