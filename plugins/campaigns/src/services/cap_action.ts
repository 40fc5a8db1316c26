/*
 * What happens when a cap is reached (spec §3 Cap "action after reached"): rejecting the
 * activity is the click path's own business; pausing or disabling changes the campaign, with
 * a system timeline line, and tells every node.
 */
import db from '@adonisjs/lucid/services/db'
import { publishInvalidation, tenantQuery } from '@affix/core/kernel'
import type { CapRule } from '../types.js'
import { recordTimeline } from './timeline.js'

export async function applyCapAction(organizationId: number, campaignId: number, action: CapRule['action']) {
  if (action === 'reject_activity') return
  const to = action === 'pause_campaign' ? 'paused' : 'disabled'
  const changed = await db.transaction(async (trx) => {
    const row = await trx
      .from('campaigns')
      .where({ id: campaignId, organization_id: organizationId })
      .whereNull('deleted_at')
      .forUpdate()
      .select('status')
      .first()
    // Already stopped (or disabled when pausing): several nodes may reach the cap at once.
    if (!row || row.status === to || (to === 'paused' && row.status !== 'active')) return false
    await tenantQuery(organizationId, trx)
      .from('campaigns')
      .where('id', campaignId)
      .update({ status: to, updated_at: new Date() })
    await recordTimeline(
      { organizationId, campaignId, actorId: null, event: 'cap_reached', data: { action, from: row.status, to } },
      trx
    )
    return true
  })
  if (changed) await publishInvalidation({ topic: 'campaigns', organizationId, id: campaignId })
}
