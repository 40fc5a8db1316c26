import { Args, Flags } from '@oclif/core'
import {
  postbacksResendFailedWebhooks,
  postbacksResendWebhook,
  postbacksResendWebhookDeadLetter,
  unwrap,
} from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class WebhooksResend extends AffixCommand {
  static summary =
    'Send again the delivery of one webhook log line, one dead letter, or every failed delivery of a time range (same event id).'

  static examples = [
    '<%= config.bin %> <%= command.id %> 345',
    '<%= config.bin %> <%= command.id %> --dead-letter 88',
    '<%= config.bin %> <%= command.id %> --from 2026-11-24T00:00:00Z --to 2026-11-25T00:00:00Z --webhook 4 --json',
  ]

  static args = {
    id: Args.integer({ description: 'A webhook log line (attempt) whose delivery is sent again.' }),
  }

  static flags = {
    'dead-letter': Flags.integer({ summary: 'A dead letter (delivery id, from `webhooks dead-letters`).' }),
    from: Flags.string({ summary: 'Start of the range (ISO 8601), with --to.' }),
    to: Flags.string({ summary: 'End of the range (ISO 8601), with --from.' }),
    webhook: Flags.integer({ summary: 'Only this webhook (with --from/--to).' }),
  }

  async run() {
    const { args, flags } = await this.parse(WebhooksResend)
    const ways = [args.id !== undefined, flags['dead-letter'] !== undefined, Boolean(flags.from && flags.to)]
    if (ways.filter(Boolean).length !== 1)
      this.error('Give one of: a log line id, --dead-letter, or --from and --to.', { exit: 2 })
    const { client } = await this.client()
    const result = await unwrap(
      args.id !== undefined
        ? postbacksResendWebhook({ client, path: { id: args.id } })
        : flags['dead-letter'] !== undefined
          ? postbacksResendWebhookDeadLetter({ client, path: { id: flags['dead-letter'] } })
          : postbacksResendFailedWebhooks({
              client,
              body: { from: flags.from!, to: flags.to!, targetId: flags.webhook },
            })
    )
    this.log(`Queued ${result.deliveries} ${result.deliveries === 1 ? 'delivery' : 'deliveries'} again.`)
    return result
  }
}
