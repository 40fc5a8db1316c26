import { Args, Flags } from '@oclif/core'
import { campaignsCreateCampaignLink, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

type LinkBody = NonNullable<Parameters<typeof campaignsCreateCampaignLink>[0]['body']>

export default class CampaignsLink extends AffixCommand {
  static summary = "Get an affiliate's tracking link for a campaign."
  static description =
    'Admins and team members choose the affiliate (--affiliate); an affiliate always gets its own link. Tracking parameters are given as --param p1=value --param sub2=value --param source=value. Refused for a blocked affiliate or one without access to a private campaign.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12 --affiliate 40',
    '<%= config.bin %> <%= command.id %> 12 --affiliate 40 --param p1=summer --param source=facebook --short',
    '<%= config.bin %> <%= command.id %> 12 --deep-link 3 --json',
  ]

  static args = {
    id: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  static flags = {
    affiliate: Flags.integer({ summary: 'Affiliate ID (admins and team members).', min: 1 }),
    param: Flags.string({
      summary: 'A tracking parameter name=value (p1..p10, sub1..sub10, source); repeatable.',
      multiple: true,
    }),
    'deep-link': Flags.integer({ summary: 'Deep link ID: clicks land on its URL.', min: 1 }),
    short: Flags.boolean({
      summary: 'Also make a short link (--no-short to skip the campaign default).',
      allowNo: true,
    }),
  }

  async run() {
    const { args, flags } = await this.parse(CampaignsLink)
    const body: LinkBody = { affiliateId: flags.affiliate, deepLinkId: flags['deep-link'], shortLink: flags.short }
    const allowed = /^(p(10|[1-9])|sub(10|[1-9])|source)$/
    for (const entry of flags.param ?? []) {
      const at = entry.indexOf('=')
      const name = at > 0 ? entry.slice(0, at) : ''
      if (!allowed.test(name))
        this.error(`Unknown tracking parameter "${entry}"`, {
          exit: 2,
          suggestions: ['Use name=value with p1..p10, sub1..sub10 or source.'],
        })
      ;(body as Record<string, unknown>)[name] = entry.slice(at + 1)
    }
    const { client } = await this.client()
    const link = await unwrap(campaignsCreateCampaignLink({ client, path: { id: args.id }, body }))
    this.log(link.url)
    if (link.shortUrl) this.log(link.shortUrl)
    return link
  }
}
