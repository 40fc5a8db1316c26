/*
 * What other plugins may use of `payouts`: its events (postbacks and webhooks listen to
 * them) and the engine's pure types. Importing this registers nothing.
 */
import db from '@adonisjs/lucid/services/db'

export {
  commissionsCreated,
  commissionsApproved,
  periodClosed,
  type CommissionsCreated,
  type CommissionsApproved,
  type PeriodClosed,
} from './events.js'
export type { RowType, RowStatus, Explanation } from './engine/index.js'

/** A commission row as outgoing postbacks and webhooks describe it (amounts are decimal strings). */
export interface CommissionRowRef {
  id: number
  key: string
  type: string
  status: string
  date: string
  affiliateId: number
  campaignId: number | null
  customerId: number | null
  currency: string
  amount: string | null
}

/** Commission rows of the organisation by key or by id (for the events' listeners). */
export async function commissionRowsOf(
  organizationId: number,
  wanted: { keys?: string[]; ids?: number[] }
): Promise<CommissionRowRef[]> {
  const keys = [...new Set(wanted.keys ?? [])].slice(0, 10_000)
  const ids = [...new Set(wanted.ids ?? [])].filter((id) => Number.isSafeInteger(id) && id > 0).slice(0, 10_000)
  if (!keys.length && !ids.length) return []
  const rows = await db
    .from('payouts_rows')
    .where('organization_id', organizationId)
    .where((inner) => {
      if (keys.length) inner.orWhereIn('key', keys)
      if (ids.length) inner.orWhereIn('id', ids)
    })
    .orderBy('id')
    .select(
      'id',
      'key',
      'type',
      'status',
      db.raw('date::text AS date'),
      'affiliate_id',
      'campaign_id',
      'customer_id',
      'currency',
      'final_amount',
      'amount'
    )
  return rows.map((row: any) => ({
    id: Number(row.id),
    key: row.key,
    type: row.type,
    status: row.status,
    date: row.date,
    affiliateId: Number(row.affiliate_id),
    campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
    customerId: row.customer_id === null ? null : Number(row.customer_id),
    currency: String(row.currency).trim(),
    amount: row.final_amount !== null ? String(row.final_amount) : row.amount !== null ? String(row.amount) : null,
  }))
}
