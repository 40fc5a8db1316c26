import { Flags } from '@oclif/core'
import { fraudListFraudRules, paged } from '@affix/sdk'
import { defineListCommand } from '../../define_command.js'
import { listFlags, listQuery } from '../../list_flags.js'

export default defineListCommand({
  summary: 'List anti-fraud rules.',
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --status active --type blacklist',
    '<%= config.bin %> <%= command.id %> --action block --json',
  ],
  flags: {
    ...listFlags,
    type: Flags.string({
      summary: 'Only rules of this type.',
      options: ['data_center', 'blacklist', 'device', 'proxy'],
    }),
    action: Flags.string({ summary: 'Only rules with this action.', options: ['mark', 'block'] }),
  },
  fetch: (client, flags) =>
    paged(
      fraudListFraudRules({
        client,
        query: listQuery(flags, { status: flags.status, type: flags.type, action: flags.action }),
      })
    ),
  columns: [
    { header: 'ID', value: (rule) => rule.id },
    { header: 'NAME', value: (rule) => rule.name },
    { header: 'TYPE', value: (rule) => rule.type },
    { header: 'ACTION', value: (rule) => rule.action },
    { header: 'STATUS', value: (rule) => rule.status },
  ],
  resource: 'fraud rules',
})
