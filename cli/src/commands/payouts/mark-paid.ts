import { Flags } from '@oclif/core'
import { rowFilterFlags, statusActionArgs, StatusActionCommand } from '../../payout_fields.js'

export default class PayoutsMarkPaid extends StatusActionCommand {
  static summary = 'Mark approved rows of closed periods paid by hand, with a payment reference.'

  static description =
    'For payouts made outside Affix (a bank transfer, a wallet): the reference is kept on each row and in its history. Only approved rows of closed periods can be marked paid; a paid row never changes again.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 120 121 --reference "WIRE-2026-11-07"',
    '<%= config.bin %> <%= command.id %> --affiliate 7 --period 2026-10 --status approved --reference TX-991 --json',
  ]

  static args = statusActionArgs
  static strict = false
  static flags = {
    ...rowFilterFlags,
    reference: Flags.string({ summary: 'The payment reference (e.g. the transfer ID).', required: true }),
  }

  protected readonly action = 'pay'

  async run() {
    const { argv, flags } = await this.parse(PayoutsMarkPaid)
    return this.apply(argv, flags)
  }
}
