import { Flags } from '@oclif/core'
import { deepLinksCreateDeepLink, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderDetails } from '../../output.js'

export default class DeepLinksCreate extends AffixCommand {
  static summary = 'Create a deep link (needs the organisation feature edl).'

  static examples = [
    '<%= config.bin %> <%= command.id %> --name "Sportsbook" --url https://brand.example/sports',
    '<%= config.bin %> <%= command.id %> --name "Live casino" --url https://brand.example/live --status inactive --json',
  ]

  static flags = {
    name: Flags.string({ summary: 'Deep link name (at most 350 characters).', required: true }),
    url: Flags.string({ summary: 'Landing URL (http or https).', required: true }),
    status: Flags.string({ summary: 'Status.', options: ['active', 'inactive'] }),
    campaign: Flags.integer({ summary: 'Campaign ID the deep link belongs to.', min: 1 }),
  }

  async run() {
    const { flags } = await this.parse(DeepLinksCreate)
    const { client } = await this.client()
    const link = await unwrap(
      deepLinksCreateDeepLink({
        client,
        body: {
          name: flags.name,
          url: flags.url,
          status: flags.status as 'active' | 'inactive' | undefined,
          campaignId: flags.campaign,
        },
      })
    )
    this.log(`Created deep link #${link.id} "${link.name}".`)
    this.log(
      renderDetails([
        ['ID', link.id],
        ['Name', link.name],
        ['URL', link.url],
        ['Status', link.status],
        ['Campaign', link.campaignId],
        ['Created', link.createdAt],
      ])
    )
    return link
  }
}
