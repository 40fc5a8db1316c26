import { Flags } from '@oclif/core'
import { campaignsCreateCampaign, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { CAMPAIGN_STATUSES, campaignDetails } from '../../campaign_fields.js'

export default class CampaignsCreate extends AffixCommand {
  static summary = 'Create a campaign for a brand.'
  static description =
    'The default URL may carry macros such as {click_id} and {pub_id}; check it first with `affix campaigns validate-url`.'

  static examples = [
    "<%= config.bin %> <%= command.id %> --title 'Welcome CPA' --brand 3 --default-url 'https://brand.example/?cid={click_id}'",
    '<%= config.bin %> <%= command.id %> --title VIP --brand 3 --default-url https://brand.example/vip --private --currency EUR --countries BR,PT --json',
  ]

  static flags = {
    title: Flags.string({ summary: 'Title (at most 350 characters).', required: true }),
    brand: Flags.integer({ summary: 'Brand ID.', required: true, min: 1 }),
    'default-url': Flags.string({ summary: 'Where clicks land (http or https).', required: true }),
    'fallback-url': Flags.string({ summary: 'Where refused clicks land.' }),
    status: Flags.string({ summary: 'Initial status (default active).', options: [...CAMPAIGN_STATUSES] }),
    private: Flags.boolean({ summary: 'Private: affiliates need access.' }),
    currency: Flags.string({ summary: 'Currency (ISO code, default the organisation’s).' }),
    countries: Flags.string({ summary: 'Coverage countries, comma-separated ISO codes.' }),
    'commission-variable': Flags.string({
      summary: 'Goal variable.',
      options: ['ftd', 'leads', 'ngr', 'c_deposit', 'd'],
    }),
    'attribution-days': Flags.integer({ summary: 'Attribution window in days (1 to 365).', min: 1, max: 365 }),
    expires: Flags.string({ summary: 'Expiry date, e.g. 2026-12-31T23:59:00Z.' }),
  }

  async run() {
    const { flags } = await this.parse(CampaignsCreate)
    const { client } = await this.client()
    const campaign = await unwrap(
      campaignsCreateCampaign({
        client,
        body: {
          title: flags.title,
          brandId: flags.brand,
          defaultUrl: flags['default-url'],
          fallbackUrl: flags['fallback-url'],
          status: flags.status as (typeof CAMPAIGN_STATUSES)[number] | undefined,
          visibility: flags.private ? 'private' : undefined,
          currency: flags.currency,
          coverageCountries: flags.countries
            ? flags.countries
                .split(',')
                .map((code) => code.trim())
                .filter(Boolean)
            : undefined,
          commissionVariable: flags['commission-variable'] as 'ftd' | 'leads' | 'ngr' | 'c_deposit' | 'd' | undefined,
          attributionWindowDays: flags['attribution-days'],
          expiresAt: flags.expires,
        },
      })
    )
    this.log(`Created campaign #${campaign.id} "${campaign.title}" (${campaign.status}).`)
    this.log(campaignDetails(campaign))
    return campaign
  }
}
