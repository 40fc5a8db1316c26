import { AccessDecisionCommand, accessDecisionArgs } from '../../../access_decision.js'

export default class CampaignsAccessApprove extends AccessDecisionCommand {
  static summary =
    "Approve an affiliate's access to a private campaign (also grants it when the affiliate never asked)."

  static args = accessDecisionArgs

  static examples = ['<%= config.bin %> <%= command.id %> 12 345', '<%= config.bin %> <%= command.id %> 12 345 --json']

  protected readonly decision = 'approve'
}
