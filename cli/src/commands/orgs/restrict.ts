import { Args, Flags } from '@oclif/core'
import { coreSetChildRestrictions, unwrap, type CoreSetChildRestrictionsData } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { restrictionDetails } from '../../org_fields.js'

const INTEGRATIONS = ['icegaming', 'betconstruct', 'progressplay', 'apptrove'] as const
type Body = CoreSetChildRestrictionsData['body']

export default class OrgsRestrict extends AffixCommand {
  static summary =
    'Restrict a child organisation: product changes, products per brand, integrations, affiliate invoices.'
  static description =
    'Only the restrictions you name change. --disable-integration replaces the list of disabled integrations ("none" clears it).'

  static examples = [
    '<%= config.bin %> <%= command.id %> 14 --disable-product-changes --max-products-per-brand 20',
    '<%= config.bin %> <%= command.id %> 14 --disable-integration betconstruct --disable-integration apptrove',
    '<%= config.bin %> <%= command.id %> 14 --no-disable-product-changes --unlimited-products --disable-integration none --json',
  ]

  static args = {
    childId: Args.integer({ description: 'Child organisation ID', required: true, min: 1 }),
  }

  static flags = {
    'disable-product-changes': Flags.boolean({
      summary: 'Forbid adding, updating and deleting products (--no-… allows them again).',
      allowNo: true,
    }),
    'max-products-per-brand': Flags.integer({
      summary: 'At most this many products per brand.',
      min: 1,
      exclusive: ['unlimited-products'],
    }),
    'unlimited-products': Flags.boolean({ summary: 'Remove the products-per-brand limit.' }),
    'disable-integration': Flags.string({
      summary: 'An integration to switch off (repeatable; "none" for none).',
      options: [...INTEGRATIONS, 'none'],
      multiple: true,
    }),
    'disable-affiliate-invoices': Flags.boolean({
      summary: 'Forbid affiliate invoice generation (--no-… allows it again).',
      allowNo: true,
    }),
  }

  async run() {
    const { args, flags } = await this.parse(OrgsRestrict)
    const body: Body = {}
    if (flags['disable-product-changes'] !== undefined) body.disableProductChanges = flags['disable-product-changes']
    if (flags['max-products-per-brand'] !== undefined) body.maxProductsPerBrand = flags['max-products-per-brand']
    if (flags['unlimited-products']) body.maxProductsPerBrand = null
    if (flags['disable-integration']) {
      const chosen = flags['disable-integration']
      if (chosen.includes('none') && chosen.length > 1)
        this.error('"none" cannot be combined with integrations.', { exit: 2 })
      body.disabledIntegrations = chosen.filter((entry) => entry !== 'none') as Body['disabledIntegrations']
    }
    if (flags['disable-affiliate-invoices'] !== undefined)
      body.disableAffiliateInvoices = flags['disable-affiliate-invoices']
    if (!Object.keys(body).length) {
      this.error('Nothing to change.', {
        exit: 2,
        suggestions: [
          'Give at least one of --disable-product-changes, --max-products-per-brand, --unlimited-products, --disable-integration, --disable-affiliate-invoices.',
        ],
      })
    }
    const { client } = await this.client()
    const child = await unwrap(coreSetChildRestrictions({ client, path: { id: args.childId }, body }))
    this.log(`Restrictions of child organisation #${child.id} "${child.name}":`)
    this.log(restrictionDetails(child))
    return child
  }
}
