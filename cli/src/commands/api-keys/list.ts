import { coreListApiKeys, paged, type ApiKey } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderTable, type Column } from '../../output.js'

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

export default class ApiKeysList extends AffixCommand {
  static summary = 'List API keys (their secrets are never shown again).'

  static examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run() {
    const { client } = await this.client()
    const page = await paged(coreListApiKeys({ client, query: { limit: 500 } }))
    this.log(page.items.length ? renderTable(page.items, apiKeyColumns) : 'No API keys.')
    return page.items
  }
}
