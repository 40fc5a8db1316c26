import { Args } from '@oclif/core'
import { brandsGetBrand, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { brandDetails } from '../../brand_fields.js'

export default class BrandsGet extends AffixCommand {
  static summary = 'Show one brand.'

  static examples = ['<%= config.bin %> <%= command.id %> 12', '<%= config.bin %> <%= command.id %> 12 --json']

  static args = {
    id: Args.integer({ description: 'Brand ID', required: true, min: 1 }),
  }

  async run() {
    const { args } = await this.parse(BrandsGet)
    const { client } = await this.client()
    const brand = await unwrap(brandsGetBrand({ client, path: { id: args.id } }))
    this.log(brandDetails(brand))
    return brand
  }
}
