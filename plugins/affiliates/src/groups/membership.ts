/*
 * One model of which affiliates are in which groups, whichever side changes it (the affiliate,
 * the bulk group action, the CSV files or the group itself):
 * - affiliate_group_members lists every group of an affiliate, its primary group
 *   (affiliate_profiles.group_id) included: a group's affiliateIds and affiliateCount count
 *   primaries; an affiliate's otherGroupIds are its memberships but the primary.
 * - Setting a primary group makes the affiliate a member of it and takes it out of its
 *   previous primary group (unless that one is among the other groups it is given).
 * - Removing an affiliate from its primary group on the group's screen clears its primary group.
 * - A group tied to a campaign (in use, spec §4) neither gains nor loses members: 409, as its update.
 * - No change leaves a group without a live affiliate (spec §5 "Affiliate group needs at least
 *   one affiliate"). Deleting an affiliate is still allowed: the group keeps its other members; a
 *   group emptied that way shows affiliateCount 0 and needs an affiliate on its next update.
 * Membership writes of one organisation are serialised by one advisory lock, so two requests
 * cannot each take out "the other" last member.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AppError, unprocessable } from '@affix/core/kernel'
import { groupInUse } from './usage.js'

/** First key of the advisory lock that serialises the group writes of one organisation. */
const GROUP_LOCK = 200_002

export async function lockGroups(trx: TransactionClientContract, organizationId: number) {
  await trx.rawQuery('SELECT pg_advisory_xact_lock(?, ?)', [GROUP_LOCK, organizationId])
}

export const groupInUseError = () => new AppError('affiliate_groups.errors.in_use_update', 409, 'conflict')
export const groupNeedsAffiliate = (field: string) =>
  unprocessable('affiliate_groups.errors.needs_affiliate', { fields: [{ field, rule: 'minLength' }] })

/** Groups an affiliate should join and leave; `field` names the input that asked for it (for the 422). */
export interface MembershipChange {
  affiliateId: number
  add: number[]
  remove: number[]
  field: string
}

/** Live (not deleted) affiliates per group. */
export async function liveMemberCounts(client: TransactionClientContract, organizationId: number, groupIds: number[]) {
  if (!groupIds.length) return new Map<number, number>()
  const rows = await client
    .from('affiliate_group_members as m')
    .join('affiliate_records as a', 'a.id', 'm.affiliate_id')
    .where('m.organization_id', organizationId)
    .whereIn('m.group_id', groupIds)
    .whereNot('a.status', 'deleted')
    .groupBy('m.group_id')
    .select('m.group_id')
    .count('* as total')
  return new Map(rows.map((row) => [Number(row.group_id), Number(row.total)]))
}

/**
 * Applies membership changes of live affiliates, all or nothing: joining a group it is in or
 * leaving one it is not in is no change; a group in use or left without a live affiliate
 * refuses the whole request.
 */
export async function applyMembershipChanges(
  trx: TransactionClientContract,
  organizationId: number,
  changes: MembershipChange[]
) {
  const affiliateIds = [...new Set(changes.map((change) => change.affiliateId))]
  const groupIds = [...new Set(changes.flatMap((change) => [...change.add, ...change.remove]))]
  if (!groupIds.length) return
  await lockGroups(trx, organizationId)
  const current = await trx
    .from('affiliate_group_members')
    .where('organization_id', organizationId)
    .whereIn('affiliate_id', affiliateIds)
    .whereIn('group_id', groupIds)
    .select('group_id', 'affiliate_id')
  const member = new Set(current.map((row) => `${row.group_id}:${row.affiliate_id}`))
  const joins: Array<{ groupId: number; affiliateId: number }> = []
  const leaves: Array<{ groupId: number; affiliateId: number; field: string }> = []
  const joined = new Set<string>()
  for (const { affiliateId, add, remove, field } of changes) {
    for (const groupId of add) {
      const key = `${groupId}:${affiliateId}`
      if (member.has(key) || joined.has(key)) continue
      joined.add(key)
      joins.push({ groupId, affiliateId })
    }
    for (const groupId of new Set(remove))
      if (member.has(`${groupId}:${affiliateId}`)) leaves.push({ groupId, affiliateId, field })
  }
  for (const groupId of new Set([...joins, ...leaves].map((entry) => entry.groupId))) {
    if (await groupInUse(organizationId, groupId)) throw groupInUseError()
  }
  if (leaves.length) {
    const leaving = new Set(leaves.map((entry) => entry.groupId))
    const counts = await liveMemberCounts(trx, organizationId, [...leaving])
    for (const { groupId } of joins.filter((entry) => leaving.has(entry.groupId)))
      counts.set(groupId, (counts.get(groupId) ?? 0) + 1)
    for (const entry of leaves) {
      const left = (counts.get(entry.groupId) ?? 0) - 1
      if (left < 1) throw groupNeedsAffiliate(entry.field)
      counts.set(entry.groupId, left)
    }
    await removeMemberships(trx, organizationId, leaves)
  }
  await addMemberships(trx, organizationId, joins)
}

export async function removeMemberships(
  trx: TransactionClientContract,
  organizationId: number,
  entries: Array<{ groupId: number; affiliateId: number }>
) {
  if (!entries.length) return
  await trx.rawQuery(
    `DELETE FROM affiliate_group_members WHERE organization_id = ? AND (group_id, affiliate_id) IN (SELECT * FROM unnest(?::int[], ?::int[]))`,
    [organizationId, entries.map((entry) => entry.groupId), entries.map((entry) => entry.affiliateId)]
  )
}

export async function addMemberships(
  trx: TransactionClientContract,
  organizationId: number,
  entries: Array<{ groupId: number; affiliateId: number }>
) {
  if (!entries.length) return
  await trx
    .insertQuery()
    .table('affiliate_group_members')
    .insert(
      entries.map((entry) => ({
        group_id: entry.groupId,
        affiliate_id: entry.affiliateId,
        organization_id: organizationId,
      }))
    )
    .onConflict(['group_id', 'affiliate_id'])
    .ignore()
}

/**
 * The groups an affiliate should join and leave when its primary group becomes `groupId`
 * (undefined: unchanged) and, when given, its other groups become `otherGroupIds`.
 */
export async function groupsChange(
  trx: TransactionClientContract,
  organizationId: number,
  affiliateId: number,
  previousGroupId: number | null,
  groupId: number | null | undefined,
  otherGroupIds: number[] | null | undefined
): Promise<MembershipChange[]> {
  const primary = groupId === undefined ? previousGroupId : groupId
  const changes: MembershipChange[] = []
  if (previousGroupId && previousGroupId !== primary && !(otherGroupIds ?? []).includes(previousGroupId)) {
    changes.push({ affiliateId, add: [], remove: [previousGroupId], field: 'groupId' })
  }
  if (primary) changes.push({ affiliateId, add: [primary], remove: [], field: 'groupId' })
  if (otherGroupIds !== undefined) {
    const keep = new Set([...(otherGroupIds ?? []), ...(primary ? [primary] : [])])
    const current = await trx
      .from('affiliate_group_members')
      .where({ organization_id: organizationId, affiliate_id: affiliateId })
      .select('group_id')
    const remove = current.map((row) => Number(row.group_id)).filter((id) => !keep.has(id) && id !== previousGroupId)
    changes.push({ affiliateId, add: otherGroupIds ?? [], remove, field: 'otherGroupIds' })
  }
  return changes
}

/** Affiliates that leave a group on its own screen lose it as their primary group too. */
export async function clearPrimaryOfNonMembers(
  trx: TransactionClientContract,
  organizationId: number,
  groupId: number
) {
  await trx.rawQuery(
    `UPDATE affiliate_profiles p SET group_id = NULL, updated_at = now()
     WHERE p.organization_id = ? AND p.group_id = ?
       AND NOT EXISTS (SELECT 1 FROM affiliate_group_members m WHERE m.group_id = p.group_id AND m.affiliate_id = p.user_id)`,
    [organizationId, groupId]
  )
}
