import { rowFilterFlags, statusActionArgs, StatusActionCommand } from '../../payout_fields.js'

export default class PayoutsApprove extends StatusActionCommand {
  static summary = 'Approve commission rows of closed periods, by ID or by filter.'

  static description =
    'Rows named by ID are approved all or none: if one may not be (a denied row, one waiting for a rate, one of an open period), nothing changes and the server says which and why. Rows chosen by filter are approved where they may; the others are counted by reason.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 120 121 122',
    '<%= config.bin %> <%= command.id %> --period 2026-10 --status unapproved --json',
  ]

  static args = statusActionArgs
  static strict = false
  static flags = { ...rowFilterFlags }
  protected readonly action = 'approve'

  async run() {
    const { argv, flags } = await this.parse(PayoutsApprove)
    return this.apply(argv, flags)
  }
}
