import { campaignsDeleteCampaign, unwrap } from '@affix/sdk'
import { defineDeleteCommand, idArg, idExamples } from '../../define_command.js'

export default defineDeleteCommand({
  summary: 'Delete a campaign (kept in the timeline; its clicks stay).',
  examples: idExamples(12),
  args: { id: idArg('Campaign ID') },
  remove: (client, { id }) => unwrap(campaignsDeleteCampaign({ client, path: { id } })),
  deleted: (deleted) => `Deleted campaign #${deleted.id}.`,
})
