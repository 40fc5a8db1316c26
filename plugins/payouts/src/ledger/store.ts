/*
 * The recorded rows (payouts_rows) as the engine's diff sees them, and the diff's
 * operations applied in SQL. A row's `scope` names the recomputation that owns it, so a
 * recomputation reads back exactly the rows of what it recomputed:
 *   c:<customer>                        a customer's rows, their corrections and clawbacks;
 *   t:<affiliate>:<campaign>:<period>   a whole-mode tier true-up and its corrections;
 *   d:<date>                            CPC rows of a day and their corrections.
 * Carryover and referral rows (written by a close) have no scope: no recomputation owns them.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DesiredRow, Operation, RecordedRow } from '../engine/index.js'

const CORRECTION = /^correction:[^:]+:/

/** The recomputation scope of a row key (corrections inherit the scope of what they correct). */
export function scopeOf(key: string, customerId: number | null): string | null {
  if (customerId !== null) return `c:${customerId}`
  const base = key.replace(CORRECTION, '')
  if (base.startsWith('tier_trueup:')) return `t:${base.slice('tier_trueup:'.length)}`
  if (base.startsWith('cpc:')) return `d:${base.split(':')[3]}`
  return null
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

function recordedOf(row: any): RecordedRow {
  return {
    key: row.key,
    type: row.type,
    period: row.period,
    date: row.date,
    affiliateId: Number(row.affiliate_id),
    campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
    brandId: row.brand_id === null ? null : Number(row.brand_id),
    customerId: row.customer_id === null ? null : Number(row.customer_id),
    currency: row.currency,
    amount: text(row.amount),
    status: row.status,
    denyReason: row.deny_reason ?? null,
    finalAmount: text(row.final_amount),
    provisional: Boolean(row.provisional),
    corrects: row.corrects ?? null,
    pricedBy: row.priced_by ?? null,
    explanation: typeof row.explanation === 'string' ? JSON.parse(row.explanation) : row.explanation,
  }
}

export const ROW_COLUMNS =
  'id, key, scope, type, status, deny_reason, period, date::text AS date, affiliate_id, campaign_id, brand_id, customer_id, currency, amount, final_amount, provisional, corrects, priced_by, explanation'

/** The recorded rows of the given scopes. */
export async function recordedRows(
  trx: TransactionClientContract,
  organizationId: number,
  scopes: string[]
): Promise<RecordedRow[]> {
  if (!scopes.length) return []
  const { rows } = await trx.rawQuery(
    `SELECT ${ROW_COLUMNS} FROM payouts_rows WHERE organization_id = ? AND scope = ANY(?::text[])`,
    [organizationId, scopes]
  )
  return rows.map(recordedOf)
}

function columnsOf(organizationId: number, row: DesiredRow, corrects: RecordedRow['corrects'] | undefined) {
  return {
    organization_id: organizationId,
    key: row.key,
    scope: scopeOf(row.key, row.customerId),
    type: row.type,
    status: row.status,
    deny_reason: row.denyReason,
    period: row.period,
    date: row.date,
    affiliate_id: row.affiliateId,
    campaign_id: row.campaignId,
    brand_id: row.brandId,
    customer_id: row.customerId,
    currency: row.currency,
    amount: row.amount,
    final_amount: row.finalAmount ?? null,
    provisional: row.provisional ?? false,
    corrects: corrects ?? row.explanation.corrects ?? null,
    plan_version: row.explanation.planVersion ?? null,
    formula_version: row.explanation.formulaVersion ?? null,
    explanation: row.explanation,
  }
}

export interface Applied {
  inserted: DesiredRow[]
  updated: number
  deleted: number
}

/**
 * Applies the diff's operations in a few statements (one per kind, rows passed as one JSON
 * document). Returns the rows inserted (events announce them).
 */
export async function applyOperations(
  trx: TransactionClientContract,
  organizationId: number,
  operations: Operation[]
): Promise<Applied> {
  const inserts: ReturnType<typeof columnsOf>[] = []
  const inserted: DesiredRow[] = []
  const updates: ReturnType<typeof columnsOf>[] = []
  const deletes: string[] = []
  const points: Array<{ key: string; priced_by: string }> = []
  for (const operation of operations) {
    if (operation.op === 'insert') {
      inserts.push(columnsOf(organizationId, operation.row, operation.corrects))
      inserted.push(operation.row)
    } else if (operation.op === 'update') updates.push(columnsOf(organizationId, operation.row, operation.corrects))
    else if (operation.op === 'delete') deletes.push(operation.key)
    else points.push({ key: operation.key, priced_by: operation.pricedBy })
  }
  if (deletes.length)
    await trx.rawQuery('DELETE FROM payouts_rows WHERE organization_id = ? AND key = ANY(?::text[])', [
      organizationId,
      deletes,
    ])
  for (let start = 0; start < inserts.length; start += 5000) {
    await trx.rawQuery(
      `INSERT INTO payouts_rows (organization_id, key, scope, type, status, deny_reason, period, date, affiliate_id, campaign_id,
                                 brand_id, customer_id, currency, amount, final_amount, provisional, corrects, plan_version,
                                 formula_version, explanation)
       SELECT organization_id, key, scope, type, status, deny_reason, period, date, affiliate_id, campaign_id, brand_id,
              customer_id, currency, amount, final_amount, provisional, corrects, plan_version, formula_version, explanation
         FROM json_populate_recordset(NULL::payouts_rows, ?::json)`,
      [JSON.stringify(inserts.slice(start, start + 5000))]
    )
  }
  for (let start = 0; start < updates.length; start += 5000) {
    await trx.rawQuery(
      `UPDATE payouts_rows r
          SET type = u.type, scope = u.scope, status = u.status, deny_reason = u.deny_reason, period = u.period, date = u.date,
              affiliate_id = u.affiliate_id, campaign_id = u.campaign_id, brand_id = u.brand_id, customer_id = u.customer_id,
              currency = u.currency, amount = u.amount, final_amount = u.final_amount, provisional = u.provisional,
              corrects = u.corrects, plan_version = u.plan_version, formula_version = u.formula_version,
              explanation = u.explanation, updated_at = now()
         FROM json_populate_recordset(NULL::payouts_rows, ?::json) u
        WHERE r.organization_id = u.organization_id AND r.key = u.key`,
      [JSON.stringify(updates.slice(start, start + 5000))]
    )
  }
  if (points.length)
    await trx.rawQuery(
      `UPDATE payouts_rows r SET priced_by = p.priced_by, updated_at = now()
         FROM json_to_recordset(?::json) AS p(key text, priced_by text)
        WHERE r.organization_id = ? AND r.key = p.key`,
      [JSON.stringify(points), organizationId]
    )
  return { inserted, updated: updates.length, deleted: deletes.length }
}
