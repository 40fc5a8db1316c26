import { Args, Flags } from '@oclif/core'
import { postbacksResendFailedPostbacks, postbacksResendPostback, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class PostbacksResend extends AffixCommand {
  static summary = 'Send again the delivery of one log line, or every failed delivery of a time range (same event_id).'

  static examples = [
    '<%= config.bin %> <%= command.id %> 345',
    '<%= config.bin %> <%= command.id %> --from 2026-11-24T00:00:00Z --to 2026-11-25T00:00:00Z',
    '<%= config.bin %> <%= command.id %> --from 2026-11-24T00:00:00Z --to 2026-11-25T00:00:00Z --postback 12 --json',
  ]

  static args = {
    id: Args.integer({ description: 'A postback log line (attempt) whose delivery is sent again.' }),
  }

  static flags = {
    from: Flags.string({ summary: 'Start of the range (ISO 8601), with --to.' }),
    to: Flags.string({ summary: 'End of the range (ISO 8601), with --from.' }),
    postback: Flags.integer({ summary: 'Only this postback (with --from/--to).' }),
  }

  async run() {
    const { args, flags } = await this.parse(PostbacksResend)
    const { client } = await this.client()
    if (args.id === undefined && !(flags.from && flags.to))
      this.error('Give a log line id, or --from and --to.', { exit: 2 })
    const result = await unwrap(
      args.id !== undefined
        ? postbacksResendPostback({ client, path: { id: args.id } })
        : postbacksResendFailedPostbacks({
            client,
            body: { from: flags.from!, to: flags.to!, targetId: flags.postback },
          })
    )
    this.log(`Queued ${result.deliveries} ${result.deliveries === 1 ? 'delivery' : 'deliveries'} again.`)
    return result
  }
}
