import { teamMembersGetTeamMember, teamMembersListTeamMemberAffiliates, unwrap } from '@affix/sdk'
import { defineGetCommand, idArg, idExamples } from '../../define_command.js'
import { renderTable } from '../../output.js'
import { affiliateColumns, memberDetails } from '../../user_fields.js'

export default defineGetCommand({
  summary: 'Show one team member and the affiliates assigned to them.',
  examples: idExamples(42),
  args: { id: idArg('Team member ID') },
  fetch: async (client, { id }) => {
    const member = await unwrap(teamMembersGetTeamMember({ client, path: { id } }))
    const affiliates = await unwrap(teamMembersListTeamMemberAffiliates({ client, path: { id } }))
    return { ...member, affiliates }
  },
  show: ({ affiliates, ...member }) => [
    memberDetails(member),
    ...(affiliates.length ? [`\nAssigned affiliates:\n${renderTable(affiliates, affiliateColumns)}`] : []),
  ],
})
