/*
 * Reads for the commission ledger (plugin payouts, through contracts): which customers a
 * campaign or brand has (to re-price them when a plan or formula changes), and which of a
 * customer's conversion events went over a cap (`reject_activity`: their rows are denied).
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

const validIds = (ids: number[]) => [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0)

/** Ids of the organisation's customers, all or those of the given campaigns or brands, lowest first. */
export async function customerIdsOf(
  organizationId: number,
  filter: { campaignIds?: number[]; brandIds?: number[] } = {},
  client: QueryClientContract = db.connection()
): Promise<number[]> {
  const query = client.from('customers').where('organization_id', organizationId).orderBy('id').select('id')
  if (filter.campaignIds) query.whereIn('campaign_id', validIds(filter.campaignIds))
  if (filter.brandIds) query.whereIn('brand_id', validIds(filter.brandIds))
  return (await query).map((row) => Number(row.id))
}

export type CapDeniedEvent =
  { type: 'registration' | 'ftd' | 'c_deposit'; activityId: null } | { type: 'deposit'; activityId: number }

/** The conversion events of the customers that a cap denied, by customer. */
export async function capDenialsOf(
  organizationId: number,
  customerIds: number[],
  client: QueryClientContract = db.connection()
): Promise<Map<number, CapDeniedEvent[]>> {
  const result = new Map<number, CapDeniedEvent[]>()
  const wanted = validIds(customerIds)
  if (!wanted.length) return result
  // `= ANY(array)`, not IN (…): the ledger asks for thousands of customers at once.
  const { rows } = await client.rawQuery(
    `SELECT customer_id, type, activity_id FROM customer_conversions
      WHERE organization_id = ? AND cap_status = 'denied' AND customer_id = ANY(?::bigint[]) ORDER BY id`,
    [organizationId, wanted]
  )
  for (const row of rows) {
    const customerId = Number(row.customer_id)
    const event = (
      row.type === 'deposit'
        ? { type: 'deposit', activityId: Number(row.activity_id) }
        : { type: row.type, activityId: null }
    ) as CapDeniedEvent
    const list = result.get(customerId)
    if (list) list.push(event)
    else result.set(customerId, [event])
  }
  return result
}

/**
 * The customers of those conversions that a cap denied: what the ledger must recompute when
 * conversions are recorded (most batches have none; the full records are not needed).
 */
export async function capDeniedCustomersOf(
  organizationId: number,
  conversionIds: number[],
  client: QueryClientContract = db.connection()
): Promise<number[]> {
  const wanted = validIds(conversionIds)
  if (!wanted.length) return []
  const { rows } = await client.rawQuery(
    `SELECT DISTINCT customer_id FROM customer_conversions
      WHERE organization_id = ? AND id = ANY(?::bigint[]) AND cap_status = 'denied'`,
    [organizationId, wanted]
  )
  return rows.map((row: any) => Number(row.customer_id))
}
