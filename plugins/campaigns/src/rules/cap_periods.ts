/*
 * Cap periods (spec §9: hourly, daily, 15 days, monthly, lifetime) counted in the
 * organisation's time zone. Pure: for an instant and a zone it names the bucket each period
 * is in (the Redis counter's key suffix) and when that bucket ends (its expiry).
 *
 * - hourly: the local clock hour. In a DST fall-back the repeated hour is two buckets
 *   (the key carries the UTC offset); in a zone with a :30 offset the hour starts at :30 UTC.
 * - daily: the local calendar day (23 or 25 hours long on DST days).
 * - fifteenDays: calendar half-months — days 1–15 and 16 to the end of the month.
 * - monthly: the local calendar month.
 * - lifetime: one bucket for ever (endsAt null).
 * An unknown zone counts in UTC.
 */
import { DateTime } from 'luxon'

export type CapPeriod = 'hourly' | 'daily' | 'fifteenDays' | 'monthly' | 'lifetime'
export const CAP_PERIODS: readonly CapPeriod[] = ['hourly', 'daily', 'fifteenDays', 'monthly', 'lifetime']

export interface CapBucket {
  /** Stable name of the bucket, e.g. `d:2026-03-29`; same instant + zone → same key. */
  key: string
  /** The bucket's first instant (null for lifetime). */
  startsAt: Date | null
  /** The first instant after the bucket (null for lifetime). */
  endsAt: Date | null
}

export function capPeriods(now: Date, timezone: string): Record<CapPeriod, CapBucket> {
  let local = DateTime.fromJSDate(now, { zone: timezone })
  if (!local.isValid) local = DateTime.fromJSDate(now, { zone: 'UTC' })

  const hour = local.startOf('hour')
  const day = local.startOf('day')
  const month = local.startOf('month')
  const secondHalf = local.day > 15
  const half = secondHalf ? month.set({ day: 16 }).startOf('day') : month
  const halfEnd = secondHalf ? month.plus({ months: 1 }) : month.set({ day: 16 }).startOf('day')

  const bucket = (key: string, start: DateTime, end: DateTime): CapBucket => ({
    key,
    startsAt: start.toJSDate(),
    endsAt: end.toJSDate(),
  })
  return {
    // plus({ hours }) is elapsed time, so a DST hour ends one real hour later.
    hourly: bucket(`h:${hour.toFormat("yyyy-MM-dd'T'HHZZ")}`, hour, hour.plus({ hours: 1 })),
    // plus({ days }) is calendar time: the next local midnight (or first instant of that day).
    daily: bucket(`d:${day.toFormat('yyyy-MM-dd')}`, day, day.plus({ days: 1 }).startOf('day')),
    fifteenDays: bucket(`f:${month.toFormat('yyyy-MM')}-${secondHalf ? 2 : 1}`, half, halfEnd),
    monthly: bucket(`m:${month.toFormat('yyyy-MM')}`, month, month.plus({ months: 1 })),
    lifetime: { key: 'l', startsAt: null, endsAt: null },
  }
}
