/*
 * Demo data: a few hundred players of the demo organisation's public campaigns, attributed
 * explicitly to its affiliates (some organic), with 90 days of activity — through the same
 * ingest service as everything else, in a handful of set-based batches. Deterministic (a
 * seeded generator), so two demo databases look the same.
 */
import { DateTime } from 'luxon'
import type { SeedContext } from '@affix/core/kernel'
import { allowedCampaignAffiliates, campaignRefs } from '@affix/campaigns/contracts'
import { activeAffiliateIds } from '@affix/affiliates/contracts'
import { ingestActivity, ingestRegistrations } from './ingest/service.js'

const CUSTOMERS = 300
const DAYS = 90
const COUNTRIES = ['BR', 'PT', 'TR', 'BR', 'BR', 'DE']

/** mulberry32: a small deterministic generator. */
function generator(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const money = (value: number) => value.toFixed(2)

export async function seedCustomers({ organizationId, trx, now }: SeedContext) {
  const campaigns = (await campaignRefs(organizationId, trx)).filter((campaign) => campaign.status === 'active')
  const affiliates = await activeAffiliateIds(organizationId, { limit: 50, client: trx })
  if (!campaigns.length) return
  const allowed = await allowedCampaignAffiliates(
    organizationId,
    campaigns.flatMap((campaign) => affiliates.map((affiliate) => [campaign.id, affiliate] as [number, number])),
    trx
  )
  const pairs = [...allowed].map((key) => key.split(':').map(Number) as [number, number])
  const random = generator(20_260_101)
  // Relative to the seed's now (not the clock): two seeds with the same --now are identical.
  const today = DateTime.fromJSDate(now, { zone: 'UTC' }).startOf('day')
  const first = today.minus({ days: DAYS - 1 })
  const options = { organizationId, source: 'seed' as const, trx, timezone: 'UTC', now }

  const players = Array.from({ length: CUSTOMERS }, (_, i) => {
    const pair = pairs.length && random() < 0.85 ? pairs[Math.floor(random() * pairs.length)] : null
    const campaign = campaigns.find((candidate) => candidate.id === pair?.[0]) ?? campaigns[i % campaigns.length]
    const registered = first.plus({ days: Math.floor(random() * (DAYS - 5)), minutes: Math.floor(random() * 1440) })
    return {
      cuid: `demo-${String(i + 1).padStart(4, '0')}`,
      cu_name: `Demo Player ${i + 1}`,
      email: `player${i + 1}@players.example`,
      date: registered.toISO(),
      curr: campaign.currency,
      country: COUNTRIES[Math.floor(random() * COUNTRIES.length)],
      brand_id: campaign.brandId,
      ...(pair ? { campaign_id: pair[0], pub_id: pair[1] } : {}),
    }
  })
  await ingestRegistrations(options, players)

  const activity: Array<Record<string, unknown>> = []
  for (const player of players) {
    const registered = DateTime.fromISO(player.date!, { zone: 'UTC' }).startOf('day')
    const activeDays = Math.floor(today.diff(registered, 'days').days) + 1
    const engagement = random()
    let deposited = false
    for (let day = 0; day < activeDays; day++) {
      if (random() > engagement * 0.6) continue
      const deposit = random() < 0.35 ? 20 + Math.floor(random() * 48) * 5 : 0
      const bets = deposit * (1 + random() * 4) + random() * 50
      const wins = bets * (0.7 + random() * 0.25)
      activity.push({
        cuid: player.cuid,
        brand_id: player.brand_id,
        date: registered.plus({ days: day }).toISODate(),
        curr: player.curr,
        deposits: money(deposit),
        deposit_count: deposit ? 1 : 0,
        ftd: deposit && !deposited ? 1 : 0,
        ftd_amount: deposit && !deposited ? money(deposit) : 0,
        withdrawals: money(random() < 0.1 ? wins * 0.5 : 0),
        bets: money(bets),
        wins: money(wins),
        bonuses: money(random() < 0.2 ? 10 : 0),
        fees: money(bets * 0.01),
        bet_count: Math.floor(bets / 2),
      })
      if (deposit) deposited = true
    }
  }
  for (let start = 0; start < activity.length; start += 5000) {
    await ingestActivity(options, activity.slice(start, start + 5000))
  }
  await stampSeedTimes(trx, organizationId, now)
}

/**
 * Rows written by the ingest carry the database clock (`now()`, column defaults); a demo's
 * rows are stamped with the seed's now instead, and a conversion happened on its own day.
 */
async function stampSeedTimes(trx: SeedContext['trx'], organizationId: number, now: Date) {
  for (const table of ['customers', 'customer_activity'])
    await trx.rawQuery(`UPDATE ${table} SET created_at = ?, updated_at = ? WHERE organization_id = ?`, [
      now,
      now,
      organizationId,
    ])
  await trx.rawQuery(
    `UPDATE customer_conversions SET created_at = ?, occurred_at = least((date + time '12:00') AT TIME ZONE 'UTC', ?::timestamptz)
      WHERE organization_id = ?`,
    [now, now, organizationId]
  )
}
