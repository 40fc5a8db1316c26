import { Args, Flags } from '@oclif/core'
import {
  campaignsCreateCampaignCap,
  campaignsDeleteCampaignCap,
  campaignsListCampaignCaps,
  campaignsUpdateCampaignCap,
  unwrap,
} from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderTable } from '../../output.js'
import { readJson } from './payout.js'

type Cap = NonNullable<Awaited<ReturnType<typeof campaignsListCampaignCaps>>['data']>['data'][number]
const PERIODS = ['hourly', 'daily', 'fifteenDays', 'monthly', 'lifetime'] as const

function capTable(caps: Cap[]): string {
  if (!caps.length) return 'No caps.'
  return renderTable(caps, [
    { header: 'ID', value: (cap) => cap.id },
    { header: 'Variable', value: (cap) => cap.variable },
    { header: 'Type', value: (cap) => cap.type },
    { header: 'Visibility', value: (cap) => cap.visibility },
    { header: 'Action', value: (cap) => cap.action },
    ...PERIODS.map((period) => ({ header: period, value: (cap: Cap) => cap.limits[period] ?? '' })),
  ])
}

export default class CampaignsCaps extends AffixCommand {
  static summary = 'List, add, change or delete the caps of a campaign.'

  static description =
    'Without flags, lists the caps (an affiliate sees the public ones). --add and --update take a JSON file (`-` for standard input) such as {"variable":"clicks","type":"combined","visibility":"public","action":"reject_activity","limits":{"daily":1000,"monthly":20000}}; with --update, `limits` replaces every limit.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12',
    '<%= config.bin %> <%= command.id %> 12 --add cap.json',
    '<%= config.bin %> <%= command.id %> 12 --update 5 --file cap.json --json',
    '<%= config.bin %> <%= command.id %> 12 --delete 5',
  ]

  static args = {
    id: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  static flags = {
    add: Flags.string({ summary: 'JSON file of a cap to add.', exclusive: ['update', 'delete'] }),
    update: Flags.integer({
      summary: 'ID of the cap to change (with --file).',
      min: 1,
      exclusive: ['add', 'delete'],
      dependsOn: ['file'],
    }),
    file: Flags.string({ summary: 'JSON file of the changes (with --update).' }),
    delete: Flags.integer({ summary: 'ID of the cap to delete.', min: 1, exclusive: ['add', 'update'] }),
  }

  async run() {
    const { args, flags } = await this.parse(CampaignsCaps)
    const path = { id: args.id }
    if (flags.add !== undefined) {
      const body = await readJson(this, flags.add)
      const { client } = await this.client()
      const cap = await unwrap(campaignsCreateCampaignCap({ client, path, body: body as never }))
      this.log(`Added cap #${cap.id}.`)
      this.log(capTable([cap]))
      return cap
    }
    if (flags.update !== undefined) {
      const body = await readJson(this, flags.file!)
      const { client } = await this.client()
      const cap = await unwrap(
        campaignsUpdateCampaignCap({ client, path: { ...path, capId: flags.update }, body: body as never })
      )
      this.log(`Updated cap #${cap.id}.`)
      this.log(capTable([cap]))
      return cap
    }
    const { client } = await this.client()
    if (flags.delete !== undefined) {
      const deleted = await unwrap(campaignsDeleteCampaignCap({ client, path: { ...path, capId: flags.delete } }))
      this.log(`Deleted cap #${deleted.id}.`)
      return deleted
    }
    const caps = await unwrap(campaignsListCampaignCaps({ client, path }))
    this.log(capTable(caps))
    return caps
  }
}
