/*
 * Periods: the list (closed ones with what their close did, then the open ones up to today),
 * a preview of what closing a period would do, and the close (COMMISSIONS §9, §12).
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { ok } from '@affix/core/kernel'
import { ledgerAccess } from '../access.js'
import { closeLedgerPeriod, previewClose } from '../ledger/close.js'
import { earliestOpen, ledgerState, localToday } from '../ledger/state.js'
import { scheduledCloseDate } from '../engine/index.js'

export default class PeriodsController {
  async index(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts', 'read')
    const organizationId = access.organizationId
    const closed = await db.from('payouts_periods').where('organization_id', organizationId).orderBy('period')
    const { state, open } = await db.transaction(async (trx) => {
      const current = await ledgerState(trx, organizationId)
      return { state: current, open: earliestOpen(current) }
    })
    const today = localToday(state)
    const periods = closed.map((row) => ({
      period: row.period,
      start: String(row.start_date instanceof Date ? row.start_date.toISOString() : row.start_date).slice(0, 10),
      end: String(row.end_date instanceof Date ? row.end_date.toISOString() : row.end_date).slice(0, 10),
      status: 'closed' as const,
      closedAt: new Date(row.closed_at).toISOString(),
      closedBy: access.isAffiliate ? null : (row.closed_by ?? null),
      scheduledCloseOn: null as string | null,
      canClose: false,
      summary: access.isAffiliate ? null : row.summary,
    }))
    if (open) {
      let key = open.key
      for (let guard = 0; guard < 400; guard++) {
        const info = state.calendar.period(key)
        if (info.start > today) break
        periods.push({
          period: key,
          start: info.start,
          end: info.end,
          status: 'open' as never,
          closedAt: null as never,
          closedBy: null,
          scheduledCloseOn: scheduledCloseDate(state.calendar, key, state.settings.closeDelayDays),
          canClose: key === open.key && info.end < today,
          summary: null,
        })
        key = state.calendar.next(key)
      }
    }
    return ok(ctx, {
      periodKind: state.setting.kind,
      weekStart: state.setting.weekStart,
      closeDelayDays: state.settings.closeDelayDays,
      firstPeriod: state.firstPeriod,
      lastClosed: state.lastClosed,
      earliestOpen: open?.key ?? null,
      periods: periods.reverse(),
    })
  }

  async preview(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts.periods', 'manage')
    return ok(ctx, await previewClose(access.organizationId, String(ctx.params.period)))
  }

  async close(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts.periods', 'manage')
    return ok(
      ctx,
      await closeLedgerPeriod(access.organizationId, String(ctx.params.period), { actorId: access.userId })
    )
  }
}
