import { coreGetOrganization, unwrap } from '@affix/sdk'
import { defineGetCommand } from '../../define_command.js'
import { organizationDetails } from '../../org_fields.js'

export default defineGetCommand({
  summary: 'Show your organisation: name, type, preferences, images and switched-off reports.',
  examples: ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json'],
  args: {},
  fetch: (client) => unwrap(coreGetOrganization({ client })),
  show: organizationDetails,
})
