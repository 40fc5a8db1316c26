import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import {
  authorize,
  created,
  findScoped,
  list,
  missingIds,
  notFound,
  ok,
  paginate,
  parseList,
  rejectClearedFields,
  scoped,
  unprocessable,
  validate,
  publishInvalidation,
} from '@affix/core/kernel'
import DeepLink from '../models/deep_link.js'
import { DEEP_LINK_LIST } from '../lists.js'
import { createDeepLinkValidator, updateDeepLinkValidator } from '../validators.js'

const SCOPE = 'deep-links'

/**
 * Every route authorises first: without the organisation's `edl` flag the subject is not
 * in the caller's abilities at all, so each route answers 403 before touching a row.
 * Affiliates read the active links only.
 */
function liveLinks(ctx: HttpContext) {
  const query = scoped(ctx, DeepLink).whereNull('deleted_at')
  if (ctx.tenant.role === 'affiliate') query.where('status', 'active')
  return query
}

async function findLink(ctx: HttpContext) {
  const link = await findScoped(ctx, DeepLink, ctx.params.id)
  if (link.deletedAt || (ctx.tenant.role === 'affiliate' && link.status !== 'active')) throw notFound()
  return link
}

async function assertCampaign(ctx: HttpContext, campaignId: number | null | undefined) {
  if (!campaignId) return
  if ((await missingIds(ctx.tenant.organizationId, 'campaigns', [campaignId])).length) {
    throw unprocessable(`${SCOPE}.errors.unknown_campaign`, { fields: [{ field: 'campaignId', rule: 'exists' }] })
  }
}

export default class DeepLinksController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'deep-links', 'read')
    const parsed = parseList(ctx, DEEP_LINK_LIST)
    const page = await paginate(liveLinks(ctx), parsed, DEEP_LINK_LIST)
    return list(
      ctx,
      'deep-links',
      page.rows.map((row) => row.serialize()),
      page
    )
  }

  async show(ctx: HttpContext) {
    authorize(ctx, 'deep-links', 'read')
    return ok(ctx, (await findLink(ctx)).serialize())
  }

  async store(ctx: HttpContext) {
    authorize(ctx, 'deep-links', 'manage')
    const data = await validate(ctx, createDeepLinkValidator, SCOPE)
    await assertCampaign(ctx, data.campaignId)
    const link = await DeepLink.create({
      organizationId: ctx.tenant.organizationId,
      name: data.name,
      url: data.url,
      status: data.status ?? 'active',
      campaignId: data.campaignId ?? null,
    })
    await changed(link)
    return created(ctx, link.serialize())
  }

  async update(ctx: HttpContext) {
    authorize(ctx, 'deep-links', 'manage')
    const link = await findLink(ctx)
    rejectClearedFields(ctx, ['name', 'url'], SCOPE)
    const data = await validate(ctx, updateDeepLinkValidator, SCOPE)
    if (data.campaignId !== link.campaignId) await assertCampaign(ctx, data.campaignId)
    link.merge({
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.url !== undefined ? { url: data.url } : {}),
      ...(data.status !== undefined ? { status: data.status } : {}),
      ...(data.campaignId !== undefined ? { campaignId: data.campaignId ?? null } : {}),
    })
    await link.save()
    await changed(link)
    return ok(ctx, link.serialize())
  }

  /** Soft delete: tracking links that used it stop resolving it, history keeps the row. */
  async destroy(ctx: HttpContext) {
    authorize(ctx, 'deep-links', 'manage')
    const link = await findLink(ctx)
    link.deletedAt = DateTime.now()
    await link.save()
    await changed(link)
    return ok(ctx, { id: link.id })
  }
}

/** The click path caches a campaign's deep links: tell every node. */
function changed(link: DeepLink) {
  return publishInvalidation({ topic: 'deep-links', organizationId: link.organizationId, id: link.id })
}
