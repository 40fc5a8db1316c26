import { Flags } from '@oclif/core'
import { rowFilterFlags, statusActionArgs, StatusActionCommand } from '../../payout_fields.js'

export default class PayoutsDeny extends StatusActionCommand {
  static summary = 'Deny commission rows, by ID or by filter, with a reason.'

  static description =
    'The reason is required and kept in the row’s history, which the affiliate sees. A paid row cannot be denied.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 120 --reason "duplicate player"',
    '<%= config.bin %> <%= command.id %> --affiliate 7 --period 2026-10 --reason "traffic source not allowed" --json',
  ]

  static args = statusActionArgs
  static strict = false
  static flags = {
    ...rowFilterFlags,
    reason: Flags.string({ summary: 'Why the rows are denied (shown to the affiliate).', required: true }),
  }

  protected readonly action = 'deny'

  async run() {
    const { argv, flags } = await this.parse(PayoutsDeny)
    return this.apply(argv, flags)
  }
}
