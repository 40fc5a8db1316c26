/*
 * Campaign groups, and the check that makes a group tied to a live campaign unchangeable
 * (spec §4), registered with the affiliates plugin when this module loads.
 */
import db from '@adonisjs/lucid/services/db'
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
