/*
 * What other plugins may use of `affiliates` (ARCHITECTURE §2): types and read-only
 * services. Loading this module registers the 'affiliates' lookup and the signup listener
 * that records referrals (plugin.ts imports it, so both are in place at startup).
 */
import db from '@adonisjs/lucid/services/db'
import { onPanelSignup, registerLookup } from '@affix/core/kernel'
import type { AffiliateStatus } from './constants.js'

export type { AffiliateStatus } from './constants.js'

export interface AffiliateRef {
  id: number
  name: string | null
  email: string
  status: AffiliateStatus
}

/** Live (not deleted) affiliates of the organisation among `ids`. */
registerLookup('affiliates', async (organizationId, ids) => {
  const rows = await db.from('users').where({ organization_id: organizationId, role: 'affiliate' }).whereNot('status', 'deleted').whereIn('id', ids).select('id')
  return rows.map((row) => Number(row.id))
})

/** A public signup through a referral link (?ref=<affiliate id>) records the referrer. */
onPanelSignup(async ({ trx, organizationId, userId, kind, referredBy }) => {
  if (kind !== 'affiliate' || !referredBy) return
  await trx.insertQuery().table('affiliate_profiles').insert({ user_id: userId, organization_id: organizationId, referred_by: referredBy }).onConflict('user_id').merge(['referred_by'])
})

/** Id, name, e-mail and status of live affiliates of the organisation (for labels in other plugins' screens). */
export async function affiliateRefs(organizationId: number, ids: number[]): Promise<Map<number, AffiliateRef>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0)
  if (!unique.length) return new Map()
  const rows = await db.from('users').where({ organization_id: organizationId, role: 'affiliate' }).whereNot('status', 'deleted').whereIn('id', unique).select('id', 'name', 'email', 'status')
  return new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), name: row.name ?? null, email: row.email, status: row.status }]))
}

/** Display names (name, else e-mail) of live affiliates of the organisation. */
export async function affiliateNames(organizationId: number, ids: number[]): Promise<Map<number, string>> {
  const refs = await affiliateRefs(organizationId, ids)
  return new Map([...refs].map(([id, ref]) => [id, ref.name ?? ref.email]))
}

/** Commission-relevant settings of an affiliate (payouts plugin: negative carryover, fee %, currency). */
export async function affiliateTerms(organizationId: number, affiliateId: number) {
  const row = await db
    .from('affiliate_records')
    .where({ organization_id: organizationId, id: affiliateId })
    .whereNot('status', 'deleted')
    .select('negative_carryover', 'fee_percent', 'currency', 'referred_by', 'manager_id', 'group_id')
    .first()
  if (!row) return null
  return {
    negativeCarryover: Boolean(row.negative_carryover),
    feePercent: row.fee_percent === null ? null : String(row.fee_percent),
    currency: row.currency as string | null,
    referredById: row.referred_by === null ? null : Number(row.referred_by),
    managerId: row.manager_id === null ? null : Number(row.manager_id),
    groupId: row.group_id === null ? null : Number(row.group_id),
  }
}

/** Plugins that tie affiliate groups to something (campaigns) say when a group is in use. */
export { registerGroupUsageCheck, type GroupUsageCheck } from './groups/usage.js'
