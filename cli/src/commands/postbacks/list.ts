import { Flags } from '@oclif/core'
import { paged, postbacksListPostbacks } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { listFlags, listQuery } from '../../list_flags.js'

export default defineListCommand({
  summary: "List postbacks: the network's global ones and the affiliates' own (as an affiliate: yours).",
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --affiliate 12 --status active',
    '<%= config.bin %> <%= command.id %> --status disabled --json',
  ],
  flags: {
    ...listFlags,
    status: Flags.string({ summary: 'Only postbacks with this status.', options: ['active', 'inactive', 'disabled'] }),
    affiliate: Flags.integer({ summary: "Only this affiliate's postbacks." }),
  },
  fetch: (client, flags) =>
    paged(
      postbacksListPostbacks({
        client,
        query: listQuery(flags, { status: flags.status, affiliateId: flags.affiliate }),
      })
    ),
  columns: [
    { header: 'ID', value: (postback) => postback.id },
    { header: 'NAME', value: (postback) => postback.name },
    { header: 'AFFILIATE', value: (postback) => postback.affiliateId ?? 'global' },
    { header: 'EVENTS', value: (postback) => postback.events.join(', ') },
    { header: 'METHOD', value: (postback) => postback.method.toUpperCase() },
    { header: 'URL', value: (postback) => postback.url },
    { header: 'STATUS', value: (postback) => postback.status },
  ],
  resource: 'postbacks',
})
