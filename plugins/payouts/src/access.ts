/*
 * Who sees and changes which rows (spec §6): admins and sub-admins the whole organisation;
 * AFM / ADM within their team scope (assigned affiliates, chosen campaigns); an affiliate only
 * its own rows, explanations and statements. Every query is narrowed to the organisation.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { authorize, forbidden, teamScopeOf, tenantOf } from '@affix/core/kernel'

export interface LedgerAccess {
  organizationId: number
  userId: number
  role: string
  /** Null: every affiliate of the organisation. */
  affiliateIds: number[] | null
  campaignIds: number[] | null
  isAffiliate: boolean
}

export async function ledgerAccess(
  ctx: HttpContext,
  subject: string,
  action: 'read' | 'manage'
): Promise<LedgerAccess> {
  const tenant = tenantOf(ctx)
  if (tenant.role === 'brand') throw forbidden()
  authorize(ctx, subject, action)
  const isAffiliate = tenant.role === 'affiliate'
  const scope = isAffiliate ? null : await teamScopeOf(ctx)
  return {
    organizationId: tenant.organizationId,
    userId: tenant.userId,
    role: tenant.role,
    affiliateIds: isAffiliate ? [tenant.userId] : (scope?.affiliateIds ?? null),
    campaignIds: isAffiliate ? null : (scope?.campaigns ?? null),
    isAffiliate,
  }
}

/** Narrows a query over payouts_rows (alias `alias`) to what the caller may see. */
export function scopeRows<Q extends { where: any; whereIn: any }>(query: Q, access: LedgerAccess, alias = 'r'): Q {
  query.where(`${alias}.organization_id`, access.organizationId)
  if (access.affiliateIds)
    query.whereIn(`${alias}.affiliate_id`, access.affiliateIds.length ? access.affiliateIds : [0])
  if (access.campaignIds) query.whereIn(`${alias}.campaign_id`, access.campaignIds.length ? access.campaignIds : [0])
  return query
}
