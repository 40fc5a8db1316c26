/*
 * Conversion caps (COMMISSIONS §9, §12): the campaigns' caps on leads, ftd, deposits and
 * c_deposit count events as they are recorded, with the click caps' atomic counters (the
 * tracking plugin's Redis script: every bucket of every applicable cap is checked and all
 * are incremented only when none is full, so an event denied by one window counts in none).
 *
 * - day, 15-day, month and lifetime buckets are those of the event's date in the
 *   organisation's zone; the hourly bucket is that of the registration instant, or of the
 *   arrival for date-only activity;
 * - `each_affiliate` counts per earning affiliate;
 * - registrations count against `leads`, FTDs against `ftd` and `deposits`, other deposits
 *   against `deposits`, cumulative deposits against `c_deposit`;
 * - over the cap the event is recorded `denied` (the engine denies the rows it triggers);
 *   `pause_campaign` / `disable_campaign` also stop the campaign (after the commit).
 *
 * Counters are taken inside the writing transaction and given back if it rolls back, so a
 * failed batch counts nothing. A process killed between the take and the commit leaves its
 * take counted (the buckets then deny a little early, never late).
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { applyCapAction, capPeriods, CAP_PERIODS, conversionCaps, type CapRule } from '@affix/campaigns/contracts'
import { createCapCounters, type CapCheck, type CapCounters } from '@affix/tracking/contracts'
import { onInvalidation } from '@affix/core/kernel'
import type { ConversionType } from '../constants.js'
import { sql } from '../sql.js'

let counters: CapCounters | null = null

export function conversionCounters(): CapCounters {
  counters ??= createCapCounters()
  return counters
}

export async function closeConversionCounters() {
  const closing = counters
  counters = null
  await closing?.close()
}

/**
 * The campaigns' conversion caps, cached per process for a few seconds (every batch asks) and
 * dropped when campaigns publishes a change of a campaign or its caps.
 */
const CAPS_TTL_MS = 10_000
const capCache = new Map<number, { caps: CapRule[]; until: number }>()
let listening = false

async function capsOf(campaignIds: number[]): Promise<Map<number, CapRule[]>> {
  if (!listening) {
    listening = true
    onInvalidation('campaigns', ({ id }) => (id === undefined ? capCache.clear() : capCache.delete(id)))
  }
  const now = Date.now()
  const missing = campaignIds.filter((id) => (capCache.get(id)?.until ?? 0) <= now)
  if (missing.length) {
    const loaded = await conversionCaps(missing)
    for (const id of missing) capCache.set(id, { caps: loaded.get(id) ?? [], until: now + CAPS_TTL_MS })
  }
  const result = new Map<number, CapRule[]>()
  for (const id of campaignIds) {
    const caps = capCache.get(id)?.caps ?? []
    if (caps.length) result.set(id, caps)
  }
  return result
}

/** Cap variables an event counts against. */
const VARIABLES: Record<ConversionType, ReadonlyArray<CapRule['variable']>> = {
  registration: ['leads'],
  ftd: ['ftd', 'deposits'],
  deposit: ['deposits'],
  c_deposit: ['c_deposit'],
}

export interface CountedConversion {
  id: number
  campaignId: number
  affiliateId: number | null
  type: ConversionType
  /** The event's date in the organisation's zone. */
  date: string
  /** Registration instant, or arrival for activity. */
  instant: Date
}

export interface CapDecision {
  status: 'counted' | 'denied'
  capId: number | null
  action: CapRule['action'] | null
}

/** Keeps day buckets of late events alive for a while (an ended bucket would otherwise expire at once). */
const LATE_EVENT_MS = 40 * 86_400_000

type Buckets = ReturnType<typeof capPeriods>

/*
 * The buckets of a date and of an instant, memoised: a batch asks for thousands of events
 * that fall on a few dates and hours, and working them out in a zone is the dear part.
 */
const dateBuckets = new Map<string, Buckets>()
function bucketsOfDate(date: string, timezone: string): Buckets {
  const key = `${timezone}|${date}`
  let buckets = dateBuckets.get(key)
  if (!buckets) {
    if (dateBuckets.size > 5000) dateBuckets.clear()
    buckets = capPeriods(DateTime.fromISO(date, { zone: timezone }).set({ hour: 12 }).toJSDate(), timezone)
    dateBuckets.set(key, buckets)
  }
  return buckets
}

const instantBuckets = new Map<string, Buckets>()
function bucketsOfInstant(instant: Date, timezone: string): Buckets {
  const time = instant.getTime()
  // Keyed by the UTC hour; a zone whose hours start at :30 or :45 is checked against the bucket's bounds.
  const key = `${timezone}|${Math.floor(time / 3_600_000)}`
  const hit = instantBuckets.get(key)
  if (hit && hit.hourly.startsAt!.getTime() <= time && time < hit.hourly.endsAt!.getTime()) return hit
  if (instantBuckets.size > 5000) instantBuckets.clear()
  const buckets = capPeriods(instant, timezone)
  instantBuckets.set(key, buckets)
  return buckets
}

function checksFor(conversion: CountedConversion, caps: CapRule[], timezone: string, now: number) {
  const checks: CapCheck[] = []
  const rules: CapRule[] = []
  const applicable = caps.filter((cap) => VARIABLES[conversion.type].includes(cap.variable))
  if (!applicable.length) return { checks, rules }
  const byDate = bucketsOfDate(conversion.date, timezone)
  const byInstant = bucketsOfInstant(conversion.instant, timezone)
  for (const cap of applicable) {
    for (const period of CAP_PERIODS) {
      const limit = cap.limits[period]
      if (limit === undefined || limit === null) continue
      const bucket = period === 'hourly' ? byInstant.hourly : byDate[period]
      const suffix = cap.type === 'each_affiliate' ? `:a${conversion.affiliateId ?? 0}` : ''
      checks.push({
        key: `{c${conversion.campaignId}}:${cap.id}:${bucket.key}${suffix}`,
        limit,
        endsAt: bucket.endsAt === null ? null : Math.max(bucket.endsAt.getTime(), now) + LATE_EVENT_MS,
      })
      rules.push(cap)
    }
  }
  return { checks, rules }
}

/**
 * Takes the counters of new conversions, in order, and records each decision on its row.
 * Registers on `trx`: give the counters back on rollback; run the campaign actions after commit.
 */
export async function countConversions(
  trx: TransactionClientContract,
  timezone: string,
  conversions: CountedConversion[],
  organizationId: number
): Promise<Map<number, CapDecision>> {
  const decisions = new Map<number, CapDecision>()
  if (!conversions.length) return decisions
  const caps = await capsOf([...new Set(conversions.map((conversion) => conversion.campaignId))])
  if (!caps.size) return decisions
  const now = Date.now()
  const counter = conversionCounters()
  const pending = conversions
    .map((conversion) => ({
      conversion,
      ...checksFor(conversion, caps.get(conversion.campaignId) ?? [], timezone, now),
    }))
    .filter((entry) => entry.checks.length)
  if (!pending.length) return decisions
  // Commands are pipelined in this order, so events are decided in arrival order.
  const answers = await Promise.all(pending.map((entry) => counter.take(entry.checks)))
  const taken: CapCheck[] = []
  const actions = new Map<string, { campaignId: number; action: CapRule['action'] }>()
  pending.forEach((entry, index) => {
    const full = answers[index]
    if (full === 0) {
      taken.push(...entry.checks)
      decisions.set(entry.conversion.id, { status: 'counted', capId: null, action: null })
    } else {
      const rule = entry.rules[full - 1]
      decisions.set(entry.conversion.id, { status: 'denied', capId: rule.id, action: rule.action })
      if (rule.action !== 'reject_activity')
        actions.set(`${entry.conversion.campaignId}:${rule.action}`, {
          campaignId: entry.conversion.campaignId,
          action: rule.action,
        })
    }
  })
  trx.after('rollback', async () => {
    await counter.release(taken).catch((error) => logger.error({ err: error }, 'customers: cap release failed'))
  })
  if (actions.size) {
    trx.after('commit', async () => {
      for (const { campaignId, action } of actions.values()) {
        await applyCapAction(organizationId, campaignId, action).catch((error) =>
          logger.error({ err: error, campaignId }, 'customers: cap action failed')
        )
      }
    })
  }
  const ids = [...decisions.keys()]
  await sql(
    trx,
    `UPDATE customer_conversions c SET cap_status = d.status, cap_id = d.cap_id, cap_action = d.action
       FROM unnest(?::bigint[], ?::text[], ?::int[], ?::text[]) AS d(id, status, cap_id, action)
      WHERE c.id = d.id AND c.id = ANY(?::bigint[])`,
    [
      ids,
      ids.map((id) => decisions.get(id)!.status),
      ids.map((id) => decisions.get(id)!.capId),
      ids.map((id) => decisions.get(id)!.action),
      ids,
    ]
  )
  return decisions
}
