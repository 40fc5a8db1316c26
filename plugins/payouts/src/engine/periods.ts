/*
 * Calendar dates and commission periods, in the organisation's time zone.
 *
 * - A date is an ISO calendar date `YYYY-MM-DD` (local to the organisation); an instant
 *   (registration, click) counts on its local date in the organisation's IANA zone.
 * - A period is a calendar month, named `2026-01`, or — with the weekly setting — seven days
 *   starting on the organisation's week-start day, named by its first date (`2026-01-05`).
 *   Names of one setting sort in time order as plain text.
 * - "Within N days of registration": `date − registration ≤ N` calendar days (day N
 *   included); N = 0 is the registration date only; N null is no limit.
 * Pure arithmetic on day numbers (days since 1970-01-01), cached per date: the engine asks
 * for the period of every activity row.
 */
import { IANAZone } from 'luxon'

/** `YYYY-MM-DD`, a calendar date in the organisation's zone. */
export type LocalDate = string
/** A period's name: `YYYY-MM` (monthly) or its first date `YYYY-MM-DD` (weekly). */
export type PeriodKey = string

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7

export interface PeriodSetting {
  kind: 'monthly' | 'weekly'
  /** First day of a weekly period (ignored when monthly). */
  weekStart: Weekday
}

export interface PeriodInfo {
  key: PeriodKey
  /** First local date of the period. */
  start: LocalDate
  /** Last local date of the period (included). */
  end: LocalDate
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

const dayNumbers = new Map<LocalDate, number>()

/** Days since 1970-01-01 of a calendar date; throws on a malformed or impossible date. */
export function dayNumber(date: LocalDate): number {
  const known = dayNumbers.get(date)
  if (known !== undefined) return known
  const days = parseDayNumber(date)
  // Dates repeat (a few thousand per run): remember them, within reason.
  if (dayNumbers.size > 100_000) dayNumbers.clear()
  dayNumbers.set(date, days)
  return days
}

function parseDayNumber(date: LocalDate): number {
  const match = DATE_TEXT.exec(date)
  if (!match) throw new RangeError(`periods: not a date: ${JSON.stringify(date)}`)
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const ms = Date.UTC(year, month - 1, day)
  const check = new Date(ms)
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    throw new RangeError(`periods: no such date: ${date}`)
  return ms / DAY_MS
}

export function dateOfDayNumber(days: number): LocalDate {
  return new Date(days * DAY_MS).toISOString().slice(0, 10)
}

export function isLocalDate(value: unknown): value is LocalDate {
  if (typeof value !== 'string' || !DATE_TEXT.test(value)) return false
  try {
    dayNumber(value)
    return true
  } catch {
    return false
  }
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return dayNumber(to) - dayNumber(from)
}

/** `date − registration ≤ days` (and not before registration); `days` null is no limit. */
export function withinDays(registration: LocalDate, date: LocalDate, days: number | null | undefined): boolean {
  if (date < registration) return false
  if (days === null || days === undefined) return true
  return daysBetween(registration, date) <= days
}

export function isValidZone(zone: string): boolean {
  return IANAZone.isValidZone(zone)
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** The local calendar date of an instant (ISO 8601 text with offset, or a Date) in `zone`. */
export function localDateOf(instant: string | Date, zone: string): LocalDate {
  let format = dateFormats.get(zone)
  if (!format) {
    if (!isValidZone(zone)) throw new RangeError(`periods: unknown time zone ${JSON.stringify(zone)}`)
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dateFormats.set(zone, format)
  }
  const when = typeof instant === 'string' ? new Date(instant) : instant
  if (Number.isNaN(when.getTime())) throw new RangeError(`periods: not an instant: ${String(instant)}`)
  return format.format(when)
}

/** Periods of one organisation setting; memoises date → period (a month has ~31 dates). */
export class Calendar {
  private readonly byDate = new Map<LocalDate, PeriodInfo>()

  constructor(readonly setting: PeriodSetting) {
    if (setting.kind === 'weekly' && !(setting.weekStart >= 1 && setting.weekStart <= 7))
      throw new RangeError(`periods: week start must be 1..7, got ${setting.weekStart}`)
  }

  /** The period a local date falls in. */
  periodOf(date: LocalDate): PeriodInfo {
    let info = this.byDate.get(date)
    if (info) return info
    const days = dayNumber(date)
    if (this.setting.kind === 'monthly') {
      const key = date.slice(0, 7)
      const [year, month] = [Number(key.slice(0, 4)), Number(key.slice(5, 7))]
      const start = `${key}-01`
      const end = dateOfDayNumber(Date.UTC(year, month, 1) / DAY_MS - 1)
      info = { key, start, end }
    } else {
      // 1970-01-01 was a Thursday (ISO 4).
      const weekday = ((((days + 3) % 7) + 7) % 7) + 1
      const back = (weekday - this.setting.weekStart + 7) % 7
      const start = dateOfDayNumber(days - back)
      info = { key: start, start, end: dateOfDayNumber(days - back + 6) }
    }
    this.byDate.set(date, info)
    return info
  }

  periodKeyOf(date: LocalDate): PeriodKey {
    return this.periodOf(date).key
  }

  /** A period from its name (throws when the name is not a period of this setting). */
  period(key: PeriodKey): PeriodInfo {
    const first = this.setting.kind === 'monthly' ? `${key}-01` : key
    const info = this.periodOf(first)
    if (info.key !== key) throw new RangeError(`periods: ${key} is not a ${this.setting.kind} period`)
    return info
  }

  next(key: PeriodKey): PeriodKey {
    return this.periodKeyOf(dateOfDayNumber(dayNumber(this.period(key).end) + 1))
  }

  previous(key: PeriodKey): PeriodKey {
    return this.periodKeyOf(dateOfDayNumber(dayNumber(this.period(key).start) - 1))
  }

  /** A period has ended when `today` (local) is after its last date. */
  hasEnded(key: PeriodKey, today: LocalDate): boolean {
    return today > this.period(key).end
  }
}

/** Period names of one setting compare as text. */
export function comparePeriods(a: PeriodKey, b: PeriodKey): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Where the organisation stands: closes go in order, so the closed periods are every period
 * up to `lastClosed` (none when null). `firstPeriod` is the one holding the earliest dated event.
 */
export interface PeriodState {
  firstPeriod: PeriodKey | null
  lastClosed: PeriodKey | null
}

export function isClosed(state: PeriodState, key: PeriodKey): boolean {
  return state.lastClosed !== null && key <= state.lastClosed
}

/** The earliest open period: the one after the last closed, else the first period. */
export function earliestOpenPeriod(calendar: Calendar, state: PeriodState): PeriodKey | null {
  if (state.lastClosed !== null) return calendar.next(state.lastClosed)
  return state.firstPeriod
}

export type CloseRefusal = 'period_not_ended' | 'period_already_closed' | 'earlier_period_open' | 'no_period'

/** Whether `key` may be closed now: it has ended, it is not closed, every earlier period is. */
export function canClose(
  calendar: Calendar,
  state: PeriodState,
  key: PeriodKey,
  today: LocalDate
): { ok: true } | { ok: false; reason: CloseRefusal } {
  if (isClosed(state, key)) return { ok: false, reason: 'period_already_closed' }
  const open = earliestOpenPeriod(calendar, state)
  if (open === null) return { ok: false, reason: 'no_period' }
  if (key !== open) return { ok: false, reason: key < open ? 'no_period' : 'earlier_period_open' }
  if (!calendar.hasEnded(key, today)) return { ok: false, reason: 'period_not_ended' }
  return { ok: true }
}

/** The date a scheduled close runs: N days after the period's end (null: N = 0, by hand only). */
export function scheduledCloseDate(calendar: Calendar, key: PeriodKey, delayDays: number): LocalDate | null {
  if (delayDays <= 0) return null
  return dateOfDayNumber(dayNumber(calendar.period(key).end) + delayDays)
}
