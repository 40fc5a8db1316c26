import { AccessDecisionCommand, accessDecisionArgs } from '../../../access_decision.js'

export default class CampaignsAccessReject extends AccessDecisionCommand {
  static summary = "Reject an affiliate's access to a private campaign."

  static args = accessDecisionArgs

  static examples = ['<%= config.bin %> <%= command.id %> 12 345', '<%= config.bin %> <%= command.id %> 12 345 --json']

  protected readonly decision = 'reject'
}
