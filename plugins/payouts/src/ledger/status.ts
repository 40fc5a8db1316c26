/*
 * People's decisions on rows (COMMISSIONS §9, §12): approve, deny (with a reason), hold, and
 * mark paid by hand (with a reference, for payouts made outside Affix). Only rows of closed
 * periods are approved or paid; rows of open periods may be held or denied. A row waiting
 * for a rate is never approved; a denied row is never approved; a paid row never changes.
 * Each change is audited (payouts_row_events) and holds the ledger lock, so a recomputation
 * never overwrites it and two bulk actions never interleave.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { commissionsApproved } from '../events.js'
import { ledgerState, lockLedger } from './state.js'

export type StatusAction = 'approve' | 'deny' | 'hold' | 'pay'
export const STATUS_ACTIONS: StatusAction[] = ['approve', 'deny', 'hold', 'pay']

const TARGET: Record<StatusAction, string> = { approve: 'approved', deny: 'denied', hold: 'hold', pay: 'paid' }

/** Why a row refuses an action (null: it may take it; 'unchanged': it already has that status). */
export function refusal(
  action: StatusAction,
  row: { status: string; period: string },
  lastClosed: string | null
): string | null {
  const closed = lastClosed !== null && row.period <= lastClosed
  if (row.status === TARGET[action]) return 'unchanged'
  if (row.status === 'paid') return 'paid'
  switch (action) {
    case 'approve':
      if (row.status === 'denied') return 'denied'
      if (row.status === 'pending_fx') return 'pending_fx'
      return closed ? null : 'open_period'
    case 'pay':
      if (!closed) return 'open_period'
      return row.status === 'approved' ? null : 'not_approved'
    case 'hold':
      return row.status === 'pending_fx' ? 'pending_fx' : null
    case 'deny':
      return null
  }
}

export interface StatusResult {
  /** Row ids the selection found (in the caller's scope), changed or not. */
  found: number[]
  changed: number[]
  /** Row ids left as they were, by reason. */
  refused: Record<string, number[]>
}

/**
 * Applies `action` to the rows chosen by `select` (a query over payouts_rows `r` narrowed to
 * the caller's organisation and scope). With `strict` (rows named by id), any refusal
 * changes nothing and is returned.
 */
export async function changeStatus(
  organizationId: number,
  action: StatusAction,
  select: (trx: TransactionClientContract) => Promise<number[]>,
  options: { actorId: number; reason?: string | null; reference?: string | null; strict: boolean }
): Promise<StatusResult> {
  return db.transaction(async (trx) => {
    await lockLedger(trx, organizationId)
    const state = await ledgerState(trx, organizationId)
    const ids = await select(trx)
    const rows = ids.length
      ? await trx
          .from('payouts_rows')
          .where('organization_id', organizationId)
          .whereIn('id', ids)
          .forUpdate()
          .select('id', 'status', 'period')
      : []
    const result: StatusResult = { found: rows.map((row) => Number(row.id)), changed: [], refused: {} }
    for (const row of rows) {
      const why = refusal(action, row, state.lastClosed)
      if (why === null) result.changed.push(Number(row.id))
      else (result.refused[why] ??= []).push(Number(row.id))
    }
    const blocking = Object.keys(result.refused).filter((reason) => reason !== 'unchanged')
    if (options.strict && blocking.length) return { ...result, changed: [] }
    if (!result.changed.length) return result
    const now = new Date()
    const before = new Map(rows.map((row) => [Number(row.id), row.status as string]))
    const update: Record<string, unknown> = { status: TARGET[action], updated_at: now }
    if (action === 'deny') {
      update.deny_reason = 'manual'
      update.status_note = options.reason ?? null
    } else if (action === 'pay') {
      update.payment_reference = options.reference ?? null
      update.paid_at = now
    } else if (action === 'approve') {
      update.approved_at = now
      update.deny_reason = null
    } else update.status_note = options.reason ?? null
    for (let start = 0; start < result.changed.length; start += 10_000) {
      const slice = result.changed.slice(start, start + 10_000)
      await trx.from('payouts_rows').where('organization_id', organizationId).whereIn('id', slice).update(update)
      await trx
        .insertQuery()
        .table('payouts_row_events')
        .multiInsert(
          slice.map((id) => ({
            organization_id: organizationId,
            row_id: id,
            from_status: before.get(id),
            to_status: TARGET[action],
            reason: options.reason ?? null,
            reference: options.reference ?? null,
            actor_id: options.actorId,
            created_at: now,
          }))
        )
    }
    if (action === 'approve')
      for (let start = 0; start < result.changed.length; start += 1000)
        await commissionsApproved.emit({ organizationId, rowIds: result.changed.slice(start, start + 1000) }, { trx })
    return result
  })
}
