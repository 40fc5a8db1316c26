import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { brandNames, findBrandRef, liveProductIdsOfBrand } from '@affix/brands/contracts'
import {
  authorize,
  created,
  exportList,
  list,
  missingIds,
  notFound,
  ok,
  organizationPreferences,
  paginate,
  parseList,
  publishInvalidation,
  rejectClearedFields,
  scoped,
  teamScopeOf,
  tenantQuery,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import Campaign from '../models/campaign.js'
import { AFFILIATE_CAMPAIGN_LIST, CAMPAIGN_LIST } from '../lists.js'
import { recordTimeline } from '../services/timeline.js'
import {
  campaignStatusValidator,
  createCampaignValidator,
  featuredValidator,
  updateCampaignValidator,
} from '../validators.js'
import { groupsOfCampaigns, replaceCampaignGroups } from '../services/groups.js'
import { campaignHasActivity } from '../services/activity.js'

const SCOPE = 'campaigns'
const refuse = (key: string, field: string, rule: string) =>
  unprocessable(`${SCOPE}.errors.${key}`, { fields: [{ field, rule }] })

/**
 * The campaigns the caller may see: live ones of the organisation; a team member limited to
 * chosen campaigns sees those; an affiliate sees the public ones (private ones need access,
 * which comes with access requests).
 */
async function visibleCampaigns(ctx: HttpContext) {
  const { campaigns } = await teamScopeOf(ctx)
  // Returned inside an object: awaiting a query builder would run it.
  return {
    query: () => {
      const query = scoped(ctx, Campaign).whereNull('deleted_at')
      // Affiliates see public and private campaigns (to ask for access), never one they are blocked from.
      if (ctx.tenant.role === 'affiliate') {
        // tenancy: correlated to the organisation's campaigns of the outer query
        query.whereNotExists((blocked) =>
          blocked
            .from('campaign_blocked_affiliates')
            .whereColumn('campaign_blocked_affiliates.campaign_id', 'campaigns.id')
            .where('campaign_blocked_affiliates.affiliate_id', ctx.tenant.userId)
        )
      }
      if (campaigns) query.whereIn('id', campaigns.length ? campaigns : [0])
      return query
    },
  }
}

export async function findCampaign(ctx: HttpContext) {
  const id = Number(ctx.params.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
  const campaign = await (await visibleCampaigns(ctx)).query().where('id', id).first()
  if (!campaign) throw notFound()
  return campaign
}

/** The brand must be a live brand of the organisation (spec §8 for a deleted one). */
async function assertBrand(ctx: HttpContext, brandId: number) {
  const brand = await findBrandRef(ctx.tenant.organizationId, brandId)
  if (!brand) throw refuse('unknown_brand', 'brandId', 'exists')
  if (brand.deleted) throw refuse('deleted_brand', 'brandId', 'deleted')
}

async function assertProducts(ctx: HttpContext, brandId: number, productIds: number[] | undefined) {
  if (!productIds?.length) return
  const live = await liveProductIdsOfBrand(ctx.tenant.organizationId, brandId, productIds)
  if (productIds.some((id) => !live.has(id))) throw refuse('unknown_product', 'productIds', 'exists')
}

async function assertGroups(
  ctx: HttpContext,
  primaryGroupId: number | null | undefined,
  groupIds: number[] | undefined
) {
  const all = [...(primaryGroupId ? [primaryGroupId] : []), ...(groupIds ?? [])]
  if (!all.length) return
  const unknown = await missingIds(ctx.tenant.organizationId, 'affiliate-groups', all)
  if (unknown.length)
    throw unprocessable(`${SCOPE}.errors.unknown_groups`, {
      ids: unknown.join(', '),
      fields: [
        { field: primaryGroupId && unknown.includes(primaryGroupId) ? 'primaryGroupId' : 'groupIds', rule: 'exists' },
      ],
    })
}

/** A concurrent save of the same external id hits the unique index. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw refuse('external_id_taken', 'externalId', 'unique')
    throw error
  }
}

const changed = (ctx: HttpContext, id?: number) =>
  publishInvalidation({ topic: 'campaigns', organizationId: ctx.tenant.organizationId, id })

type AccessStatus = 'approved' | 'need_approval' | 'pending_approval' | 'rejected_approval' | 'need_permission'

/** Where the calling affiliate stands on each campaign (spec §4 "Campaign access"). */
async function accessStatuses(ctx: HttpContext, campaigns: Campaign[]): Promise<Map<number, AccessStatus>> {
  const rows = campaigns.length
    ? await tenantQuery(ctx)
        .from('campaign_access')
        .where('affiliate_id', ctx.tenant.userId)
        .whereIn(
          'campaign_id',
          campaigns.map((campaign) => campaign.id)
        )
        .select('campaign_id', 'status')
    : []
  const byCampaign = new Map(rows.map((row) => [Number(row.campaign_id), row.status as string]))
  const mapped: Record<string, AccessStatus> = {
    approved: 'approved',
    pending: 'pending_approval',
    rejected: 'rejected_approval',
  }
  return new Map(
    campaigns.map((campaign): [number, AccessStatus] => {
      if (campaign.visibility === 'public') return [campaign.id, 'approved']
      const status = byCampaign.get(campaign.id)
      return [campaign.id, status ? mapped[status] : campaign.accessByRequest ? 'need_approval' : 'need_permission']
    })
  )
}

/**
 * Campaigns as the caller may see them, with their brand's name (affiliates may not read
 * brands): an affiliate gets its view and its access status.
 */
async function presentAll(ctx: HttpContext, campaigns: Campaign[]): Promise<Array<Record<string, unknown>>> {
  const names = await brandNames(
    ctx.tenant.organizationId,
    campaigns.map((campaign) => campaign.brandId)
  )
  const brandName = (campaign: Campaign) => names.get(campaign.brandId) ?? null
  if (ctx.tenant.role !== 'affiliate') {
    const groups = await groupsOfCampaigns(campaigns.map((campaign) => campaign.id))
    return campaigns.map((campaign) => ({
      ...campaign.serialize(),
      brandName: brandName(campaign),
      ...groups.get(campaign.id)!,
    }))
  }
  const statuses = await accessStatuses(ctx, campaigns)
  return campaigns.map((campaign) => ({
    ...campaign.serializeForAffiliate(),
    brandName: brandName(campaign),
    accessStatus: statuses.get(campaign.id)!,
  }))
}

export default class CampaignsController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'read')
    const options = ctx.tenant.role === 'affiliate' ? AFFILIATE_CAMPAIGN_LIST : CAMPAIGN_LIST
    const parsed = parseList(ctx, options)
    const page = await paginate((await visibleCampaigns(ctx)).query(), parsed, options)
    return list(ctx, 'campaigns', await presentAll(ctx, page.rows), page)
  }

  async export(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    return exportList(ctx, {
      pluginId: 'campaigns',
      resource: 'campaigns',
      query: (await visibleCampaigns(ctx)).query(),
      list: CAMPAIGN_LIST,
      columns: [
        { header: 'id', value: (campaign) => campaign.id },
        { header: 'title', value: (campaign) => campaign.title },
        { header: 'brand_id', value: (campaign) => campaign.brandId },
        { header: 'status', value: (campaign) => campaign.status },
        { header: 'visibility', value: (campaign) => campaign.visibility },
        { header: 'default_url', value: (campaign) => campaign.defaultUrl },
        { header: 'currency', value: (campaign) => campaign.currency },
        { header: 'commission_variable', value: (campaign) => campaign.commissionVariable },
        { header: 'external_id', value: (campaign) => campaign.externalId },
        { header: 'expires_at', value: (campaign) => campaign.expiresAt },
        { header: 'created_at', value: (campaign) => campaign.createdAt },
      ],
    })
  }

  async show(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'read')
    return ok(ctx, (await presentAll(ctx, [await findCampaign(ctx)]))[0])
  }

  async store(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const data = await validate(ctx, createCampaignValidator, SCOPE)
    await assertBrand(ctx, data.brandId)
    await assertProducts(ctx, data.brandId, data.productIds)
    const preferences = await organizationPreferences(ctx.tenant.organizationId)
    await assertGroups(ctx, data.primaryGroupId, data.groupIds)
    const { primaryGroupId, groupIds, expiresAt, ...fields } = data
    const campaign = await saving(() =>
      db.transaction(async (trx) => {
        const row = await Campaign.create(
          {
            ...fields,
            organizationId: ctx.tenant.organizationId,
            status: data.status ?? 'active',
            visibility: data.visibility ?? 'public',
            commissionVariable: data.commissionVariable ?? 'ftd',
            currency: data.currency ?? preferences.currency,
            coverageCountries: data.coverageCountries ?? [],
            productIds: data.productIds ?? [],
            expiresAt: expiresAt ? DateTime.fromJSDate(expiresAt) : null,
          },
          { client: trx }
        )
        await replaceCampaignGroups(trx, row, primaryGroupId, groupIds ?? [])
        await recordTimeline(
          {
            organizationId: row.organizationId,
            campaignId: row.id,
            actorId: ctx.tenant.userId,
            event: 'created',
            data: { status: row.status },
          },
          trx
        )
        return row
      })
    )
    await changed(ctx, campaign.id)
    return created(ctx, (await presentAll(ctx, [campaign]))[0])
  }

  async update(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const campaign = await findCampaign(ctx)
    // Spec §6/§8: nothing of a campaign whose brand is deleted may change.
    await assertBrand(ctx, campaign.brandId)
    rejectClearedFields(ctx, ['title', 'brandId', 'defaultUrl'], SCOPE)
    const data = await validate(ctx, updateCampaignValidator, SCOPE)
    const brandId = data.brandId ?? campaign.brandId
    if (brandId !== campaign.brandId) await assertBrand(ctx, brandId)
    await assertProducts(
      ctx,
      brandId,
      data.productIds ?? (brandId !== campaign.brandId ? campaign.productIds : undefined)
    )
    if (data.primaryGroupId !== undefined || data.groupIds !== undefined)
      await assertGroups(ctx, data.primaryGroupId, data.groupIds)
    // Spec §4: the commission variable changes only while the campaign has no customers or activity.
    if (
      data.commissionVariable !== undefined &&
      data.commissionVariable !== campaign.commissionVariable &&
      (await campaignHasActivity(campaign.organizationId, campaign.id))
    )
      throw refuse('commission_variable_locked', 'commissionVariable', 'locked')
    const { expiresAt, primaryGroupId, groupIds, ...rest } = data
    const before = campaign.status
    const fields = Object.keys(data).filter(
      (key) => (data as Record<string, unknown>)[key] !== undefined && key !== 'status'
    )
    campaign.merge(Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)))
    if (expiresAt !== undefined) campaign.expiresAt = expiresAt ? DateTime.fromJSDate(expiresAt) : null
    await saving(() =>
      db.transaction(async (trx) => {
        campaign.useTransaction(trx)
        await campaign.save()
        if (primaryGroupId !== undefined || groupIds !== undefined) {
          const current = (await groupsOfCampaigns([campaign.id])).get(campaign.id)!
          await replaceCampaignGroups(
            trx,
            campaign,
            primaryGroupId === undefined ? current.primaryGroupId : primaryGroupId,
            groupIds ?? current.groupIds.filter((groupId) => groupId !== current.primaryGroupId)
          )
        }
        const entry = { organizationId: campaign.organizationId, campaignId: campaign.id, actorId: ctx.tenant.userId }
        if (campaign.status !== before)
          await recordTimeline({ ...entry, event: 'status_changed', data: { from: before, to: campaign.status } }, trx)
        if (fields.length) await recordTimeline({ ...entry, event: 'updated', data: { fields } }, trx)
      })
    )
    await changed(ctx, campaign.id)
    return ok(ctx, (await presentAll(ctx, [campaign]))[0])
  }

  async destroy(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const campaign = await findCampaign(ctx)
    await assertBrand(ctx, campaign.brandId)
    // The deletion and its timeline line commit together.
    await db.transaction(async (trx) => {
      campaign.useTransaction(trx)
      campaign.deletedAt = DateTime.now()
      await campaign.save()
      await recordTimeline(
        {
          organizationId: campaign.organizationId,
          campaignId: campaign.id,
          actorId: ctx.tenant.userId,
          event: 'deleted',
        },
        trx
      )
    })
    await changed(ctx, campaign.id)
    return ok(ctx, { id: campaign.id })
  }

  /** All or nothing: an unknown id or a campaign of a deleted brand refuses the whole change. */
  async setStatus(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const { ids, status, reason } = await validate(ctx, campaignStatusValidator, SCOPE)
    const visible = await visibleCampaigns(ctx)
    const rows = await visible.query().whereIn('id', ids)
    if (rows.length !== ids.length) throw refuse('unknown_campaign', 'ids', 'exists')
    for (const row of rows) await assertBrand(ctx, row.brandId)
    await db.transaction(async (trx) => {
      await tenantQuery(ctx, trx).from('campaigns').whereIn('id', ids).update({ status, updated_at: new Date() })
      for (const row of rows.filter((candidate) => candidate.status !== status)) {
        await recordTimeline(
          {
            organizationId: row.organizationId,
            campaignId: row.id,
            actorId: ctx.tenant.userId,
            event: 'status_changed',
            data: { from: row.status, to: status, ...(reason ? { reason } : {}) },
          },
          trx
        )
      }
    })
    await changed(ctx)
    return ok(ctx, { updated: rows.length })
  }

  /** GET /campaigns/featured: the featured campaigns the caller may see (dashboard, affiliates' home). */
  async featured(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'read')
    const rows = await (await visibleCampaigns(ctx)).query().where('featured', true).orderBy('title').limit(100)
    return ok(ctx, await presentAll(ctx, rows))
  }

  /** POST /campaigns/featured {ids, featured}: (un)feature several campaigns at once. */
  async setFeatured(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'manage')
    const { ids, featured } = await validate(ctx, featuredValidator, SCOPE)
    const visible = await visibleCampaigns(ctx)
    const rows = await visible.query().whereIn('id', ids)
    if (rows.length !== ids.length) throw refuse('unknown_campaign', 'ids', 'exists')
    for (const row of rows) await assertBrand(ctx, row.brandId)
    await db.transaction(async (trx) => {
      await tenantQuery(ctx, trx).from('campaigns').whereIn('id', ids).update({ featured, updated_at: new Date() })
      for (const row of rows.filter((candidate) => candidate.featured !== featured))
        await recordTimeline(
          {
            organizationId: row.organizationId,
            campaignId: row.id,
            actorId: ctx.tenant.userId,
            event: 'featured_changed',
            data: { featured },
          },
          trx
        )
    })
    await changed(ctx)
    return ok(ctx, { updated: rows.length })
  }
}
