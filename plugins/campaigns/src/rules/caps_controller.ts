/*
 * Caps of a campaign (spec §3 Cap, §5): GET|POST /campaigns/:id/caps,
 * GET|PATCH|PUT|DELETE /campaigns/:id/caps/:capId. An affiliate reads the public caps only
 * (spec §6). At most 50 caps a campaign.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { created, notFound, ok, tenantQuery, rejectClearedFields, unprocessable, validate } from '@affix/core/kernel'
import { recordTimeline } from '../services/timeline.js'
import { checkCapLimits, Failures, type CapLimits } from './checks.js'
import { CAP_LIMIT_COLUMNS, CAP_LIMITS, MAX_CAPS_PER_CAMPAIGN } from './constants.js'
import { campaignToChange, campaignToRead, changed, childId, SCOPE } from './guards.js'
import { createCapValidator, updateCapValidator } from './validators.js'

type Row = Record<string, any>

export function limitsOf(row: Row): Record<string, number | null> {
  return Object.fromEntries(
    CAP_LIMITS.map((period) => [
      period,
      row[CAP_LIMIT_COLUMNS[period]] === null ? null : Number(row[CAP_LIMIT_COLUMNS[period]]),
    ])
  )
}

function present(row: Row) {
  return {
    id: Number(row.id),
    campaignId: Number(row.campaign_id),
    variable: row.variable,
    type: row.type,
    visibility: row.visibility,
    action: row.action,
    limits: limitsOf(row),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

const limitColumns = (limits: CapLimits) =>
  Object.fromEntries(CAP_LIMITS.map((period) => [CAP_LIMIT_COLUMNS[period], limits[period] ?? null]))

async function findCap(ctx: HttpContext, campaignId: number) {
  const id = childId(ctx, 'capId')
  const row = id ? await tenantQuery(ctx).from('campaign_caps').where({ id, campaign_id: campaignId }).first() : null
  if (!row) throw notFound()
  return row as Row
}

export default class CapsController {
  async index(ctx: HttpContext) {
    const campaign = await campaignToRead(ctx, { affiliates: true })
    const query = tenantQuery(ctx).from('campaign_caps').where('campaign_id', campaign.id).orderBy('id')
    if (ctx.tenant.role === 'affiliate') query.where('visibility', 'public')
    return ok(ctx, (await query).map(present))
  }

  async show(ctx: HttpContext) {
    const campaign = await campaignToRead(ctx, { affiliates: true })
    const row = await findCap(ctx, campaign.id)
    if (ctx.tenant.role === 'affiliate' && row.visibility !== 'public') throw notFound()
    return ok(ctx, present(row))
  }

  async store(ctx: HttpContext) {
    const campaign = await campaignToChange(ctx)
    const input = await validate(ctx, createCapValidator, SCOPE)
    const failures = new Failures()
    checkCapLimits(input.limits ?? {}, failures)
    failures.throwIfAny(ctx)
    const row = await db.transaction(async (trx) => {
      // Serialises concurrent creates of one campaign so the limit holds.
      await tenantQuery(ctx, trx).from('campaigns').where('id', campaign.id).forUpdate().select('id')
      const [{ count }] = await tenantQuery(ctx, trx)
        .from('campaign_caps')
        .where('campaign_id', campaign.id)
        .count('* as count')
      if (Number(count) >= MAX_CAPS_PER_CAMPAIGN)
        throw unprocessable(`${SCOPE}.errors.too_many_caps`, { max: MAX_CAPS_PER_CAMPAIGN })
      const [inserted] = await trx
        .insertQuery()
        .table('campaign_caps')
        .insert({
          organization_id: campaign.organizationId,
          campaign_id: campaign.id,
          variable: input.variable,
          type: input.type,
          visibility: input.visibility,
          action: input.action,
          ...limitColumns(input.limits ?? {}),
        })
        .returning('*')
      await recordTimeline(
        {
          organizationId: campaign.organizationId,
          campaignId: campaign.id,
          actorId: ctx.tenant.userId,
          event: 'updated',
          data: { part: 'caps', capId: Number(inserted.id), change: 'created' },
        },
        trx
      )
      return inserted
    })
    await changed(campaign)
    return created(ctx, present(row))
  }

  async update(ctx: HttpContext) {
    const campaign = await campaignToChange(ctx)
    const saved = await findCap(ctx, campaign.id)
    rejectClearedFields(ctx, ['variable', 'type', 'visibility', 'action', 'limits'], SCOPE)
    const input = await validate(ctx, updateCapValidator, SCOPE)
    const limits: CapLimits = input.limits ?? limitsOf(saved)
    const failures = new Failures()
    checkCapLimits(limits, failures)
    failures.throwIfAny(ctx)
    const changes = {
      ...(input.variable ? { variable: input.variable } : {}),
      ...(input.type ? { type: input.type } : {}),
      ...(input.visibility ? { visibility: input.visibility } : {}),
      ...(input.action ? { action: input.action } : {}),
      ...limitColumns(limits),
      updated_at: new Date(),
    }
    const row = await db.transaction(async (trx) => {
      const [updated] = await tenantQuery(ctx, trx)
        .from('campaign_caps')
        .where('id', saved.id)
        .update(changes)
        .returning('*')
      if (!updated) throw notFound()
      await recordTimeline(
        {
          organizationId: campaign.organizationId,
          campaignId: campaign.id,
          actorId: ctx.tenant.userId,
          event: 'updated',
          data: { part: 'caps', capId: Number(saved.id), change: 'updated' },
        },
        trx
      )
      return updated
    })
    await changed(campaign)
    return ok(ctx, present(row))
  }

  async destroy(ctx: HttpContext) {
    const campaign = await campaignToChange(ctx)
    const saved = await findCap(ctx, campaign.id)
    await db.transaction(async (trx) => {
      await tenantQuery(ctx, trx).from('campaign_caps').where('id', saved.id).delete()
      await recordTimeline(
        {
          organizationId: campaign.organizationId,
          campaignId: campaign.id,
          actorId: ctx.tenant.userId,
          event: 'updated',
          data: { part: 'caps', capId: Number(saved.id), change: 'deleted' },
        },
        trx
      )
    })
    await changed(campaign)
    return ok(ctx, { id: Number(saved.id) })
  }
}
