/*
 * What sits beside a campaign: notes, the timeline and the blocked affiliates. Each route
 * first finds the campaign as the caller may see it (tenant, team scope), so a foreign or
 * hidden campaign is a 404 here too.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import {
  authorize,
  created,
  findPanels,
  forbidden,
  missingIds,
  notFound,
  ok,
  publishInvalidation,
  teamScopeOf,
  unprocessable,
  validate,
  tenantQuery,
} from '@affix/core/kernel'
import { findCampaign } from './campaigns_controller.js'
import { recordTimeline } from '../services/timeline.js'
import { blockedAffiliatesValidator, campaignGroupsValidator, noteValidator } from '../validators.js'
import { campaignGroups, replaceCampaignGroups } from '../services/groups.js'

const SCOPE = 'campaigns'

export default class CampaignDetailsController {
  async notes(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const campaign = await findCampaign(ctx)
    const rows = await tenantQuery(ctx)
      .from('campaign_notes as note')
      .where('note.campaign_id', campaign.id)
      .orderBy('note.created_at', 'desc')
      .orderBy('note.id', 'desc')
      .select('note.id', 'note.body', 'note.author_id', 'note.created_at')
    const authors = await findPanels(rows.map((row) => Number(row.author_id)))
    return ok(
      ctx,
      rows.map((row) => ({
        id: Number(row.id),
        body: row.body,
        authorId: row.author_id,
        authorName: authors.get(Number(row.author_id))?.name ?? null,
        createdAt: new Date(row.created_at).toISOString(),
      }))
    )
  }

  async addNote(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const campaign = await findCampaign(ctx)
    const { body } = await validate(ctx, noteValidator, SCOPE)
    const [row] = await db
      .insertQuery()
      .table('campaign_notes')
      .insert({
        organization_id: campaign.organizationId,
        campaign_id: campaign.id,
        author_id: ctx.tenant.userId,
        body,
      })
      .returning(['id', 'created_at'])
    return created(ctx, {
      id: Number(row.id),
      body,
      authorId: ctx.tenant.userId,
      authorName: ctx.tenant.user.name ?? null,
      createdAt: new Date(row.created_at).toISOString(),
    })
  }

  async deleteNote(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const campaign = await findCampaign(ctx)
    const noteId = Number(ctx.params.noteId)
    if (!Number.isSafeInteger(noteId) || noteId <= 0) throw notFound()
    const deleted = await tenantQuery(ctx)
      .from('campaign_notes')
      .where({ id: noteId, campaign_id: campaign.id })
      .delete()
    if (!deleted) throw notFound()
    return ok(ctx, { id: noteId })
  }

  async timeline(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const campaign = await findCampaign(ctx)
    const rows = await tenantQuery(ctx)
      .from('campaign_timeline as entry')
      .where('entry.campaign_id', campaign.id)
      .orderBy('entry.id', 'desc')
      .limit(500)
      .select('entry.id', 'entry.event', 'entry.data', 'entry.actor_id', 'entry.created_at')
    const actors = await findPanels(rows.map((row) => Number(row.actor_id)))
    return ok(
      ctx,
      rows.map((row) => ({
        id: Number(row.id),
        event: row.event,
        data: row.data,
        actorId: row.actor_id,
        actorName: actors.get(Number(row.actor_id))?.name ?? null,
        createdAt: new Date(row.created_at).toISOString(),
      }))
    )
  }

  async blockedAffiliates(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const campaign = await findCampaign(ctx)
    const { affiliateIds: visible } = await teamScopeOf(ctx)
    const rows = await tenantQuery(ctx)
      .from('campaign_blocked_affiliates')
      .where('campaign_id', campaign.id)
      .if(visible, (query) => query.whereIn('affiliate_id', visible!.length ? visible! : [0]))
      .orderBy('affiliate_id')
      .select('affiliate_id')
    return ok(ctx, { affiliateIds: rows.map((row) => Number(row.affiliate_id)) })
  }

  /** Replaces the whole list (react-admin sends the full selection). */
  async setBlockedAffiliates(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const campaign = await findCampaign(ctx)
    const { affiliateIds } = await validate(ctx, blockedAffiliatesValidator, SCOPE)
    // A team member with assigned affiliates replaces only their part of the list.
    const { affiliateIds: visible } = await teamScopeOf(ctx)
    const unknown = [
      ...new Set([
        ...(await missingIds(campaign.organizationId, 'affiliates', affiliateIds)),
        ...(visible ? affiliateIds.filter((id) => !visible.includes(id)) : []),
      ]),
    ]
    if (unknown.length)
      throw unprocessable(`${SCOPE}.errors.unknown_affiliates`, {
        ids: unknown.join(', '),
        fields: [{ field: 'affiliateIds', rule: 'exists' }],
      })
    await db.transaction(async (trx) => {
      await tenantQuery(ctx, trx)
        .from('campaign_blocked_affiliates')
        .where('campaign_id', campaign.id)
        .if(visible, (query) => query.whereIn('affiliate_id', visible!.length ? visible! : [0]))
        .delete()
      if (affiliateIds.length) {
        await trx
          .insertQuery()
          .table('campaign_blocked_affiliates')
          .multiInsert(
            affiliateIds.map((affiliateId) => ({
              organization_id: campaign.organizationId,
              campaign_id: campaign.id,
              affiliate_id: affiliateId,
            }))
          )
      }
      await recordTimeline(
        {
          organizationId: campaign.organizationId,
          campaignId: campaign.id,
          actorId: ctx.tenant.userId,
          event: 'blocked_affiliates_changed',
          data: { affiliateIds },
        },
        trx
      )
    })
    await publishInvalidation({ topic: 'campaigns', organizationId: campaign.organizationId, id: campaign.id })
    return ok(ctx, { affiliateIds })
  }

  async groups(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'read')
    // Which groups a campaign targets is the network's business, not an affiliate's.
    if (ctx.tenant.role === 'affiliate') throw forbidden()
    const campaign = await findCampaign(ctx)
    return ok(ctx, await campaignGroups(campaign.id))
  }

  /** Replaces the campaign's groups; the primary one is always among them. */
  async setGroups(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const campaign = await findCampaign(ctx)
    const data = await validate(ctx, campaignGroupsValidator, SCOPE)
    const groupIds = [...new Set([...(data.primaryGroupId ? [data.primaryGroupId] : []), ...data.groupIds])]
    const unknown = await missingIds(campaign.organizationId, 'affiliate-groups', groupIds)
    if (unknown.length)
      throw unprocessable(`${SCOPE}.errors.unknown_groups`, {
        ids: unknown.join(', '),
        fields: [{ field: 'groupIds', rule: 'exists' }],
      })
    await db.transaction(async (trx) => {
      await replaceCampaignGroups(trx, campaign, data.primaryGroupId, groupIds)
      await recordTimeline(
        {
          organizationId: campaign.organizationId,
          campaignId: campaign.id,
          actorId: ctx.tenant.userId,
          event: 'groups_changed',
          data: { primaryGroupId: data.primaryGroupId ?? null, groupIds },
        },
        trx
      )
    })
    await publishInvalidation({ topic: 'campaigns', organizationId: campaign.organizationId, id: campaign.id })
    return ok(ctx, await campaignGroups(campaign.id))
  }
}
