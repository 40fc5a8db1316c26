/* What `campaigns access approve` and `campaigns access reject` share: the same arguments and output. */
import { Args } from '@oclif/core'
import { campaignsApproveCampaignAccess, campaignsRejectCampaignAccess, unwrap } from '@affix/sdk'
import { AffixCommand } from './affix_command.js'
import { accessColumns } from './campaign_fields.js'
import { renderTable } from './output.js'

const DECISIONS = { approve: campaignsApproveCampaignAccess, reject: campaignsRejectCampaignAccess }

/** Each command names these itself: oclif reads a command's own static `args`, not inherited ones. */
export const accessDecisionArgs = {
  campaign: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  affiliate: Args.integer({ description: 'Affiliate ID', required: true, min: 1 }),
}

export abstract class AccessDecisionCommand extends AffixCommand {
  static args = accessDecisionArgs

  protected abstract readonly decision: keyof typeof DECISIONS

  async run() {
    const { args } = await this.parse(this.constructor as typeof AccessDecisionCommand)
    const { client } = await this.client()
    const access = await unwrap(
      DECISIONS[this.decision]({ client, path: { id: args.campaign, affiliateId: args.affiliate } })
    )
    this.log(renderTable([access], accessColumns))
    return access
  }
}
