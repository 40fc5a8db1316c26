/*
 * What the ledger does when the customers and campaigns plugins announce a change: mark the
 * customers it touches for recomputation (the recompute job takes them) — at once, or, for
 * activity that can move only provisional RevShare, a few seconds later (provisional.ts).
 * Listeners are retried by the queue: each is idempotent.
 */
import db from '@adonisjs/lucid/services/db'
import {
  activityChanged,
  capDeniedCustomersOf,
  conversionsRecorded,
  customerIdsOf,
  customerReassigned,
  customersRegistered,
  fraudMarked,
  ratesChanged,
} from '@affix/customers/contracts'
import { payoutChanged } from '@affix/campaigns/contracts'
import { markDirty } from './recompute.js'
import { ensureLedger } from './state.js'
import { routeActivityChange } from './provisional.js'

export const payoutListeners = [
  customersRegistered.listen(async ({ organizationId, customerIds }) => {
    await markDirty(organizationId, customerIds)
  }),
  // CPA-moving activity at once, the rest (provisional RevShare only) a few seconds later.
  activityChanged.listen(async (event) => {
    await routeActivityChange(event)
  }),
  // Only a cap denial changes what the engine reads (its cap denials); a counted conversion's
  // activity reaches the ledger through activityChanged.
  conversionsRecorded.listen(async ({ organizationId, conversionIds, deniedCustomerIds }) => {
    await markDirty(organizationId, deniedCustomerIds ?? (await capDeniedCustomersOf(organizationId, conversionIds)))
  }),
  customerReassigned.listen(async ({ organizationId, customerId }) => {
    await markDirty(organizationId, [customerId])
  }),
  // The snapshot of what had earned before the mark is taken by the recomputation itself (inputs.ts).
  fraudMarked.listen(async ({ organizationId, customerIds }) => {
    await markDirty(organizationId, customerIds)
  }),
  ratesChanged.listen(async ({ organizationId }) => {
    const waiting = await db
      .from('payouts_waiting_rates')
      .where('organization_id', organizationId)
      .select('customer_id')
    await markDirty(
      organizationId,
      waiting.map((row) => Number(row.customer_id))
    )
  }),
  payoutChanged.listen(async ({ organizationId, campaignId }) => {
    // A plan may pay per click before any customer exists: the CPC job must visit the organisation.
    await ensureLedger(organizationId)
    await markDirty(organizationId, await customerIdsOf(organizationId, { campaignIds: [campaignId] }))
  }),
]
