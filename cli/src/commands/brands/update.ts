import { Args, Flags } from '@oclif/core'
import { brandsUpdateBrand, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { brandBody, brandDetails, brandFieldFlags } from '../../brand_fields.js'

export default class BrandsUpdate extends AffixCommand {
  static summary = 'Change some fields of a brand (the others are kept).'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12 --status inactive',
    '<%= config.bin %> <%= command.id %> 12 --name "Golden Reels Casino" --website https://goldenreels.example',
    '<%= config.bin %> <%= command.id %> 12 --email "" --json',
  ]

  static args = {
    id: Args.integer({ description: 'Brand ID', required: true, min: 1 }),
  }

  static flags = {
    name: Flags.string({ summary: 'New brand name.' }),
    ...brandFieldFlags,
  }

  async run() {
    const { args, flags } = await this.parse(BrandsUpdate)
    const body = brandBody(flags)
    if (Object.keys(body).length === 0) {
      this.error('Nothing to update.', {
        exit: 2,
        suggestions: ['Give at least one of --name, --email, --website, --contact, --status.'],
      })
    }
    const { client } = await this.client()
    const brand = await unwrap(brandsUpdateBrand({ client, path: { id: args.id }, body }))
    this.log(`Updated brand #${brand.id} "${brand.name}".`)
    this.log(brandDetails(brand))
    return brand
  }
}
