import { Args, Flags } from '@oclif/core'
import { mediaGetBannerCode, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class MediaBannerCode extends AffixCommand {
  static summary = "An affiliate's tracking link and banner code (HTML and script) for a media."
  static description =
    'Admins and team members name the affiliate with --affiliate-id; an affiliate always gets its own code. Print only one part with --html, --js or --link (handy for piping into a file).'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12 --affiliate-id 345',
    '<%= config.bin %> <%= command.id %> 12 --affiliate-id 345 --campaign-id 7 --html > banner.html',
    '<%= config.bin %> <%= command.id %> 12 --json',
  ]

  static args = {
    id: Args.integer({ description: 'Media ID', required: true, min: 1 }),
  }

  static flags = {
    'affiliate-id': Flags.integer({ summary: 'The affiliate (required unless you are the affiliate).', min: 1 }),
    'campaign-id': Flags.integer({ summary: 'The campaign of the tracking link.', min: 1 }),
    html: Flags.boolean({ summary: 'Print only the HTML.', exclusive: ['js', 'link'] }),
    js: Flags.boolean({ summary: 'Print only the script.', exclusive: ['html', 'link'] }),
    link: Flags.boolean({ summary: 'Print only the tracking link.', exclusive: ['html', 'js'] }),
  }

  async run() {
    const { args, flags } = await this.parse(MediaBannerCode)
    const { client } = await this.client()
    const code = await unwrap(
      mediaGetBannerCode({
        client,
        path: { id: args.id },
        query: { affiliateId: flags['affiliate-id'], campaignId: flags['campaign-id'] },
      })
    )
    if (flags.html) this.log(code.html)
    else if (flags.js) this.log(code.js)
    else if (flags.link) this.log(code.trackingLink)
    else {
      this.log(`Tracking link:\n${code.trackingLink}\n`)
      this.log(`HTML:\n${code.html}\n`)
      this.log(`Script:\n<script>${code.js}</script>`)
    }
    return code
  }
}
