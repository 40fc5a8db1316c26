/*
 * Reading one inbound row (batch API, postback or CSV: the same columns) into a checked
 * shape, or the reason it is refused. Hand-written rather than a VineJS schema: a batch has
 * up to 10,000 rows and this runs for each, so it must cost microseconds. Errors are message
 * keys under `customers.rows.*` with their data, translated at the edge in the caller's
 * (or the uploader's) language.
 */
import { isIP } from 'node:net'
import { Decimal } from 'decimal.js'
import { DateTime } from 'luxon'
import { isCountryCode, isCurrencyCode } from '@affix/core/kernel'
import {
  ACTIVITY_COLUMNS,
  ACTIVITY_FUTURE_DAYS,
  AMOUNT_FIELDS,
  B_FIELDS,
  CUSTOMER_COLUMNS,
  EARLIEST_DATE,
  REGISTRATION_FUTURE_SLACK_MS,
  SIGNED_AMOUNTS,
  type AmountField,
} from '../constants.js'

export interface RowError {
  /** Key under `customers.rows.` */
  key: string
  data?: Record<string, unknown>
}

export class RowRefused extends Error {
  constructor(readonly error: RowError) {
    super(error.key)
  }
}

export const refuse = (key: string, data?: Record<string, unknown>): never => {
  throw new RowRefused({ key, data })
}

/** What a day of the organisation looks like for this batch (its zone, today, now). */
export interface DateContext {
  timezone: string
  now: Date
  /** Today in the organisation's zone (YYYY-MM-DD). */
  today: string
  /** The last date activity may carry. */
  latestActivityDate: string
  /** Plain dates this batch already found valid. */
  checkedDates: Set<string>
  /** Plain registration dates this batch already read: the end of that day in the zone. */
  registrationDays: Map<string, Date>
}

export function dateContext(timezone: string, now = new Date()): DateContext {
  let local = DateTime.fromJSDate(now, { zone: timezone })
  if (!local.isValid) local = DateTime.fromJSDate(now, { zone: 'UTC' })
  return {
    timezone: local.zoneName ?? 'UTC',
    now,
    today: local.toISODate()!,
    latestActivityDate: local.plus({ days: ACTIVITY_FUTURE_DAYS }).toISODate()!,
    checkedDates: new Set(),
    registrationDays: new Map(),
  }
}

// ---------------------------------------------------------------- cells

/** A cell as text: null for absent or empty; numbers and booleans as written. */
export function text(value: unknown, field: string, max: number): string | null {
  if (value === null || value === undefined) return null
  let result: string
  if (typeof value === 'string') result = value.trim()
  else if (typeof value === 'number' && Number.isFinite(value)) result = String(value)
  else if (typeof value === 'boolean') result = value ? 'true' : 'false'
  else return refuse('invalid_value', { field })
  if (result === '') return null
  if (result.length > max) refuse('too_long', { field, max })
  // PostgreSQL text refuses NUL; other control characters are kept out of identifiers too.
  if (/[\u0000-\u001f\u007f]/.test(result)) refuse('invalid_value', { field })
  return result
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/

/**
 * A money amount as a canonical decimal string with 6 decimals ("12.500000"), as PostgreSQL
 * returns numeric(20, 6), so stored and sent values compare as strings. Absent → "0.000000".
 */
export function amount(value: unknown, field: AmountField): string {
  if (value === null || value === undefined || value === '' || value === 0 || value === '0') return '0.000000'
  let raw: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return refuse('not_numeric', { field })
    raw = /e/i.test(String(value)) ? new Decimal(value).toFixed() : String(value)
  } else if (typeof value === 'string') raw = value.trim()
  else return refuse('not_numeric', { field })
  const match = DECIMAL.exec(raw)
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return refuse('not_numeric', { field })
  const [, sign, integerPart, fraction = ''] = match
  if (fraction.length > 6) refuse('too_precise', { field })
  const integer = integerPart.replace(/^0+(?=\d)/, '') || '0'
  if (integer.length > 14) refuse('too_large', { field })
  const digits = `${integer}.${fraction.padEnd(6, '0')}`
  const zero = /^0\.0+$/.test(digits)
  if (sign === '-' && !zero) {
    if (!SIGNED_AMOUNTS.has(field)) refuse('negative_amount', { field })
    return `-${digits}`
  }
  return digits
}

/** A count: a whole number, 0 or more (COMMISSIONS §3: a negative count is refused). */
export function count(value: unknown, field: string): number {
  if (value === null || value === undefined || value === '') return 0
  let parsed = Number.NaN
  if (typeof value === 'number') parsed = value
  else if (typeof value === 'string' && /^[+-]?\d+(\.\d+)?$/.test(value.trim())) parsed = Number(value.trim())
  if (!Number.isFinite(parsed)) return refuse('not_integer', { field })
  if (parsed < 0) refuse('negative_count', { field })
  if (!Number.isInteger(parsed)) refuse('not_integer', { field })
  if (parsed > 2_147_483_647) refuse('too_large', { field })
  return parsed === 0 ? 0 : parsed
}

export function flag(value: unknown, field: string): boolean {
  if (value === null || value === undefined || value === '') return false
  if (typeof value === 'boolean') return value
  if (value === 1 || value === 0) return value === 1
  const raw = String(value).trim().toLowerCase()
  if (['1', 'true', 'yes', 'y'].includes(raw)) return true
  if (['0', 'false', 'no', 'n'].includes(raw)) return false
  return refuse('invalid_flag', { field })
}

/** A positive 32-bit id, or null when absent. */
export function id(value: unknown, field: string): number | null {
  if (value === null || value === undefined || value === '') return null
  const raw = typeof value === 'number' ? value : /^\s*\d{1,10}\s*$/.test(String(value)) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(raw) || raw <= 0 || raw > 2_147_483_647) refuse('invalid_id', { field })
  return raw
}

export function currency(value: unknown, field = 'curr'): string | null {
  const raw = text(value, field, 3 + 10)
  if (raw === null) return null
  const code = raw.toUpperCase()
  if (!isCurrencyCode(code)) refuse('unknown_currency', { field, value: raw.slice(0, 10) })
  return code
}

export function country(value: unknown): string | null {
  const raw = text(value, 'country', 12)
  if (raw === null) return null
  const code = raw.toUpperCase()
  if (!isCountryCode(code)) refuse('unknown_country', { value: raw })
  return code
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** An instant or a date in the organisation's zone (ISO 8601, or "YYYY-MM-DD HH:mm:ss"). */
function parseMoment(raw: string, zone: string): { instant: DateTime; dateOnly: boolean } | null {
  if (ISO_DATE.test(raw)) {
    const day = DateTime.fromISO(raw, { zone })
    return day.isValid ? { instant: day, dateOnly: true } : null
  }
  let parsed = DateTime.fromISO(raw, { zone, setZone: false })
  if (!parsed.isValid) parsed = DateTime.fromSQL(raw, { zone })
  return parsed.isValid ? { instant: parsed.setZone(zone), dateOnly: false } : null
}

/** An activity date: a calendar date of the organisation (a date-time counts on its local date). */
export function activityDate(value: unknown, context: DateContext): string {
  // A batch repeats a few dates many times: a plain date already checked is answered at once.
  if (typeof value === 'string' && context.checkedDates.has(value)) return value
  const raw = text(value, 'date', 40)
  if (raw === null) return refuse('required', { field: 'date' })
  const parsed = parseMoment(raw, context.timezone)
  if (!parsed) return refuse('invalid_date', { field: 'date' })
  const date = parsed.instant.toISODate()!
  if (date < EARLIEST_DATE) refuse('date_too_old', { date, earliest: EARLIEST_DATE })
  if (date > context.latestActivityDate) refuse('date_in_future', { date })
  if (raw === date) context.checkedDates.add(date)
  return date
}

/**
 * A registration moment. A date alone means "some time that day": the end of the day, or
 * now when it is today, so that clicks of that day come before it.
 */
export function registrationMoment(value: unknown, context: DateContext): { at: Date; on: string } {
  const raw = text(value, 'date', 40)
  if (raw === null) return { at: context.now, on: context.today }
  // A batch of registrations repeats a few plain dates: the zone arithmetic once per date.
  const dayEnd = context.registrationDays.get(raw)
  if (dayEnd) return { at: dayEnd.getTime() > context.now.getTime() ? context.now : dayEnd, on: raw }
  const parsed = parseMoment(raw, context.timezone)
  if (!parsed) return refuse('invalid_date', { field: 'date' })
  const on = parsed.instant.toISODate()!
  if (on < EARLIEST_DATE) refuse('date_too_old', { date: on, earliest: EARLIEST_DATE })
  if (parsed.dateOnly) {
    if (on > context.today) refuse('registration_in_future', {})
    const end = parsed.instant.endOf('day').toJSDate()
    if (raw === on) context.registrationDays.set(raw, end)
    return { at: end.getTime() > context.now.getTime() ? context.now : end, on }
  }
  const at = parsed.instant.toJSDate()
  if (at.getTime() > context.now.getTime() + REGISTRATION_FUTURE_SLACK_MS) refuse('registration_in_future', {})
  return { at, on }
}

function checkColumns(row: Record<string, unknown>, allowed: ReadonlySet<string>) {
  for (const key of Object.keys(row)) if (!allowed.has(key)) refuse('unknown_field', { field: key.slice(0, 40) })
}

function asObject(row: unknown): Record<string, unknown> {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return refuse('not_object')
  return row as Record<string, unknown>
}

// ---------------------------------------------------------------- rows

export interface RegistrationRow {
  cuid: string
  cuName: string | null
  email: string | null
  ip: string | null
  registeredAt: Date
  registeredOn: string
  currency: string | null
  country: string | null
  cid: string | null
  coupon: string | null
  b: Array<string | null>
  campaignId: number | null
  pubId: number | null
  brandId: number | null
}

const CUSTOMER_ALLOWED = new Set<string>(CUSTOMER_COLUMNS)

export function readRegistration(input: unknown, context: DateContext): RegistrationRow {
  const row = asObject(input)
  checkColumns(row, CUSTOMER_ALLOWED)
  const cuid = text(row.cuid, 'cuid', 100)
  if (cuid === null) refuse('required', { field: 'cuid' })
  const email = text(row.email, 'email', 254)
  if (email !== null && !EMAIL.test(email)) refuse('invalid_email', {})
  const ip = text(row.ip, 'ip', 64)
  if (ip !== null && isIP(ip) === 0) refuse('invalid_ip', {})
  const moment = registrationMoment(row.date, context)
  return {
    cuid: cuid!,
    cuName: text(row.cu_name, 'cu_name', 350),
    email,
    ip,
    registeredAt: moment.at,
    registeredOn: moment.on,
    currency: currency(row.curr),
    country: country(row.country),
    cid: text(row.cid, 'cid', 64),
    coupon: text(row.coupon, 'coupon', 64),
    b: B_FIELDS.map((field) => text(row[field], field, 255)),
    campaignId: id(row.campaign_id, 'campaign_id'),
    pubId: id(row.pub_id, 'pub_id'),
    brandId: id(row.brand_id, 'brand_id'),
  }
}

export interface ActivityRow {
  cuid: string
  brandId: number | null
  date: string
  txnId: string | null
  currency: string | null
  amounts: Record<AmountField, string>
  depositCount: number
  betCount: number
  ftd: boolean
}

const ACTIVITY_ALLOWED = new Set<string>(ACTIVITY_COLUMNS)

export function readActivity(input: unknown, context: DateContext): ActivityRow {
  const row = asObject(input)
  checkColumns(row, ACTIVITY_ALLOWED)
  const cuid = text(row.cuid, 'cuid', 100)
  if (cuid === null) refuse('required', { field: 'cuid' })
  const amounts = {} as Record<AmountField, string>
  for (const field of AMOUNT_FIELDS) amounts[field] = amount(row[field], field)
  return {
    cuid: cuid!,
    brandId: id(row.brand_id, 'brand_id'),
    date: activityDate(row.date, context),
    txnId: text(row.txn_id, 'txn_id', 100),
    currency: currency(row.curr),
    amounts,
    depositCount: count(row.deposit_count, 'deposit_count'),
    betCount: count(row.bet_count, 'bet_count'),
    ftd: flag(row.ftd, 'ftd'),
  }
}

/** Runs a reader, turning a refusal into the row's error. */
export function attempt<T>(read: () => T): { ok: true; row: T } | { ok: false; error: RowError } {
  try {
    return { ok: true, row: read() }
  } catch (error) {
    if (error instanceof RowRefused) return { ok: false, error: error.error }
    throw error
  }
}
