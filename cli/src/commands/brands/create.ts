import { Flags } from '@oclif/core'
import { brandsCreateBrand, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { brandBody, brandDetails, brandFieldFlags } from '../../brand_fields.js'

export default class BrandsCreate extends AffixCommand {
  static summary = 'Create a brand.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --name "Golden Reels"',
    '<%= config.bin %> <%= command.id %> --name "Golden Reels" --email partners@goldenreels.example --website https://goldenreels.example --status inactive',
    '<%= config.bin %> <%= command.id %> --name "Golden Reels" --website https://goldenreels.example --json',
  ]

  static flags = {
    name: Flags.string({ summary: 'Brand name (unique in your organisation).', required: true }),
    ...brandFieldFlags,
  }

  async run() {
    const { flags } = await this.parse(BrandsCreate)
    const { client } = await this.client()
    const brand = await unwrap(brandsCreateBrand({ client, body: { ...brandBody(flags), name: flags.name } }))
    this.log(`Created brand #${brand.id} "${brand.name}".`)
    this.log(brandDetails(brand))
    return brand
  }
}
