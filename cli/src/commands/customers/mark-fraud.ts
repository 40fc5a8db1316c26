import { Args, Flags } from '@oclif/core'
import { customersMarkCustomerFraud, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class CustomersMarkFraud extends AffixCommand {
  static summary = 'Mark a customer as fraud: all of its activity becomes fraud. This cannot be undone.'

  static description =
    'Its commissions in open periods are denied and those already closed are clawed back by the commission engine. Ask for it with --yes: there is no way back.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 42 --yes',
    '<%= config.bin %> <%= command.id %> 42 --reason "bonus abuse" --yes --json',
  ]

  static args = { id: Args.integer({ description: 'Customer ID', required: true }) }

  static flags = {
    reason: Flags.string({ summary: 'Why (kept in the audit trail).' }),
    yes: Flags.boolean({ summary: 'Confirm: a fraud mark cannot be undone.' }),
  }

  async run() {
    const { args, flags } = await this.parse(CustomersMarkFraud)
    if (!flags.yes)
      this.error('A fraud mark cannot be undone.', {
        exit: 2,
        suggestions: [`Run it again with --yes to mark customer ${args.id} as fraud.`],
      })
    const { client } = await this.client()
    const customer = await unwrap(
      customersMarkCustomerFraud({ client, path: { id: args.id }, body: flags.reason ? { reason: flags.reason } : {} })
    )
    this.log(`Customer ${customer.id} (${customer.cuid}) is marked as fraud, with all of its activity.`)
    return customer
  }
}
