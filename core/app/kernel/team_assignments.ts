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

/** Assigns affiliates to a team member; an assignment made on purpose wins over one by the manager field. */
export async function assignAffiliatesToMember(
  trx: TransactionClientContract,
  organizationId: number,
  memberId: number,
  affiliateIds: number[],
  { byManager = false, createdAt }: { byManager?: boolean; createdAt?: Date } = {}
) {
  if (!affiliateIds.length) return
  await trx
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
  if (!byManager) {
    await trx
      .from('team_member_affiliates')
      .where({ organization_id: organizationId, member_id: memberId, by_manager: true })
      .whereIn('affiliate_id', affiliateIds)
      .update({ by_manager: false })
  }
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
