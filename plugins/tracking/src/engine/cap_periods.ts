/*
 * The cap buckets of an instant (campaigns' capPeriods: hourly, daily, 15 days, monthly,
 * lifetime in the organisation's zone), memoised per zone until the hour ends: the click
 * path asks on every click and the answer only changes on the hour.
 */
import { capPeriods, CAP_PERIODS, type CapPeriod } from '@affix/campaigns/contracts'

export { CAP_PERIODS, type CapPeriod }
export interface CapBucket {
  key: string
  /** Epoch ms when the bucket ends (null: lifetime). */
  endsAt: number | null
}

function inMillis(now: number, timezone: string): Record<CapPeriod, CapBucket> {
  const buckets = capPeriods(new Date(now), timezone)
  const result = {} as Record<CapPeriod, CapBucket>
  for (const period of CAP_PERIODS) {
    result[period] = { key: buckets[period].key, endsAt: buckets[period].endsAt?.getTime() ?? null }
  }
  return result
}

const memo = new Map<string, { from: number; until: number; buckets: Record<CapPeriod, CapBucket> }>()
export function cachedCapPeriods(now: number, timezone: string) {
  const hit = memo.get(timezone)
  if (hit && now >= hit.from && now < hit.until) return hit.buckets
  const buckets = inMillis(now, timezone)
  const until = buckets.hourly.endsAt!
  memo.set(timezone, { from: until - 3_600_000, until, buckets })
  return buckets
}
