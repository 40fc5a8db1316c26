import { Flags } from '@oclif/core'
import { coreUpdateOrganization, unwrap, type CoreUpdateOrganizationData } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { organizationDetails } from '../../org_fields.js'

type Preferences = NonNullable<CoreUpdateOrganizationData['body']['preferences']>

export default class OrgsUpdate extends AffixCommand {
  static summary = "Change your organisation's name or preferences (the others are kept)."
  static description = 'The timezone cannot be changed here: contact your account manager.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --name "Lucky Star Network"',
    '<%= config.bin %> <%= command.id %> --currency EUR --language pt --week-start-day sunday',
    '<%= config.bin %> <%= command.id %> --theme-color "#6a1b9a" --default-report-days 7 --json',
  ]

  static flags = {
    name: Flags.string({ summary: 'Organisation name.' }),
    currency: Flags.string({ summary: 'Currency code, e.g. BRL, EUR, USD.' }),
    language: Flags.string({ summary: 'Default language.', options: ['en', 'pt', 'tr'] }),
    'theme-color': Flags.string({
      summary: 'Theme colour: purple, blue, green, red, orange, teal, pink, indigo or #rrggbb.',
    }),
    'week-start-day': Flags.string({
      summary: 'First day of the week.',
      options: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
    }),
    'default-report-days': Flags.integer({ summary: 'Days shown by default in reports (1-365).' }),
    'mask-customer-id': Flags.boolean({
      summary: 'Mask customer IDs in reports (--no-mask-customer-id to show them).',
      allowNo: true,
    }),
  }

  async run() {
    const { flags } = await this.parse(OrgsUpdate)
    const preferences: Preferences = {
      currency: flags.currency,
      language: flags.language as Preferences['language'],
      themeColor: flags['theme-color'],
      weekStartDay: flags['week-start-day'] as Preferences['weekStartDay'],
      defaultReportDays: flags['default-report-days'],
      maskCustomerId: flags['mask-customer-id'],
    }
    const given = Object.fromEntries(
      Object.entries(preferences).filter(([, value]) => value !== undefined)
    ) as Preferences
    const body: CoreUpdateOrganizationData['body'] = {
      ...(flags.name !== undefined ? { name: flags.name } : {}),
      ...(Object.keys(given).length ? { preferences: given } : {}),
    }
    if (!Object.keys(body).length) {
      this.error('Nothing to update.', {
        exit: 2,
        suggestions: [
          'Give at least one of --name, --currency, --language, --theme-color, --week-start-day, --default-report-days, --mask-customer-id.',
        ],
      })
    }
    const { client } = await this.client()
    const org = await unwrap(coreUpdateOrganization({ client, body }))
    this.log(`Updated organisation #${org.id} "${org.name}".`)
    this.log(organizationDetails(org))
    return org
  }
}
