import { teamMembersDeleteTeamMember, unwrap } from '@affix/sdk'
import { defineDeleteCommand, idArg, idExamples } from '../../define_command.js'

export default defineDeleteCommand({
  summary: 'Delete a team member.',
  description:
    'Their sessions end at once and their affiliates are unassigned. The owner and you yourself cannot be deleted.',
  examples: idExamples(42),
  args: { id: idArg('Team member ID') },
  remove: (client, { id }) => unwrap(teamMembersDeleteTeamMember({ client, path: { id } })),
  deleted: (member) => `Deleted team member #${member.id} ${member.email}.`,
})
