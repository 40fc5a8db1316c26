import { Args } from '@oclif/core'
import { brandsDeleteBrand, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

export default class BrandsDelete extends AffixCommand {
  static summary = 'Delete a brand and its products.'
  static description = 'A soft delete: the brand and its products disappear from lists and can no longer be changed.'

  static examples = ['<%= config.bin %> <%= command.id %> 12', '<%= config.bin %> <%= command.id %> 12 --json']

  static args = {
    id: Args.integer({ description: 'Brand ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(BrandsDelete)
    const { client } = await this.client()
    const deleted = await unwrap(brandsDeleteBrand({ client, path: { id: args.id } }))
    this.log(`Deleted brand #${deleted.id}.`)
    return deleted
  }
}
