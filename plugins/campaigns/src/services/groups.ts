/*
 * Campaign groups, and the check that makes a group tied to a live campaign unchangeable
 * (spec §4), registered with the affiliates plugin when this module loads.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { registerGroupUsageCheck } from '@affix/affiliates/contracts'

registerGroupUsageCheck(async (organizationId, groupId) => {
  const row = await db
    .from('campaign_groups as link')
    .join('campaigns', 'campaigns.id', 'link.campaign_id')
    .where('link.organization_id', organizationId)
    .where('link.group_id', groupId)
    .whereNull('campaigns.deleted_at')
    .select('link.campaign_id')
    .first()
  return Boolean(row)
})

export async function campaignGroups(campaignId: number) {
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
  await trx.from('campaign_groups').where('campaign_id', campaign.id).delete()
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
