import { Args, Flags } from '@oclif/core'
import { campaignsUpdateCampaign, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { CAMPAIGN_STATUSES, campaignDetails } from '../../campaign_fields.js'

type CampaignChanges = NonNullable<Parameters<typeof campaignsUpdateCampaign>[0]['body']>

export default class CampaignsUpdate extends AffixCommand {
  static summary = 'Change some fields of a campaign (the others are kept).'
  static description =
    'Refused for a campaign whose brand is deleted. Pass an empty value ("") to clear an optional field such as --fallback-url or --expires.'

  static examples = [
    "<%= config.bin %> <%= command.id %> 12 --title 'Welcome CPA 2'",
    '<%= config.bin %> <%= command.id %> 12 --public --featured --expires 2026-12-31T23:59:00Z',
    '<%= config.bin %> <%= command.id %> 12 --fallback-url "" --json',
  ]

  static args = {
    id: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  static flags = {
    title: Flags.string({ summary: 'New title.' }),
    'default-url': Flags.string({ summary: 'Where clicks land (http or https).' }),
    'fallback-url': Flags.string({ summary: 'Where refused clicks land ("" clears it).' }),
    status: Flags.string({ summary: 'New status.', options: [...CAMPAIGN_STATUSES] }),
    private: Flags.boolean({ summary: 'Make it private (affiliates need access).', exclusive: ['public'] }),
    public: Flags.boolean({ summary: 'Make it public.', exclusive: ['private'] }),
    featured: Flags.boolean({ summary: 'Feature it (--no-featured to unfeature).', allowNo: true }),
    currency: Flags.string({ summary: 'Currency (ISO code).' }),
    countries: Flags.string({ summary: 'Coverage countries, comma-separated ISO codes ("" clears them).' }),
    'commission-variable': Flags.string({
      summary: 'Goal variable (only while the campaign has no customers or activity).',
      options: ['ftd', 'leads', 'ngr', 'c_deposit', 'd'],
    }),
    'attribution-days': Flags.integer({ summary: 'Attribution window in days (1 to 365).', min: 1, max: 365 }),
    expires: Flags.string({ summary: 'Expiry date, e.g. 2026-12-31T23:59:00Z ("" clears it).' }),
  }

  async run() {
    const { args, flags } = await this.parse(CampaignsUpdate)
    const body: CampaignChanges = {}
    if (flags.title !== undefined) body.title = flags.title
    if (flags['default-url'] !== undefined) body.defaultUrl = flags['default-url']
    if (flags['fallback-url'] !== undefined) body.fallbackUrl = flags['fallback-url'] || null
    if (flags.status !== undefined) body.status = flags.status as (typeof CAMPAIGN_STATUSES)[number]
    if (flags.private) body.visibility = 'private'
    if (flags.public) body.visibility = 'public'
    if (flags.featured !== undefined) body.featured = flags.featured
    if (flags.currency !== undefined) body.currency = flags.currency
    if (flags.countries !== undefined)
      body.coverageCountries = flags.countries
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean)
    if (flags['commission-variable'] !== undefined)
      body.commissionVariable = flags['commission-variable'] as CampaignChanges['commissionVariable']
    if (flags['attribution-days'] !== undefined) body.attributionWindowDays = flags['attribution-days']
    if (flags.expires !== undefined) body.expiresAt = flags.expires || null
    if (Object.keys(body).length === 0) {
      this.error('Nothing to update.', {
        exit: 2,
        suggestions: ['Give at least one field flag, e.g. --title, --status, --default-url, --expires.'],
      })
    }
    const { client } = await this.client()
    const campaign = await unwrap(campaignsUpdateCampaign({ client, path: { id: args.id }, body }))
    this.log(`Updated campaign #${campaign.id} "${campaign.title}".`)
    this.log(campaignDetails(campaign))
    return campaign
  }
}
