import { Flags } from '@oclif/core'
import { rowFilterFlags, statusActionArgs, StatusActionCommand } from '../../payout_fields.js'

export default class PayoutsHold extends StatusActionCommand {
  static summary = 'Hold commission rows for review, by ID or by filter.'

  static description = 'A held row is neither approved nor paid until it is approved again. A paid row cannot be held.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 120 121 --reason "checking the traffic"',
    '<%= config.bin %> <%= command.id %> --affiliate 7 --period 2026-11 --json',
  ]

  static args = statusActionArgs
  static strict = false
  static flags = {
    ...rowFilterFlags,
    reason: Flags.string({ summary: 'Why (kept in the row’s history).' }),
  }

  protected readonly action = 'hold'

  async run() {
    const { argv, flags } = await this.parse(PayoutsHold)
    return this.apply(argv, flags)
  }
}
