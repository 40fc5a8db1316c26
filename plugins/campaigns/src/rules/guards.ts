/*
 * Finding the campaign a rules route works on: as the caller may see it (tenant, team
 * scope, an affiliate never a campaign it is blocked from — a 404 otherwise), and for a
 * change, a manager of campaigns on a campaign whose brand is not deleted (spec §6/§8).
 */
import type { HttpContext } from '@adonisjs/core/http'
import { findBrandRef } from '@affix/brands/contracts'
import { authorize, forbidden, publishInvalidation, unprocessable } from '@affix/core/kernel'
import { findCampaign } from '../controllers/campaigns_controller.js'

export const SCOPE = 'campaign_rules'

export async function campaignToRead(ctx: HttpContext, { affiliates }: { affiliates: boolean }) {
  authorize(ctx, 'campaigns', 'read')
  if (!affiliates && ctx.tenant.role === 'affiliate') throw forbidden()
  return findCampaign(ctx)
}

export async function campaignToChange(ctx: HttpContext) {
  authorize(ctx, 'campaigns', 'manage')
  if (ctx.tenant.role === 'affiliate') throw forbidden()
  const campaign = await findCampaign(ctx)
  const brand = await findBrandRef(campaign.organizationId, campaign.brandId)
  if (!brand || brand.deleted) throw unprocessable(`${SCOPE}.errors.deleted_brand`)
  return campaign
}

/** Tells every node (the click path's cache) after the write committed. */
export function changed(campaign: { organizationId: number; id: number }) {
  return publishInvalidation({ topic: 'campaigns', organizationId: campaign.organizationId, id: campaign.id })
}

export function childId(ctx: HttpContext, name: string): number | null {
  const id = Number(ctx.params[name])
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
