/*
 * Fraud marks (spec §4, COMMISSIONS §9): marking a customer, or any of its activity rows,
 * marks the customer and all of its activity; it cannot be undone. Rows that arrive later
 * for the customer are stored already marked. Audited in the customer's timeline; the
 * `customers.fraudMarked` event lets the engine deny and claw back.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { fraudMarked } from '../events.js'
import { sql } from '../sql.js'

export interface FraudMark {
  customerIds: number[]
  markedAt: Date
}

/** Marks the customers (ids of the organisation, still active); returns those it marked. */
export async function markCustomersFraud(
  trx: TransactionClientContract,
  input: {
    organizationId: number
    customerIds: number[]
    actorId: number | null
    reason: string | null
    activityId?: number
  }
): Promise<FraudMark> {
  const markedAt = new Date()
  // FOR UPDATE: an ingest batch writing rows of these customers finishes first, so its rows are marked too.
  const { rows } = await sql(
    trx,
    `UPDATE customers c SET status = 'fraud', fraud_marked_at = ?, fraud_marked_by = ?, fraud_reason = ?,
            version = c.version + 1, updated_at = now()
       FROM (SELECT id FROM customers WHERE organization_id = ? AND id = ANY(?::bigint[]) AND status = 'active' FOR UPDATE) AS locked
      WHERE c.id = locked.id
      RETURNING c.id`,
    [markedAt, input.actorId, input.reason, input.organizationId, input.customerIds]
  )
  const customerIds = rows.map((row: any) => Number(row.id))
  if (!customerIds.length) return { customerIds, markedAt }
  await sql(
    trx,
    'UPDATE customer_activity SET fraud = true, updated_at = now() WHERE organization_id = ? AND customer_id = ANY(?::bigint[]) AND NOT fraud',
    [input.organizationId, customerIds]
  )
  await sql(
    trx,
    `INSERT INTO customer_events (organization_id, customer_id, kind, actor_id, data)
     SELECT ?, id, 'fraud_marked', ?, ?::jsonb FROM unnest(?::bigint[]) AS id`,
    [
      input.organizationId,
      input.actorId,
      JSON.stringify({ reason: input.reason, ...(input.activityId ? { activityId: input.activityId } : {}) }),
      customerIds,
    ]
  )
  await fraudMarked.emit(
    { organizationId: input.organizationId, customerIds, markedAt: markedAt.toISOString() },
    { trx }
  )
  return { customerIds, markedAt }
}
