/*
 * Access to private campaigns (spec §4 "Campaign access"): need approval → pending approval
 * → approved / rejected approval; need permission when the campaign takes no requests (the
 * network grants access directly). Public campaigns need nothing.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import {
  authorize,
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
import { accessRequestValidator } from '../validators.js'

const SCOPE = 'campaigns'
const refuse = (key: string, field = 'campaignId', rule = 'state') =>
  unprocessable(`${SCOPE}.errors.${key}`, { fields: [{ field, rule }] })

const present = (row: any) => ({
  campaignId: Number(row.campaign_id),
  campaignTitle: row.campaign_title ?? null,
  affiliateId: Number(row.affiliate_id),
  affiliateName: row.affiliate_name ?? null,
  affiliateEmail: row.affiliate_email ?? null,
  status: row.status,
  answers: row.answers ?? [],
  decidedBy: row.decided_by ?? null,
  decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  createdAt: new Date(row.created_at).toISOString(),
})

async function decide(ctx: HttpContext, status: 'approved' | 'rejected') {
  authorize(ctx, 'campaigns', 'manage')
  const campaign = await findCampaign(ctx)
  const affiliateId = Number(ctx.params.affiliateId)
  if (!Number.isSafeInteger(affiliateId) || affiliateId <= 0) throw notFound()
  if ((await missingIds(campaign.organizationId, 'affiliates', [affiliateId])).length) throw notFound()
  // A team member with assigned affiliates decides only for them.
  const { affiliateIds: visible } = await teamScopeOf(ctx)
  if (visible && !visible.includes(affiliateId)) throw notFound()
  if (campaign.visibility !== 'private') throw refuse('access_not_needed')
  const existing = await tenantQuery(ctx)
    .from('campaign_access')
    .where({ campaign_id: campaign.id, affiliate_id: affiliateId })
    .first()
  // Rejecting needs something to reject; approving without a request is the network's permission.
  if (status === 'rejected' && !existing) throw notFound()
  const now = new Date()
  await db.transaction(async (trx) => {
    await trx.rawQuery(
      `INSERT INTO campaign_access (organization_id, campaign_id, affiliate_id, status, decided_by, decided_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (campaign_id, affiliate_id) DO UPDATE SET status = EXCLUDED.status, decided_by = EXCLUDED.decided_by, decided_at = EXCLUDED.decided_at, updated_at = EXCLUDED.updated_at`,
      [campaign.organizationId, campaign.id, affiliateId, status, ctx.tenant.userId, now, now]
    )
    await recordTimeline(
      {
        organizationId: campaign.organizationId,
        campaignId: campaign.id,
        actorId: ctx.tenant.userId,
        event: status === 'approved' ? 'access_approved' : 'access_rejected',
        data: { affiliateId },
      },
      trx
    )
  })
  await publishInvalidation({ topic: 'campaigns', organizationId: campaign.organizationId, id: campaign.id })
  const row = await tenantQuery(ctx)
    .from('campaign_access')
    .where({ campaign_id: campaign.id, affiliate_id: affiliateId })
    .first()
  return ok(ctx, present({ ...row, campaign_title: campaign.title }))
}

export default class AccessController {
  /** POST /campaigns/:id/access-requests — an affiliate asks, answering the questionnaire. */
  async request(ctx: HttpContext) {
    authorize(ctx, 'campaigns.access', 'manage')
    if (ctx.tenant.role !== 'affiliate') throw forbidden()
    const campaign = await findCampaign(ctx)
    if (campaign.visibility !== 'private') throw refuse('access_not_needed')
    const existing = await tenantQuery(ctx)
      .from('campaign_access')
      .where({ campaign_id: campaign.id, affiliate_id: ctx.tenant.userId })
      .first()
    if (existing?.status === 'approved') throw refuse('access_already_approved')
    if (existing?.status === 'pending') throw refuse('access_already_requested')
    if (!existing && !campaign.accessByRequest) throw refuse('access_needs_permission')
    const { answers = [] } = await validate(ctx, accessRequestValidator, SCOPE)
    const questions = campaign.accessQuestions ?? []
    const unanswered = questions
      .map((question, index) => ({ question, index }))
      .filter(({ question, index }) => question.required && !answers[index]?.trim())
    if (unanswered.length) {
      throw unprocessable(`${SCOPE}.errors.answer_required`, {
        fields: unanswered.map(({ index }) => ({ field: `answers.${index}`, rule: 'required' })),
      })
    }
    const recorded = questions.map((question, index) => ({
      question: question.question,
      answer: answers[index]?.trim() || null,
    }))
    await db.transaction(async (trx) => {
      // Only a rejected request is asked again: a decision or request that landed since the
      // check above is never overwritten (the upsert then changes nothing).
      const stored = await trx.rawQuery(
        `INSERT INTO campaign_access (organization_id, campaign_id, affiliate_id, status, answers, updated_at)
         VALUES (?, ?, ?, 'pending', ?::jsonb, now())
         ON CONFLICT (campaign_id, affiliate_id) DO UPDATE SET status = 'pending', answers = EXCLUDED.answers, decided_by = NULL, decided_at = NULL, updated_at = now()
         WHERE campaign_access.status = 'rejected'
         RETURNING status`,
        [campaign.organizationId, campaign.id, ctx.tenant.userId, JSON.stringify(recorded)]
      )
      if (!stored.rows.length) {
        const current = await tenantQuery(ctx, trx)
          .from('campaign_access')
          .where({ campaign_id: campaign.id, affiliate_id: ctx.tenant.userId })
          .first()
        throw refuse(current?.status === 'approved' ? 'access_already_approved' : 'access_already_requested')
      }
      await recordTimeline(
        {
          organizationId: campaign.organizationId,
          campaignId: campaign.id,
          actorId: ctx.tenant.userId,
          event: 'access_requested',
          data: { affiliateId: ctx.tenant.userId },
        },
        trx
      )
    })
    await publishInvalidation({ topic: 'campaigns', organizationId: campaign.organizationId, id: campaign.id })
    const row = await tenantQuery(ctx)
      .from('campaign_access')
      .where({ campaign_id: campaign.id, affiliate_id: ctx.tenant.userId })
      .first()
    return ok(ctx, present({ ...row, campaign_title: campaign.title }))
  }

  /** GET /campaign-access-requests — the network's inbox (newest first, at most 500). */
  async index(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const status = ctx.request.input('status')
    const campaignId = Number(ctx.request.input('campaignId'))
    if (status !== undefined && !['pending', 'approved', 'rejected'].includes(status))
      throw refuse('unknown_access_status', 'status', 'enum')
    const { affiliateIds: visible, campaigns } = await teamScopeOf(ctx)
    const rows = await db
      .from('campaign_access as access')
      .join('campaigns', 'campaigns.id', 'access.campaign_id')
      .where('access.organization_id', ctx.tenant.organizationId)
      .whereNull('campaigns.deleted_at')
      .if(status, (query) => query.where('access.status', status))
      .if(Number.isSafeInteger(campaignId) && campaignId > 0, (query) => query.where('access.campaign_id', campaignId))
      // Team members see the requests of their affiliates and campaigns only.
      .if(visible, (query) => query.whereIn('access.affiliate_id', visible!.length ? visible! : [0]))
      .if(campaigns, (query) => query.whereIn('access.campaign_id', campaigns!.length ? campaigns! : [0]))
      .orderBy('access.updated_at', 'desc')
      .limit(500)
      .select('access.*', 'campaigns.title as campaign_title')
    const affiliates = await findPanels(
      rows.map((row) => Number(row.affiliate_id)),
      { organizationId: ctx.tenant.organizationId }
    )
    return ok(
      ctx,
      rows
        .filter((row) => affiliates.has(Number(row.affiliate_id)))
        .map((row) => {
          const affiliate = affiliates.get(Number(row.affiliate_id))!
          return present({ ...row, affiliate_name: affiliate.name, affiliate_email: affiliate.email })
        })
    )
  }

  async approve(ctx: HttpContext) {
    return decide(ctx, 'approved')
  }

  async reject(ctx: HttpContext) {
    return decide(ctx, 'rejected')
  }
}
