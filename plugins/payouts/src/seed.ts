/*
 * Demo data: the commissions of the demo organisation's customers and activity (seeded by
 * the customers plugin in the same transaction), with every past month closed so the demo
 * shows statements, carryover and referrals; the oldest closed month is approved.
 */
import type { SeedContext } from '@affix/core/kernel'
import { customerIdsOf } from '@affix/customers/contracts'
import { canClose } from './engine/index.js'
import { closeIn } from './ledger/close.js'
import { recomputeCustomers, recomputeClickDays } from './ledger/recompute.js'
import { earliestOpen, ledgerState, localToday, lockLedger } from './ledger/state.js'

export async function seedPayouts({ organizationId, trx, now }: SeedContext) {
  await lockLedger(trx, organizationId)
  await trx
    .insertQuery()
    .table('payouts_referral_settings')
    .insert({ organization_id: organizationId, method: 'payout', level1: 5, level2: 2, level3: 1, updated_at: now })
  const state = await ledgerState(trx, organizationId)
  const customers = await customerIdsOf(organizationId, {}, trx)
  for (let start = 0; start < customers.length; start += 2000)
    await recomputeCustomers(trx, state, customers.slice(start, start + 2000))
  const open = earliestOpen(state)
  if (open) await recomputeClickDays(trx, state, open.start, localToday(state, now))
  let closedFirst: string | null = null
  for (;;) {
    const current = await ledgerState(trx, organizationId)
    const next = earliestOpen(current)
    if (!next) break
    const verdict = canClose(
      current.calendar,
      { firstPeriod: current.firstPeriod, lastClosed: current.lastClosed },
      next.key,
      localToday(current, now)
    )
    if (!verdict.ok) break
    await closeIn(trx, organizationId, next.key, { actorId: null, now })
    closedFirst ??= next.key
  }
  if (closedFirst)
    await trx
      .from('payouts_rows')
      .where({ organization_id: organizationId, period: closedFirst })
      .whereIn('status', ['pending', 'hold'])
      .update({ status: 'approved', approved_at: now, updated_at: now })
  // Rows written with the database clock carry the seed's now: two seeds with the same --now are identical.
  await trx.rawQuery('UPDATE payouts_rows SET created_at = ?, updated_at = ? WHERE organization_id = ?', [
    now,
    now,
    organizationId,
  ])
  await trx.rawQuery('UPDATE payouts_ledger_states SET updated_at = ? WHERE organization_id = ?', [now, organizationId])
}
