import { campaignsGetCampaign, unwrap } from '@affix/sdk'
import { campaignDetails } from '../../campaign_fields.js'
import { defineGetCommand, idArg, idExamples } from '../../define_command.js'

export default defineGetCommand({
  summary: 'Show one campaign.',
  examples: idExamples(12),
  args: { id: idArg('Campaign ID') },
  fetch: (client, { id }) => unwrap(campaignsGetCampaign({ client, path: { id } })),
  show: campaignDetails,
})
