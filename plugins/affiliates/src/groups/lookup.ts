/* Lets other code (the affiliates' groupId, campaigns) check group ids: the `affiliate-groups` lookup. */
import db from '@adonisjs/lucid/services/db'
import type { LookupProvider } from '@affix/core/kernel'

export const affiliateGroupIds: LookupProvider = async (organizationId, ids) => {
  const rows = await db
    .from('affiliate_groups')
    .where('organization_id', organizationId)
    .whereIn('id', ids)
    .select('id')
  return rows.map((row) => Number(row.id))
}
