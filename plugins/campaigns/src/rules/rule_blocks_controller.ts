/*
 * Targeting rule blocks of a campaign (spec §3 "rule block": name, conditions, logic):
 * GET|POST /campaigns/:id/rule-blocks, GET|PATCH|PUT|DELETE /campaigns/:id/rule-blocks/:blockId.
 * How blocks are evaluated: targeting.ts. Managers only (not shown to affiliates). At most
 * 50 blocks a campaign, 20 conditions a block, 500 values a condition.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { created, notFound, ok, tenantQuery, rejectClearedFields, unprocessable, validate } from '@affix/core/kernel'
import { recordTimeline } from '../services/timeline.js'
import type { TargetingCondition } from '../types.js'
import { checkConditions, Failures } from './checks.js'
import { MAX_RULE_BLOCKS_PER_CAMPAIGN } from './constants.js'
import { campaignToChange, campaignToRead, changed, childId, SCOPE } from './guards.js'
import { createRuleBlockValidator, updateRuleBlockValidator } from './validators.js'

type Row = Record<string, any>

function present(row: Row) {
  return {
    id: Number(row.id),
    campaignId: Number(row.campaign_id),
    name: row.name,
    logic: row.logic,
    conditions: row.conditions ?? [],
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

async function findBlock(ctx: HttpContext, campaignId: number) {
  const id = childId(ctx, 'blockId')
  const row = id
    ? await tenantQuery(ctx).from('campaign_rule_blocks').where({ id, campaign_id: campaignId }).first()
    : null
  if (!row) throw notFound()
  return row as Row
}

function checked(ctx: HttpContext, conditions: TargetingCondition[]) {
  const failures = new Failures()
  checkConditions(conditions, failures)
  failures.throwIfAny(ctx)
  return conditions.map(({ field, operator, values }) => ({ field, operator, values }))
}

const timeline = (
  campaign: { organizationId: number; id: number },
  ctx: HttpContext,
  blockId: number,
  change: string
) => ({
  organizationId: campaign.organizationId,
  campaignId: campaign.id,
  actorId: ctx.tenant.userId,
  event: 'updated' as const,
  data: { part: 'rule_blocks', blockId, change },
})

export default class RuleBlocksController {
  async index(ctx: HttpContext) {
    const campaign = await campaignToRead(ctx, { affiliates: false })
    const rows = await tenantQuery(ctx).from('campaign_rule_blocks').where('campaign_id', campaign.id).orderBy('id')
    return ok(ctx, rows.map(present))
  }

  async show(ctx: HttpContext) {
    const campaign = await campaignToRead(ctx, { affiliates: false })
    return ok(ctx, present(await findBlock(ctx, campaign.id)))
  }

  async store(ctx: HttpContext) {
    const campaign = await campaignToChange(ctx)
    const input = await validate(ctx, createRuleBlockValidator, SCOPE)
    const conditions = checked(ctx, input.conditions as TargetingCondition[])
    const row = await db.transaction(async (trx) => {
      await tenantQuery(ctx, trx).from('campaigns').where('id', campaign.id).forUpdate().select('id')
      const [{ count }] = await tenantQuery(ctx, trx)
        .from('campaign_rule_blocks')
        .where('campaign_id', campaign.id)
        .count('* as count')
      if (Number(count) >= MAX_RULE_BLOCKS_PER_CAMPAIGN)
        throw unprocessable(`${SCOPE}.errors.too_many_blocks`, { max: MAX_RULE_BLOCKS_PER_CAMPAIGN })
      const [inserted] = await trx
        .insertQuery()
        .table('campaign_rule_blocks')
        .insert({
          organization_id: campaign.organizationId,
          campaign_id: campaign.id,
          name: input.name,
          logic: input.logic,
          conditions: JSON.stringify(conditions),
        })
        .returning('*')
      await recordTimeline(timeline(campaign, ctx, Number(inserted.id), 'created'), trx)
      return inserted
    })
    await changed(campaign)
    return created(ctx, present(row))
  }

  async update(ctx: HttpContext) {
    const campaign = await campaignToChange(ctx)
    const saved = await findBlock(ctx, campaign.id)
    rejectClearedFields(ctx, ['name', 'logic', 'conditions'], SCOPE)
    const input = await validate(ctx, updateRuleBlockValidator, SCOPE)
    const conditions = input.conditions ? checked(ctx, input.conditions as TargetingCondition[]) : undefined
    const row = await db.transaction(async (trx) => {
      const [updated] = await tenantQuery(ctx, trx)
        .from('campaign_rule_blocks')
        .where('id', saved.id)
        .update({
          ...(input.name ? { name: input.name } : {}),
          ...(input.logic ? { logic: input.logic } : {}),
          ...(conditions ? { conditions: JSON.stringify(conditions) } : {}),
          updated_at: new Date(),
        })
        .returning('*')
      if (!updated) throw notFound()
      await recordTimeline(timeline(campaign, ctx, Number(saved.id), 'updated'), trx)
      return updated
    })
    await changed(campaign)
    return ok(ctx, present(row))
  }

  async destroy(ctx: HttpContext) {
    const campaign = await campaignToChange(ctx)
    const saved = await findBlock(ctx, campaign.id)
    await db.transaction(async (trx) => {
      await tenantQuery(ctx, trx).from('campaign_rule_blocks').where('id', saved.id).delete()
      await recordTimeline(timeline(campaign, ctx, Number(saved.id), 'deleted'), trx)
    })
    await changed(campaign)
    return ok(ctx, { id: Number(saved.id) })
  }
}
