/* Spec §4 "A group tied to a campaign cannot be updated": a group payout on a live campaign ties it. */
import db from '@adonisjs/lucid/services/db'
import { registerGroupUsageCheck } from '@affix/affiliates/contracts'

registerGroupUsageCheck(async (organizationId, groupId) => {
  const row = await db
    .from('campaign_payout_overrides as override')
    .join('campaigns', 'campaigns.id', 'override.campaign_id')
    .where('override.organization_id', organizationId)
    .where('override.group_id', groupId)
    .whereNull('campaigns.deleted_at')
    .select('override.id')
    .first()
  return Boolean(row)
})
