import { Args } from '@oclif/core'
import { fraudDeleteFraudRule, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class FraudDelete extends AffixCommand {
  static summary = 'Delete an anti-fraud rule.'

  static examples = ['<%= config.bin %> <%= command.id %> 7', '<%= config.bin %> <%= command.id %> 7 --json']

  static args = {
    id: Args.integer({ description: 'Fraud rule ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(FraudDelete)
    const { client } = await this.client()
    const deleted = await unwrap(fraudDeleteFraudRule({ client, path: { id: args.id } }))
    this.log(`Deleted fraud rule #${deleted.id}.`)
    return deleted
  }
}
