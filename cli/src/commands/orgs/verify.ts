import { Args } from '@oclif/core'
import { superadminVerifyAccount, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { accountDetails } from '../../org_fields.js'

export default class OrgsVerify extends AffixCommand {
  static summary =
    "Verify an organisation and activate its owner's pending panel (superadmin; running it again changes nothing)."

  static examples = ['<%= config.bin %> <%= command.id %> 42', '<%= config.bin %> <%= command.id %> 42 --json']

  static args = {
    id: Args.integer({ description: 'Organisation ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(OrgsVerify)
    const { client } = await this.client()
    const account = await unwrap(superadminVerifyAccount({ client, path: { id: args.id } }))
    this.log(`Verified organisation #${account.id} "${account.name}".`)
    this.log(accountDetails(account))
    return account
  }
}
