import { Flags } from '@oclif/core'
import { postbacksCreatePostback, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderDetails } from '../../output.js'

const EVENTS = ['registration', 'ftd', 'qualified_cpa', 'deposit', 'commission_created'] as const

export default class PostbacksCreate extends AffixCommand {
  static summary = 'Add a postback: a GET URL with macros, or a signed JSON POST (its secret is shown once).'

  static examples = [
    "<%= config.bin %> <%= command.id %> --name Tracker --affiliate 12 --event ftd --url 'https://t.example.com/pb?cid={click_id}&amount={amount}'",
    '<%= config.bin %> <%= command.id %> --name Feed --event registration --event ftd --method post --url https://bi.example.com/in',
    "<%= config.bin %> <%= command.id %> --name Mine --event deposit --campaign 4 --url 'https://t.example.com/pb?c={click_id}' --json",
  ]

  static flags = {
    name: Flags.string({ summary: 'Name shown in the lists.', required: true }),
    url: Flags.string({
      summary: 'Receiver URL; a GET URL needs one of {click_id}, {customer_id}, {txn_id}, {event_id}.',
      required: true,
    }),
    event: Flags.string({
      summary: 'Event that fires it (repeatable).',
      options: [...EVENTS],
      multiple: true,
      required: true,
    }),
    affiliate: Flags.integer({
      summary: "The affiliate's postback (omit for the network's global one; affiliates: always their own).",
    }),
    campaign: Flags.integer({
      summary: 'Only for this campaign (repeatable; default every campaign).',
      multiple: true,
    }),
    method: Flags.string({ summary: 'get: URL with macros; post: signed JSON.', options: ['get', 'post'] }),
    status: Flags.string({ summary: 'Status.', options: ['active', 'inactive'] }),
  }

  async run() {
    const { flags } = await this.parse(PostbacksCreate)
    const { client } = await this.client()
    const postback = await unwrap(
      postbacksCreatePostback({
        client,
        body: {
          name: flags.name,
          url: flags.url,
          events: flags.event as Array<(typeof EVENTS)[number]>,
          affiliateId: flags.affiliate,
          campaignIds: flags.campaign,
          method: flags.method as 'get' | 'post' | undefined,
          status: flags.status as 'active' | 'inactive' | undefined,
        },
      })
    )
    this.log(`Created postback #${postback.id}.`)
    this.log(
      renderDetails([
        ['ID', postback.id],
        ['Name', postback.name],
        ['Affiliate', postback.affiliateId ?? 'global'],
        ['Events', postback.events.join(', ')],
        ['Method', postback.method.toUpperCase()],
        ['URL', postback.url],
        ['Status', postback.status],
        ...(postback.secret ? ([['Secret (shown once)', postback.secret]] as Array<[string, string]>) : []),
      ])
    )
    return postback
  }
}
