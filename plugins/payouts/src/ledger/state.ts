/*
 * Where an organisation's ledger stands: its period setting (fixed once rows exist), the
 * first period and the last closed one, its zone and calendar. Every write to an
 * organisation's ledger (recomputation, close, status change) runs in a transaction that
 * holds the organisation's ledger lock, so two of them never interleave: nothing is counted
 * twice and a person's status change is never overwritten by a recomputation.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { organizationPreferences, settingsOf, WEEK_DAYS } from '@affix/core/kernel'
import {
  Calendar,
  earliestOpenPeriod,
  localDateOf,
  type PeriodKey,
  type PeriodSetting,
  type Weekday,
} from '../engine/index.js'
import { completeSettings, type PayoutsSettings } from '../settings.js'

/** A constant first key for the organisation-wide ledger lock (pg_advisory_xact_lock(key, organization)). */
const LEDGER_LOCK = 0x5061796f // 'Payo'

export async function lockLedger(trx: TransactionClientContract, organizationId: number) {
  await trx.rawQuery('SELECT pg_advisory_xact_lock(?, ?)', [LEDGER_LOCK, organizationId])
}

export interface LedgerState {
  organizationId: number
  timeZone: string
  setting: PeriodSetting
  settings: PayoutsSettings
  calendar: Calendar
  firstPeriod: PeriodKey | null
  lastClosed: PeriodKey | null
  /** When each closed period was closed (ISO instants). */
  closedAt: Record<PeriodKey, string>
}

/** ISO weekday (1 = Monday … 7 = Sunday) of the organisation's week-start preference. */
export function isoWeekday(day: (typeof WEEK_DAYS)[number]): Weekday {
  const index = WEEK_DAYS.indexOf(day) // sunday = 0
  return (index === 0 ? 7 : index) as Weekday
}

/** The organisation's ledger state, created on first use; the period setting follows the settings until the first row. */
export async function ledgerState(trx: TransactionClientContract, organizationId: number): Promise<LedgerState> {
  const [preferences, rawSettings] = await Promise.all([
    organizationPreferences(organizationId, trx),
    settingsOf(organizationId, 'payouts'),
  ])
  const settings = completeSettings(rawSettings)
  const wanted = { period_kind: settings.period, week_start: isoWeekday(preferences.weekStartDay) }
  let row = await trx.from('payouts_ledger_states').where('organization_id', organizationId).first()
  if (!row) {
    await trx
      .insertQuery()
      .table('payouts_ledger_states')
      .insert({ organization_id: organizationId, ...wanted })
      .onConflict('organization_id')
      .ignore()
    row = await trx.from('payouts_ledger_states').where('organization_id', organizationId).first()
  } else if (
    row.first_period === null &&
    row.last_closed === null &&
    (row.period_kind !== wanted.period_kind || Number(row.week_start) !== wanted.week_start)
  ) {
    await trx.from('payouts_ledger_states').where('organization_id', organizationId).update(wanted)
    row = { ...row, ...wanted }
  }
  const setting: PeriodSetting = { kind: row.period_kind, weekStart: Number(row.week_start) as Weekday }
  const closed = await trx
    .from('payouts_periods')
    .where('organization_id', organizationId)
    .select('period', 'closed_at')
  return {
    organizationId,
    timeZone: preferences.timezone,
    setting,
    settings,
    calendar: new Calendar(setting),
    firstPeriod: row.first_period,
    lastClosed: row.last_closed,
    closedAt: Object.fromEntries(closed.map((entry) => [entry.period, new Date(entry.closed_at).toISOString()])),
  }
}

/**
 * Creates the organisation's ledger state when it has none: the periodic jobs (CPC clicks,
 * scheduled close) visit only organisations with one, and an organisation whose first
 * campaign pays per click may have clicks long before any customer.
 */
export async function ensureLedger(organizationId: number) {
  const known = await db.from('payouts_ledger_states').where('organization_id', organizationId).first()
  if (!known) await db.transaction((trx) => ledgerState(trx, organizationId))
}

/** The earliest open period (where corrections go) and its first date; null before any event. */
export function earliestOpen(state: LedgerState): { key: PeriodKey; start: string } | null {
  const key = earliestOpenPeriod(state.calendar, { firstPeriod: state.firstPeriod, lastClosed: state.lastClosed })
  return key === null ? null : { key, start: state.calendar.period(key).start }
}

/** Moves the first period earlier when events older than it arrive (before anything is closed). */
export async function noteFirstPeriod(trx: TransactionClientContract, state: LedgerState, period: PeriodKey | null) {
  if (period === null) return
  if (state.firstPeriod !== null && state.firstPeriod <= period) return
  // Once a period is closed, the first period stays: older late events become corrections.
  if (state.lastClosed !== null && state.firstPeriod !== null) return
  state.firstPeriod = period
  await trx
    .from('payouts_ledger_states')
    .where('organization_id', state.organizationId)
    .update({ first_period: period, updated_at: new Date() })
}

/** Today's date in the organisation's zone. */
export function localToday(state: LedgerState, now = new Date()): string {
  return localDateOf(now, state.timeZone)
}
