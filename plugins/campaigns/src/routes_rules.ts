import type { ApiRouter } from '@affix/core/kernel'
import { CapSchema, DeletedRuleSchema, PayoutPlanSchema, RuleBlockSchema } from './rules/schemas.js'
import {
  createCapValidator,
  createRuleBlockValidator,
  payoutValidator,
  updateCapValidator,
  updateRuleBlockValidator,
} from './rules/validators.js'

const PayoutController = () => import('./rules/payout_controller.js')
const CapsController = () => import('./rules/caps_controller.js')
const RuleBlocksController = () => import('./rules/rule_blocks_controller.js')

/** Payout plans, caps and targeting rule blocks of a campaign (spec §3–§5). */
export function rulesRoutes(api: ApiRouter) {
  api.get(
    '/campaigns/:id/payout',
    {
      name: 'getCampaignPayout',
      summary:
        "The campaign's payout plan (null while none); an affiliate gets its own payout: the plan with its override (else its primary group's) applied, no other overrides",
      response: { status: 200, data: PayoutPlanSchema },
    },
    [PayoutController, 'show']
  )
  api.put(
    '/campaigns/:id/payout',
    {
      name: 'setCampaignPayout',
      summary:
        'Set the payout plan: model cpa | cpc | cps (Rev Share) | hybrid | cumulative_deposit with its fields; rangeRules, affiliatePayouts and groupPayouts change only when sent. Model and goal change only without customers or activity (409); range rules once enabled can only be removed (rangeRules: null)',
      body: payoutValidator,
      response: { status: 200, data: PayoutPlanSchema },
    },
    [PayoutController, 'update']
  )
  api.get(
    '/campaigns/:id/caps',
    {
      name: 'listCampaignCaps',
      summary: 'Caps of a campaign (an affiliate sees the public ones)',
      response: { status: 200, data: { type: 'array', items: CapSchema } },
    },
    [CapsController, 'index']
  )
  api.get(
    '/campaigns/:id/caps/:capId',
    {
      name: 'getCampaignCap',
      summary: 'One cap of a campaign (an affiliate sees a public one)',
      response: { status: 200, data: CapSchema },
    },
    [CapsController, 'show']
  )
  api.post(
    '/campaigns/:id/caps',
    {
      name: 'createCampaignCap',
      summary: 'Add a cap: at least one limit; hourly < daily < 15-day < monthly; at most 50 a campaign',
      body: createCapValidator,
      response: { status: 201, data: CapSchema },
    },
    [CapsController, 'store']
  )
  api.patch(
    '/campaigns/:id/caps/:capId',
    {
      name: 'updateCampaignCap',
      summary: 'Update a cap (`limits`, when sent, replaces every limit)',
      body: updateCapValidator,
      response: { status: 200, data: CapSchema },
    },
    [CapsController, 'update']
  )
  api.put(
    '/campaigns/:id/caps/:capId',
    {
      name: 'replaceCampaignCap',
      summary: 'Update a cap (react-admin sends PUT)',
      body: updateCapValidator,
      response: { status: 200, data: CapSchema },
    },
    [CapsController, 'update']
  )
  api.delete(
    '/campaigns/:id/caps/:capId',
    { name: 'deleteCampaignCap', summary: 'Delete a cap', response: { status: 200, data: DeletedRuleSchema } },
    [CapsController, 'destroy']
  )
  api.get(
    '/campaigns/:id/rule-blocks',
    {
      name: 'listCampaignRuleBlocks',
      summary: 'Targeting rule blocks of a campaign (a click matches when any block matches; no blocks: every click)',
      response: { status: 200, data: { type: 'array', items: RuleBlockSchema } },
    },
    [RuleBlocksController, 'index']
  )
  api.get(
    '/campaigns/:id/rule-blocks/:blockId',
    {
      name: 'getCampaignRuleBlock',
      summary: 'One targeting rule block of a campaign',
      response: { status: 200, data: RuleBlockSchema },
    },
    [RuleBlocksController, 'show']
  )
  api.post(
    '/campaigns/:id/rule-blocks',
    {
      name: 'createCampaignRuleBlock',
      summary:
        'Add a targeting rule block: conditions on country, device, os, browser, language, ip or ip_range joined by and/or',
      body: createRuleBlockValidator,
      response: { status: 201, data: RuleBlockSchema },
    },
    [RuleBlocksController, 'store']
  )
  api.patch(
    '/campaigns/:id/rule-blocks/:blockId',
    {
      name: 'updateCampaignRuleBlock',
      summary: 'Update a targeting rule block',
      body: updateRuleBlockValidator,
      response: { status: 200, data: RuleBlockSchema },
    },
    [RuleBlocksController, 'update']
  )
  api.put(
    '/campaigns/:id/rule-blocks/:blockId',
    {
      name: 'replaceCampaignRuleBlock',
      summary: 'Update a targeting rule block (react-admin sends PUT)',
      body: updateRuleBlockValidator,
      response: { status: 200, data: RuleBlockSchema },
    },
    [RuleBlocksController, 'update']
  )
  api.delete(
    '/campaigns/:id/rule-blocks/:blockId',
    {
      name: 'deleteCampaignRuleBlock',
      summary: 'Delete a targeting rule block',
      response: { status: 200, data: DeletedRuleSchema },
    },
    [RuleBlocksController, 'destroy']
  )
}
