import { Args, Flags } from '@oclif/core'
import { postbacksTestPostback, postbacksTestPostbackUrl, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { testResultDetails } from '../../postback_fields.js'

const EVENTS = ['registration', 'ftd', 'qualified_cpa', 'deposit', 'commission_created'] as const

export default class PostbacksTest extends AffixCommand {
  static summary =
    'Fire a labelled test event (sample values) at a saved postback or a URL; shows the exact request and response.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12',
    "<%= config.bin %> <%= command.id %> --url 'https://t.example.com/pb?cid={click_id}' --event ftd",
    '<%= config.bin %> <%= command.id %> --url https://t.example.com/in --method post --secret s3cret --json',
  ]

  static args = {
    id: Args.integer({ description: 'A saved postback to test (or give --url).' }),
  }

  static flags = {
    url: Flags.string({ summary: 'A URL to test instead of a saved postback.' }),
    event: Flags.string({ summary: 'Event of the test (with --url).', options: [...EVENTS] }),
    method: Flags.string({ summary: 'get or post (with --url).', options: ['get', 'post'] }),
    secret: Flags.string({ summary: 'Signing secret of a JSON test (with --url).' }),
  }

  async run() {
    const { args, flags } = await this.parse(PostbacksTest)
    const { client } = await this.client()
    if (args.id === undefined && !flags.url) this.error('Give a postback id or --url.', { exit: 2 })
    const result = await unwrap(
      args.id !== undefined
        ? postbacksTestPostback({ client, path: { id: args.id } })
        : postbacksTestPostbackUrl({
            client,
            body: {
              url: flags.url!,
              event: flags.event as (typeof EVENTS)[number] | undefined,
              method: flags.method as 'get' | 'post' | undefined,
              secret: flags.secret,
            },
          })
    )
    this.log(testResultDetails(result))
    return result
  }
}
