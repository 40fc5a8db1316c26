import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { missingIds, publishInvalidation, resourceController, scoped, unprocessable } from '@affix/core/kernel'
import DeepLink from '../models/deep_link.js'
import { DEEP_LINK_LIST } from '../lists.js'
import { createDeepLinkValidator, updateDeepLinkValidator } from '../validators.js'

async function assertCampaign(ctx: HttpContext, campaignId: number | null | undefined) {
  if (!campaignId) return
  if ((await missingIds(ctx.tenant.organizationId, 'campaigns', [campaignId])).length) {
    throw unprocessable('deep-links.errors.unknown_campaign', { fields: [{ field: 'campaignId', rule: 'exists' }] })
  }
}

/**
 * Every route authorises first: without the organisation's `edl` flag the subject is not
 * in the caller's abilities at all, so each route answers 403 before touching a row.
 * Affiliates read the active links only.
 */
export default class DeepLinksController extends resourceController({
  pluginId: 'deep-links',
  model: DeepLink,
  list: DEEP_LINK_LIST,
  query(ctx) {
    const query = scoped(ctx, DeepLink).whereNull('deleted_at')
    if (ctx.tenant.role === 'affiliate') query.where('status', 'active')
    return query
  },
  create: {
    validator: createDeepLinkValidator,
    async save(ctx, data) {
      await assertCampaign(ctx, data.campaignId)
      return DeepLink.create({
        organizationId: ctx.tenant.organizationId,
        name: data.name,
        url: data.url,
        status: data.status ?? 'active',
        campaignId: data.campaignId ?? null,
      })
    },
  },
  update: {
    validator: updateDeepLinkValidator,
    required: ['name', 'url'],
    async save(ctx, link, data) {
      if (data.campaignId !== link.campaignId) await assertCampaign(ctx, data.campaignId)
      link.merge({
        ...(data.name !== undefined ? { name: data.name } : {}),
        ...(data.url !== undefined ? { url: data.url } : {}),
        ...(data.status !== undefined ? { status: data.status } : {}),
        ...(data.campaignId !== undefined ? { campaignId: data.campaignId ?? null } : {}),
      })
      await link.save()
    },
  },
  /** Soft delete: tracking links that used it stop resolving it, history keeps the row. */
  async destroy(_ctx, link) {
    link.deletedAt = DateTime.now()
    await link.save()
  },
  /** The click path caches a campaign's deep links: tell every node. */
  changed: (_ctx, link) =>
    publishInvalidation({ topic: 'deep-links', organizationId: link.organizationId, id: link.id }),
}) {}
