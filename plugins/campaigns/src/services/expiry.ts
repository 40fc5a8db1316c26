/*
 * Spec issue 6: "expiry moves a campaign out of active on time". Every minute, active
 * campaigns past their expiry date become paused, each with a timeline line. The click path
 * also compares expiresAt itself, so no click is accepted after expiry even between runs.
 */
import db from '@adonisjs/lucid/services/db'
import { publishInvalidation } from '@affix/core/kernel'
import { recordTimeline } from './timeline.js'

export async function expireCampaigns(now = new Date()): Promise<number> {
  const expired = await db.transaction(async (trx) => {
    const rows = await trx
      .from('campaigns')
      .where('status', 'active')
      .whereNull('deleted_at')
      .whereNotNull('expires_at')
      .where('expires_at', '<=', now)
      .forUpdate()
      .skipLocked()
      .select('id', 'organization_id', 'expires_at')
    if (!rows.length) return []
    // tenancy: the rows just locked above, of every organisation on purpose (the expiry sweep)
    await trx
      .from('campaigns')
      .whereIn(
        'id',
        rows.map((row) => row.id)
      )
      .update({ status: 'paused', updated_at: now })
    for (const row of rows) {
      await recordTimeline(
        {
          organizationId: row.organization_id,
          campaignId: row.id,
          actorId: null,
          event: 'expired',
          data: { from: 'active', to: 'paused', expiresAt: new Date(row.expires_at).toISOString() },
        },
        trx
      )
    }
    return rows
  })
  for (const row of expired)
    await publishInvalidation({ topic: 'campaigns', organizationId: row.organization_id, id: row.id })
  return expired.length
}
