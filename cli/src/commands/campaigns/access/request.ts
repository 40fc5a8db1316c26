import { Args, Flags } from '@oclif/core'
import { campaignsRequestCampaignAccess, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../../affix_command.js'
import { accessColumns } from '../../../campaign_fields.js'
import { renderTable } from '../../../output.js'

export default class CampaignsAccessRequest extends AffixCommand {
  static summary = 'As an affiliate, ask for access to a private campaign, answering its questionnaire.'
  static description =
    'Give one --answer per question, in the order `campaigns get` shows them. The request waits for the network (pending approval); asking again after a rejection re-opens it.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12',
    "<%= config.bin %> <%= command.id %> 12 --answer 'SEO, 40k visits a month' --answer 'Brazil' --json",
  ]

  static args = {
    campaign: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  static flags = {
    answer: Flags.string({ summary: 'An answer to the next question of the questionnaire.', multiple: true }),
  }

  async run() {
    const { args, flags } = await this.parse(CampaignsAccessRequest)
    const { client } = await this.client()
    const access = await unwrap(
      campaignsRequestCampaignAccess({ client, path: { id: args.campaign }, body: { answers: flags.answer ?? [] } })
    )
    this.log(renderTable([access], accessColumns))
    return access
  }
}
