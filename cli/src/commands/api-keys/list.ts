import { coreListApiKeys, paged, type ApiKey } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import type { Column } from '../../output.js'

export const apiKeyColumns: Column<ApiKey>[] = [
  { header: 'ID', value: (key) => key.id },
  { header: 'Name', value: (key) => key.name },
  { header: 'Key', value: (key) => key.preview },
  {
    header: 'Scopes',
    value: (key) => key.scopes.map((scope) => `${scope.resource}:${scope.operations.join('+')}`).join(' '),
  },
  { header: 'Expires', value: (key) => key.expiresAt },
  { header: 'Last used', value: (key) => key.lastUsedAt },
  { header: 'Revoked', value: (key) => key.revokedAt },
]

export default defineListCommand({
  summary: 'List API keys (their secrets are never shown again).',
  examples: ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json'],
  flags: {},
  fetch: (client) => paged(coreListApiKeys({ client, query: { limit: 500 } })),
  columns: apiKeyColumns,
  empty: 'No API keys.',
})
