/* Lets other code (the affiliates' groupId, campaigns) check group ids: registerLookup('affiliate-groups'). */
import db from '@adonisjs/lucid/services/db'
import { registerLookup } from '@affix/core/kernel'

registerLookup('affiliate-groups', async (organizationId, ids) => {
  const rows = await db.from('affiliate_groups').where('organization_id', organizationId).whereIn('id', ids).select('id')
  return rows.map((row) => Number(row.id))
})
