/*
 * Campaign groups, and the check that makes a group tied to a live campaign unchangeable
 * (spec §4), contributed to the affiliates plugin's `groupUsage` hook by the manifest.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { GroupUsageCheck } from '@affix/affiliates/contracts'
import { tenantQuery } from '@affix/core/kernel'

/** A group is tied to a live campaign as one of its groups or by a group payout on it. */
export const campaignGroupInUse: GroupUsageCheck = async (organizationId, groupId) => {
  const live = (table: string, alias: string) =>
    db
      .from(`${table} as ${alias}`)
      .join('campaigns', 'campaigns.id', `${alias}.campaign_id`)
      .where(`${alias}.organization_id`, organizationId)
      .where(`${alias}.group_id`, groupId)
      .whereNull('campaigns.deleted_at')
      .select(`${alias}.campaign_id`)
      .first()
  return Boolean((await live('campaign_groups', 'link')) ?? (await live('campaign_payout_overrides', 'override')))
}

export async function campaignGroups(campaignId: number) {
  // tenancy: callers pass a campaign they found with its organisation
  const rows = await db
    .from('campaign_groups')
    .where('campaign_id', campaignId)
    .orderBy('group_id')
    .select('group_id', 'is_primary')
  return {
    primaryGroupId: rows.find((row) => row.is_primary)?.group_id ?? null,
    groupIds: rows.map((row) => Number(row.group_id)),
  }
}

/** The groups of several campaigns at once (lists). */
export async function groupsOfCampaigns(campaignIds: number[]) {
  // tenancy: callers pass campaigns they listed with their organisation
  const rows = campaignIds.length
    ? await db
        .from('campaign_groups')
        .whereIn('campaign_id', campaignIds)
        .orderBy('group_id')
        .select('campaign_id', 'group_id', 'is_primary')
    : []
  const result = new Map<number, { primaryGroupId: number | null; groupIds: number[] }>(
    campaignIds.map((id) => [id, { primaryGroupId: null, groupIds: [] }])
  )
  for (const row of rows) {
    const entry = result.get(Number(row.campaign_id))!
    entry.groupIds.push(Number(row.group_id))
    if (row.is_primary) entry.primaryGroupId = Number(row.group_id)
  }
  return result
}

/** Replaces a campaign's groups inside the caller's transaction; the primary one is among them. */
export async function replaceCampaignGroups(
  trx: TransactionClientContract,
  campaign: { id: number; organizationId: number },
  primaryGroupId: number | null | undefined,
  groupIds: number[]
) {
  const all = [...new Set([...(primaryGroupId ? [primaryGroupId] : []), ...groupIds])]
  await tenantQuery(campaign.organizationId, trx).from('campaign_groups').where('campaign_id', campaign.id).delete()
  if (all.length) {
    await trx
      .insertQuery()
      .table('campaign_groups')
      .multiInsert(
        all.map((groupId) => ({
          organization_id: campaign.organizationId,
          campaign_id: campaign.id,
          group_id: groupId,
          is_primary: groupId === primaryGroupId,
        }))
      )
  }
  return all
}
