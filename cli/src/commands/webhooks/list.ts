import { Flags } from '@oclif/core'
import { paged, postbacksListWebhookConfigs } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { listFlags, listQuery } from '../../list_flags.js'

export default defineListCommand({
  summary: "List the network's webhooks.",
  examples: ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --status disabled --json'],
  flags: {
    ...listFlags,
    status: Flags.string({ summary: 'Only webhooks with this status.', options: ['active', 'inactive', 'disabled'] }),
  },
  fetch: (client, flags) => paged(postbacksListWebhookConfigs({ client, query: listQuery(flags) })),
  columns: [
    { header: 'ID', value: (webhook) => webhook.id },
    { header: 'NAME', value: (webhook) => webhook.name },
    { header: 'EVENTS', value: (webhook) => webhook.events.join(', ') },
    { header: 'URL', value: (webhook) => webhook.url },
    { header: 'STATUS', value: (webhook) => webhook.status },
  ],
  resource: 'webhooks',
})
