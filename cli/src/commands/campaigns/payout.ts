import { readFile } from 'node:fs/promises'
import { Args, Flags } from '@oclif/core'
import { campaignsGetCampaignPayout, campaignsSetCampaignPayout, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderDetails } from '../../output.js'

type Plan = NonNullable<Awaited<ReturnType<typeof campaignsGetCampaignPayout>>['data']>['data']

function planDetails(plan: Plan): string {
  if (!plan) return 'No payout plan yet.'
  const fields = ['cpaPayout', 'cpaCdP', 'cpaFtdP', 'cpaRegP', 'cpaDP', 'cpsFtdP', 'cpsNgrP', 'cpsDP'] as const
  return renderDetails([
    ['Model', plan.model === 'cps' ? 'cps (Rev Share)' : plan.model],
    ['Goal', plan.goal ?? ''],
    ...fields.filter((field) => plan[field] != null).map((field): [string, string] => [field, String(plan[field])]),
    ['Default payout', plan.defaultPayout ?? ''],
    ['Rules', plan.rules.length],
    ['Range rules', plan.rangeRules?.enabled ? `enabled, ${plan.rangeRules.ranges?.length ?? 0}` : 'off'],
    ['Affiliate payouts', plan.affiliatePayouts.length],
    ['Group payouts', plan.groupPayouts.length],
  ])
}

export default class CampaignsPayout extends AffixCommand {
  static summary = "Show or set a campaign's payout plan."

  static description =
    'Without --set, shows the plan (an affiliate sees its own payout). With --set, replaces the plan with the JSON of a file (`-` reads standard input), as PUT /campaigns/{id}/payout takes it: {"model":"cpa","goal":"ftd","cpaPayout":"50.00",...}. rangeRules, affiliatePayouts and groupPayouts change only when present.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12',
    '<%= config.bin %> <%= command.id %> 12 --json',
    '<%= config.bin %> <%= command.id %> 12 --set plan.json',
    'echo \'{"model":"cps","cpsNgrP":"30"}\' | <%= config.bin %> <%= command.id %> 12 --set -',
  ]

  static args = {
    id: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  static flags = {
    set: Flags.string({ summary: 'JSON file with the plan to save (`-` for standard input).' }),
  }

  async run() {
    const { args, flags } = await this.parse(CampaignsPayout)
    const body = flags.set === undefined ? undefined : await readJson(this, flags.set)
    const { client } = await this.client()
    const plan = body
      ? await unwrap(campaignsSetCampaignPayout({ client, path: { id: args.id }, body: body as never }))
      : await unwrap(campaignsGetCampaignPayout({ client, path: { id: args.id } }))
    if (body) this.log(`Saved the payout plan of campaign #${args.id}.`)
    this.log(planDetails(plan))
    return plan
  }
}

/** A JSON object from a file or standard input; bad input exits 2 before any call. */
export async function readJson(command: AffixCommand, path: string): Promise<Record<string, unknown>> {
  let raw: string
  try {
    raw = path === '-' ? await readStdin() : await readFile(path, 'utf8')
  } catch {
    command.error(`Cannot read ${path}.`, { exit: 2 })
  }
  try {
    const value = JSON.parse(raw)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value
  } catch {
    // reported below
  }
  command.error(`${path} must hold a JSON object.`, { exit: 2 })
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}
