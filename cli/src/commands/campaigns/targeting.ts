import { Args, Flags } from '@oclif/core'
import {
  campaignsCreateCampaignRuleBlock,
  campaignsDeleteCampaignRuleBlock,
  campaignsListCampaignRuleBlocks,
  campaignsUpdateCampaignRuleBlock,
  unwrap,
} from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderTable } from '../../output.js'
import { readJson } from './payout.js'

type RuleBlock = NonNullable<Awaited<ReturnType<typeof campaignsListCampaignRuleBlocks>>['data']>['data'][number]

function blockTable(blocks: RuleBlock[]): string {
  if (!blocks.length) return 'No targeting rule blocks: every click is redirected.'
  return renderTable(blocks, [
    { header: 'ID', value: (block) => block.id },
    { header: 'Name', value: (block) => block.name },
    { header: 'Logic', value: (block) => block.logic },
    {
      header: 'Conditions',
      value: (block) =>
        block.conditions
          .map((condition) => `${condition.field} ${condition.operator} ${condition.values.join('|')}`)
          .join(`; `),
    },
  ])
}

export default class CampaignsTargeting extends AffixCommand {
  static summary = 'List, add, change or delete the targeting rule blocks of a campaign.'

  static description =
    'A click is redirected when it matches any block (no block: every click); otherwise it goes to the fallback URL with reason "targeting". --add and --update take a JSON file (`-` for standard input) such as {"name":"Brazil mobile","logic":"and","conditions":[{"field":"country","operator":"in","values":["BR"]},{"field":"device","operator":"in","values":["mobile"]}]}. Fields: country, device, os, browser, language, ip, ip_range; operators: in, not_in.'

  static examples = [
    '<%= config.bin %> <%= command.id %> 12',
    '<%= config.bin %> <%= command.id %> 12 --add block.json',
    '<%= config.bin %> <%= command.id %> 12 --update 3 --file block.json --json',
    '<%= config.bin %> <%= command.id %> 12 --delete 3',
  ]

  static args = {
    id: Args.integer({ description: 'Campaign ID', required: true, min: 1 }),
  }

  static flags = {
    add: Flags.string({ summary: 'JSON file of a rule block to add.', exclusive: ['update', 'delete'] }),
    update: Flags.integer({
      summary: 'ID of the rule block to change (with --file).',
      min: 1,
      exclusive: ['add', 'delete'],
      dependsOn: ['file'],
    }),
    file: Flags.string({ summary: 'JSON file of the changes (with --update).' }),
    delete: Flags.integer({ summary: 'ID of the rule block to delete.', min: 1, exclusive: ['add', 'update'] }),
  }

  async run() {
    const { args, flags } = await this.parse(CampaignsTargeting)
    const path = { id: args.id }
    if (flags.add !== undefined) {
      const body = await readJson(this, flags.add)
      const { client } = await this.client()
      const block = await unwrap(campaignsCreateCampaignRuleBlock({ client, path, body: body as never }))
      this.log(`Added rule block #${block.id}.`)
      this.log(blockTable([block]))
      return block
    }
    if (flags.update !== undefined) {
      const body = await readJson(this, flags.file!)
      const { client } = await this.client()
      const block = await unwrap(
        campaignsUpdateCampaignRuleBlock({ client, path: { ...path, blockId: flags.update }, body: body as never })
      )
      this.log(`Updated rule block #${block.id}.`)
      this.log(blockTable([block]))
      return block
    }
    const { client } = await this.client()
    if (flags.delete !== undefined) {
      const deleted = await unwrap(
        campaignsDeleteCampaignRuleBlock({ client, path: { ...path, blockId: flags.delete } })
      )
      this.log(`Deleted rule block #${deleted.id}.`)
      return deleted
    }
    const blocks = await unwrap(campaignsListCampaignRuleBlocks({ client, path }))
    this.log(blockTable(blocks))
    return blocks
  }
}
