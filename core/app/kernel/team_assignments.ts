/*
 * Which affiliates are assigned to which team member (sub-admin, AFM, ADM): core's
 * `team_member_affiliates`, which the team scope reads (kernel/team_scope.ts). The affiliates
 * plugin keeps assignments in step with the manager field through these functions; nobody
 * else writes the table.
 *
 * `by_manager` marks an assignment that follows the affiliate's manager field (it leaves with
 * the manager); one made on purpose (team-members screen, a team member creating an
 * affiliate) wins over it and stays when the manager moves.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Assigns affiliates to a team member; an assignment made on purpose wins over one by the
 * manager field. Answers the affiliates newly assigned (ones already assigned are kept).
 */
export async function assignAffiliatesToMember(
  trx: TransactionClientContract,
  organizationId: number,
  memberId: number,
  affiliateIds: number[],
  { byManager = false, createdAt }: { byManager?: boolean; createdAt?: Date } = {}
): Promise<number[]> {
  if (!affiliateIds.length) return []
  const inserted = await trx
    .insertQuery()
    .table('team_member_affiliates')
    .insert(
      affiliateIds.map((affiliateId) => ({
        organization_id: organizationId,
        member_id: memberId,
        affiliate_id: affiliateId,
        by_manager: byManager,
        // Demo data dates its assignments; otherwise the table's default (now).
        ...(createdAt ? { created_at: createdAt } : {}),
      }))
    )
    .onConflict(['member_id', 'affiliate_id'])
    .ignore()
    .returning('affiliate_id')
  if (!byManager) {
    await trx
      .from('team_member_affiliates')
      .where({ organization_id: organizationId, member_id: memberId, by_manager: true })
      .whereIn('affiliate_id', affiliateIds)
      .update({ by_manager: false })
  }
  return inserted.map((row: { affiliate_id: number }) => Number(row.affiliate_id))
}

/** Unassigns affiliates from a team member; answers the ones that were assigned. */
export async function unassignAffiliatesFromMember(
  trx: TransactionClientContract,
  organizationId: number,
  memberId: number,
  affiliateIds: number[]
): Promise<number[]> {
  if (!affiliateIds.length) return []
  const removed = await trx
    .from('team_member_affiliates')
    .where({ organization_id: organizationId, member_id: memberId })
    .whereIn('affiliate_id', affiliateIds)
    .delete()
    .returning('affiliate_id')
  return removed.map((row: { affiliate_id: number }) => Number(row.affiliate_id))
}

/** Drops every assignment of a team member (the member is deleted). */
export async function clearMemberAssignments(trx: TransactionClientContract, organizationId: number, memberId: number) {
  await trx.from('team_member_affiliates').where({ organization_id: organizationId, member_id: memberId }).delete()
}

export interface AssignedAffiliate {
  id: number
  name: string | null
  email: string
  status: string
  assignedAt: string
}

/** The live affiliates assigned to a team member, lowest id first, with when each was assigned. */
export async function assignedAffiliatesOf(organizationId: number, memberId: number): Promise<AssignedAffiliate[]> {
  const rows = await db
    .from('team_member_affiliates as tma')
    .join('panels as affiliate', 'affiliate.id', 'tma.affiliate_id')
    .where('tma.organization_id', organizationId)
    .where('tma.member_id', memberId)
    .where('affiliate.role', 'affiliate')
    .whereNot('affiliate.status', 'deleted')
    .orderBy('tma.affiliate_id')
    .select('affiliate.id', 'affiliate.name', 'affiliate.email', 'affiliate.status', 'tma.created_at')
  return rows.map((row) => ({
    id: Number(row.id),
    name: (row.name as string | null) ?? null,
    email: row.email as string,
    status: row.status as string,
    assignedAt: new Date(row.created_at).toISOString(),
  }))
}

/** How many live affiliates are assigned to each of the team members (absent: none). */
export async function assignmentCounts(organizationId: number, memberIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>()
  if (!memberIds.length) return counts
  const rows = await db
    .from('team_member_affiliates as tma')
    .join('panels as affiliate', 'affiliate.id', 'tma.affiliate_id')
    .where('tma.organization_id', organizationId)
    .whereIn('tma.member_id', memberIds)
    .where('affiliate.role', 'affiliate')
    .whereNot('affiliate.status', 'deleted')
    .groupBy('tma.member_id')
    .select('tma.member_id')
    .count('* as total')
  for (const row of rows) counts.set(Number(row.member_id), Number(row.total))
  return counts
}

/**
 * The manager field and the team assignment move together: the new manager is assigned the
 * affiliate and the previous one loses the assignment the manager field gave it; one made on
 * purpose stays. A null `next` only unassigns.
 */
export async function moveManagerAssignments(
  trx: TransactionClientContract,
  organizationId: number,
  moves: Array<{ affiliateId: number; previous: number | null; next: number | null }>
) {
  const changed = moves.filter((move) => move.previous !== move.next)
  const leaving = changed.filter((move) => move.previous)
  if (leaving.length) {
    await trx.rawQuery(
      `DELETE FROM team_member_affiliates WHERE organization_id = ? AND by_manager AND (member_id, affiliate_id) IN (SELECT * FROM unnest(?::int[], ?::int[]))`,
      [organizationId, leaving.map((move) => move.previous!), leaving.map((move) => move.affiliateId)]
    )
  }
  const byManager = new Map<number, number[]>()
  for (const move of changed)
    if (move.next) byManager.set(move.next, [...(byManager.get(move.next) ?? []), move.affiliateId])
  for (const [managerId, affiliateIds] of byManager)
    await assignAffiliatesToMember(trx, organizationId, managerId, affiliateIds, { byManager: true })
}

/** The affiliates among `affiliateIds` assigned to the team member. */
export async function assignedAmong(organizationId: number, memberId: number, affiliateIds: number[]) {
  if (!affiliateIds.length) return new Set<number>()
  const rows = await db
    .from('team_member_affiliates')
    .where({ organization_id: organizationId, member_id: memberId })
    .whereIn('affiliate_id', affiliateIds)
    .select('affiliate_id')
  return new Set(rows.map((row) => Number(row.affiliate_id)))
}

/**
 * Marks as made by the manager field the assignments that match an affiliate's manager (for
 * the affiliates plugin's migration that introduced the flag on existing data).
 */
export async function markManagerAssignments(
  client: QueryClientContract,
  pairs: Array<{ memberId: number; affiliateId: number }>
) {
  if (!pairs.length) return
  // tenancy: pairs of a member and affiliates the caller resolved in its organisation
  await client.rawQuery(
    `UPDATE team_member_affiliates SET by_manager = true
      WHERE (member_id, affiliate_id) IN (SELECT * FROM unnest(?::int[], ?::int[]))`,
    [pairs.map((pair) => pair.memberId), pairs.map((pair) => pair.affiliateId)]
  )
}
