/*
 * What other plugins may use of `affiliates` (ARCHITECTURE §2): types, read-only services
 * and the extension points it owns. Importing it registers nothing: the manifest
 * (plugin.ts) wires the lookups and the signup hook.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { defineHook, type LookupProvider, type SignupListener } from '@affix/core/kernel'
import type { AffiliateStatus } from './constants.js'

export type { AffiliateStatus } from './constants.js'

export interface AffiliateRef {
  id: number
  name: string | null
  email: string
  status: AffiliateStatus
}

/** Live (not deleted) affiliates of the organisation among `ids` (the `affiliates` lookup). */
export const liveAffiliateIds: LookupProvider = async (organizationId, ids, context) => {
  const rows = await (context?.client ?? db.connection())
    .from('affiliate_records')
    .where('organization_id', organizationId)
    .whereNot('status', 'deleted')
    .whereIn('id', ids)
    .select('id')
  return rows.map((row) => Number(row.id))
}

/** Ids of the organisation's active affiliates, lowest first (demo data of other plugins). */
export async function activeAffiliateIds(
  organizationId: number,
  options: { limit?: number; client?: import('@adonisjs/lucid/types/database').QueryClientContract } = {}
): Promise<number[]> {
  const rows = await (options.client ?? db.connection())
    .from('affiliate_records')
    .where({ organization_id: organizationId, status: 'active' })
    .orderBy('id')
    .limit(options.limit ?? 1000)
    .select('id')
  return rows.map((row) => Number(row.id))
}

/** A public signup through a referral link (?ref=<affiliate id>) records the referrer (core's panelSignup hook). */
export const recordReferral: SignupListener = async ({ trx, organizationId, userId, kind, referredBy }) => {
  if (kind !== 'affiliate' || !referredBy) return
  await trx
    .insertQuery()
    .table('affiliate_profiles')
    .insert({ user_id: userId, organization_id: organizationId, referred_by: referredBy })
    .onConflict('user_id')
    .merge(['referred_by'])
}

/** Id, name, e-mail and status of live affiliates of the organisation (for labels in other plugins' screens). */
export async function affiliateRefs(organizationId: number, ids: number[]): Promise<Map<number, AffiliateRef>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0)
  if (!unique.length) return new Map()
  const rows = await db
    .from('affiliate_records')
    .where('organization_id', organizationId)
    .whereNot('status', 'deleted')
    .whereIn('id', unique)
    .select('id', 'name', 'email', 'status')
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { id: Number(row.id), name: row.name ?? null, email: row.email, status: row.status },
    ])
  )
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

/**
 * Spec §4 "A group tied to a campaign cannot be updated": plugins that tie affiliate groups
 * to something (campaigns) contribute `groupUsage.provide(check)` in their manifest; a
 * group is in use when any check says so.
 */
export type GroupUsageCheck = (organizationId: number, groupId: number) => Promise<boolean>
export const groupUsage = defineHook<GroupUsageCheck>('affiliates', 'groupUsage')

/** What the commission engine needs of every affiliate of the organisation (deleted ones included: their rows stay). */
export async function affiliatesForCommissions(
  organizationId: number,
  client: QueryClientContract = db.connection()
): Promise<
  Array<{ id: number; primaryGroupId: number | null; negativeCarryover: boolean; referredBy: number | null }>
> {
  const rows = await client
    .from('affiliate_records')
    .where('organization_id', organizationId)
    .select('id', 'group_id', 'negative_carryover', 'referred_by')
  return rows.map((row) => ({
    id: Number(row.id),
    primaryGroupId: row.group_id === null ? null : Number(row.group_id),
    negativeCarryover: Boolean(row.negative_carryover),
    referredBy: row.referred_by === null ? null : Number(row.referred_by),
  }))
}

/** A query client: the global `db`, or a transaction whose writes are not committed yet (demo seeds). */
type Reader = Pick<TransactionClientContract, 'from'>

export interface AffiliateSummary extends AffiliateRef {
  country: string | null
  /** Primary group. */
  groupId: number | null
  referredById: number | null
  createdAt: Date
}

/** Every live affiliate of the organisation, oldest first (other plugins' demo seeds pass their `trx`). */
export async function listAffiliates(organizationId: number, client: Reader = db): Promise<AffiliateSummary[]> {
  const rows = await client
    .from('affiliate_records')
    .where('organization_id', organizationId)
    .whereNot('status', 'deleted')
    .orderBy('id')
    .select('id', 'name', 'email', 'status', 'country', 'group_id', 'referred_by', 'created_at')
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name ?? null,
    email: row.email,
    status: row.status,
    country: row.country ?? null,
    groupId: row.group_id === null ? null : Number(row.group_id),
    referredById: row.referred_by === null ? null : Number(row.referred_by),
    createdAt: new Date(row.created_at),
  }))
}

/** The organisation's affiliate groups with their members, by id. */
export async function listAffiliateGroups(
  organizationId: number,
  client: Reader = db
): Promise<Array<{ id: number; name: string; memberIds: number[] }>> {
  const groups = await client
    .from('affiliate_groups')
    .where('organization_id', organizationId)
    .orderBy('id')
    .select('id', 'name')
  const members = await client
    .from('affiliate_group_members')
    .where('organization_id', organizationId)
    .orderBy(['group_id', 'affiliate_id'])
    .select('group_id', 'affiliate_id')
  return groups.map((group) => ({
    id: Number(group.id),
    name: group.name,
    memberIds: members
      .filter((member) => Number(member.group_id) === Number(group.id))
      .map((member) => Number(member.affiliate_id)),
  }))
}
