/*
 * Who sees which customers, activity and conversions (spec §6):
 * - admins and sub-admins: the whole organisation;
 * - AFM / ADM (team members): per their team scope (assigned affiliates, chosen campaigns);
 * - affiliates: only their own customers (attributed to them, or reassigned to them) and
 *   the activity and conversions that earn for them; customer ids masked when the
 *   organisation's preference says so, and never the players' name, e-mail or IP;
 * - brand panels: the players, activity and conversions of the brand the panel works for
 *   (the brands plugin's brand_panels link; a panel linked to none sees nothing), with ids
 *   unmasked and personal data shown — they are the brand's own players.
 * The admin's report switches apply to every read ("Customer, Activity, Conversion reports
 * are disabled by Admin").
 */
import type { HttpContext } from '@adonisjs/core/http'
import { brandIdsOfPanel } from '@affix/brands/contracts'
import {
  assertReportEnabled,
  authorize,
  organizationPreferences,
  teamScopeOf,
  tenantOf,
  type SwitchableReport,
} from '@affix/core/kernel'

export interface ReadAccess {
  organizationId: number
  role: string
  /** Set for an affiliate: it sees only this affiliate's data. */
  affiliateId: number | null
  /** Team members narrowed to these affiliates (null: all). */
  affiliateIds: number[] | null
  /** Narrowed to these campaigns (null: all). */
  campaignIds: number[] | null
  /** A brand panel: narrowed to its brands (null: all brands). */
  brandIds: number[] | null
  /** Customer ids are masked for the caller. */
  mask: boolean
  /** Players' personal data (name, e-mail, IP, b1…b9) may be shown. */
  personalData: boolean
  timezone: string
}

export async function readAccess(ctx: HttpContext, report: SwitchableReport): Promise<ReadAccess> {
  const tenant = tenantOf(ctx)
  // The switch first: switching a report off also removes its abilities, and the caller should read why.
  await assertReportEnabled(ctx, report)
  authorize(ctx, `report.${report}`, 'read')
  const [scope, preferences, brandIds] = await Promise.all([
    teamScopeOf(ctx),
    organizationPreferences(tenant.organizationId),
    tenant.role === 'brand' ? brandIdsOfPanel(tenant.organizationId, tenant.userId) : null,
  ])
  const isAffiliate = tenant.role === 'affiliate'
  return {
    organizationId: tenant.organizationId,
    role: tenant.role,
    affiliateId: isAffiliate ? tenant.userId : null,
    affiliateIds: isAffiliate ? [tenant.userId] : scope.affiliateIds,
    campaignIds: scope.campaigns,
    brandIds,
    mask: isAffiliate && preferences.maskCustomerId,
    personalData: !isAffiliate,
    timezone: preferences.timezone,
  }
}

/** What a manager of customers sees after a write (no narrowing, nothing masked). */
export function fullAccess(organizationId: number): ReadAccess {
  return {
    organizationId,
    role: 'admin',
    affiliateId: null,
    affiliateIds: null,
    campaignIds: null,
    brandIds: null,
    mask: false,
    personalData: true,
    timezone: 'UTC',
  }
}

/** Customer-ID masking: the first two and last two characters stay ("ab****yz"); short ids are fully masked. */
export function maskCuid(cuid: string): string {
  if (cuid.length <= 4) return '*'.repeat(cuid.length)
  return `${cuid.slice(0, 2)}${'*'.repeat(Math.min(cuid.length - 4, 8))}${cuid.slice(-2)}`
}

/** Narrows a customers query (alias `c`) to what the caller may see. */
export function scopeCustomers(query: any, access: ReadAccess) {
  query.where('c.organization_id', access.organizationId)
  if (access.affiliateIds) {
    const ids = access.affiliateIds
    // tenancy: correlated to the organisation's customers of the outer query
    query.where((inner: any) =>
      inner
        .whereIn('c.affiliate_id', ids)
        .orWhereExists((moved: any) =>
          moved
            .from('customer_reassignments as r')
            .whereColumn('r.customer_id', 'c.id')
            .whereIn('r.to_affiliate_id', ids)
        )
    )
  }
  if (access.campaignIds) query.whereIn('c.campaign_id', access.campaignIds)
  if (access.brandIds) query.whereIn('c.brand_id', access.brandIds)
  return query
}

/** Narrows an activity or conversions query (alias `alias`) to what the caller may see. */
export function scopeRows(query: any, access: ReadAccess, alias: string) {
  query.where(`${alias}.organization_id`, access.organizationId)
  if (access.affiliateIds) query.whereIn(`${alias}.affiliate_id`, access.affiliateIds)
  if (access.campaignIds) query.whereIn(`${alias}.campaign_id`, access.campaignIds)
  if (access.brandIds) query.whereIn(`${alias}.brand_id`, access.brandIds)
  return query
}
