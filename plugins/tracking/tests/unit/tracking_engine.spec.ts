import { test } from '@japa/runner'
import redis from '@adonisjs/redis/services/main'
import { ClickEngine } from '../../src/engine/engine.js'
import { TtlCache } from '../../src/engine/ttl_cache.js'
import { MemoryCapCounters, createCapCounters, type CapCounters } from '../../src/engine/cap_counters.js'
import { matchesTargeting } from '@affix/campaigns/contracts'
import type { ClickSources } from '../../src/engine/sources.js'
import type { ClickRow, ClickWriter } from '../../src/engine/click_writer.js'
import type { CapRule, FraudVerdict, TrackingCampaign } from '../../src/engine/types.js'

/*
 * The click decision with injected sources, counters and clock: caps (periods, actions,
 * exactly-N under concurrency), targeting, fraud and deep links.
 */
let nextCampaignId = Math.floor(Math.random() * 1e6) * 1000

function campaign(overrides: Partial<TrackingCampaign> = {}): TrackingCampaign {
  return {
    id: ++nextCampaignId,
    organizationId: 1,
    brandId: 3,
    status: 'active',
    visibility: 'public',
    defaultUrl: 'https://brand.example/?c={click_id}',
    fallbackUrl: 'https://fallback.example/?c={click_id}',
    expiresAt: null,
    timezone: 'UTC',
    blockedAffiliateIds: new Set(),
    approvedAffiliateIds: null,
    deepLinks: [{ id: 5, url: 'https://brand.example/sports?c={click_id}' }],
    allowedDeepLinkHosts: new Set(['brand.example']),
    caps: [],
    targeting: [],
    ...overrides,
  }
}

function harness(
  subject: TrackingCampaign,
  options: { counters?: CapCounters; verdict?: FraudVerdict; now?: () => number } = {}
) {
  const rows: ClickRow[] = []
  const actions: string[] = []
  const sources: ClickSources = {
    loadCampaign: async (id) => (id === subject.id ? subject : null),
    loadAffiliate: async (id) => ({ id, organizationId: 1, active: true }),
    loadFraudRules: async () => (options.verdict ? { organizationId: 1, rules: [] } : null),
    evaluateFraud: () => options.verdict!,
    matchesTargeting,
    applyCapAction: async (_org, _campaign, action) => {
      actions.push(action)
    },
    trackingEnabled: async () => true,
    resolveShortLink: async () => null,
  }
  const writer = { write: async (row: ClickRow) => void rows.push(row) } as unknown as ClickWriter
  const engine = new ClickEngine({
    sources,
    counters: options.counters ?? new MemoryCapCounters(),
    writer,
    now: options.now,
  })
  const hit = (query = 'pub_id=7', ip = '203.0.113.9') =>
    engine.handle({
      campaignId: String(subject.id),
      query: new URLSearchParams(query),
      ip,
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36',
      acceptLanguage: 'en-GB',
    })
  return { engine, rows, actions, hit }
}

const clicksCap = (limits: CapRule['limits'], extra: Partial<CapRule> = {}): CapRule => ({
  id: 1,
  variable: 'clicks',
  type: 'combined',
  visibility: 'public',
  limits,
  action: 'reject_activity',
  ...extra,
})

test.group('Tracking: caps, actions, targeting, fraud', () => {
  for (const kind of ['memory', 'redis'] as const) {
    test(`exactly N of 2N concurrent clicks pass a lifetime cap of N (${kind})`, async ({ assert }) => {
      const counters = kind === 'memory' ? new MemoryCapCounters() : createCapCounters(redis.connection('caps'))
      const { hit, rows } = harness(campaign({ caps: [clicksCap({ lifetime: 100 })] }), { counters })
      const answers = await Promise.all(Array.from({ length: 200 }, () => hit()))
      assert.equal(answers.filter((answer) => answer.location?.startsWith('https://brand.example/')).length, 100)
      assert.equal(answers.filter((answer) => answer.location?.startsWith('https://fallback.example/')).length, 100)
      assert.equal(rows.filter((row) => row.reason === 'cap_reached' && row.outcome === 'fallback').length, 100)
      await counters.close()
    })
  }

  test('hourly, daily and per-affiliate caps with a moving clock; the combined cap spans affiliates', async ({
    assert,
  }) => {
    let now = Date.parse('2024-05-01T10:10:00Z')
    const subject = campaign({
      caps: [clicksCap({ hourly: 2, daily: 3 }), clicksCap({ lifetime: 1 }, { id: 2, type: 'each_affiliate' })],
    })
    const { hit } = harness(subject, { now: () => now })
    assert.equal((await hit('pub_id=7')).reason, null)
    assert.equal((await hit('pub_id=7')).reason, 'cap_reached') // per-affiliate lifetime 1
    assert.equal((await hit('pub_id=8')).reason, null)
    assert.equal((await hit('pub_id=9')).reason, 'cap_reached') // hourly 2 combined
    now = Date.parse('2024-05-01T11:00:00Z')
    assert.equal((await hit('pub_id=9')).reason, null) // new hour; daily now 3
    assert.equal((await hit('pub_id=10')).reason, 'cap_reached') // daily 3
    now = Date.parse('2024-05-02T00:00:00Z')
    assert.equal((await hit('pub_id=10')).reason, null)
  })

  test('cap actions: reject_activity only falls back; pause and disable call applyCapAction once', async ({
    assert,
  }) => {
    for (const action of ['reject_activity', 'pause_campaign', 'disable_campaign'] as const) {
      const { hit, actions } = harness(campaign({ caps: [clicksCap({ lifetime: 1 }, { action })] }))
      assert.equal((await hit()).reason, null)
      const answers = await Promise.all([hit(), hit(), hit()])
      assert.isTrue(
        answers.every(
          (answer) => answer.reason === 'cap_reached' && answer.location!.startsWith('https://fallback.example/')
        )
      )
      assert.deepEqual(actions, action === 'reject_activity' ? [] : [action])
    }
  })

  test('leads caps do not limit clicks', async ({ assert }) => {
    const { hit } = harness(campaign({ caps: [clicksCap({ lifetime: 0 }, { variable: 'leads' })] }))
    assert.equal((await hit()).reason, null)
  })

  test('targeting miss falls back; a match redirects', async ({ assert }) => {
    const targeting = [
      {
        id: 1,
        name: 'Desktop EN',
        logic: 'and' as const,
        conditions: [
          { field: 'device' as const, operator: 'in' as const, values: ['desktop'] },
          { field: 'language' as const, operator: 'in' as const, values: ['en'] },
        ],
      },
    ]
    assert.equal((await harness(campaign({ targeting })).hit()).reason, null)
    const blocked = [
      {
        id: 2,
        name: 'No UK range',
        logic: 'or' as const,
        conditions: [{ field: 'ip_range' as const, operator: 'in' as const, values: ['198.51.100.0/24'] }],
      },
    ]
    const { hit, rows } = harness(campaign({ targeting: blocked }))
    assert.equal((await hit()).reason, 'targeting')
    assert.equal(rows[0].outcome, 'fallback')
    assert.equal((await hit('pub_id=7', '198.51.100.77')).reason, null)
  })

  test('fraud: block falls back with fraud_block; mark redirects and records the marks', async ({ assert }) => {
    const block = harness(campaign(), { verdict: { action: 'block', ruleIds: [4], reasons: ['data_center'] } })
    assert.equal((await block.hit()).reason, 'fraud_block')
    assert.equal(block.rows[0].fraudAction, 'block')
    const mark = harness(campaign(), { verdict: { action: 'mark', ruleIds: [9], reasons: ['proxy'] } })
    const answer = await mark.hit()
    assert.equal(answer.status, 302)
    assert.equal(answer.reason, null)
    assert.equal(mark.rows[0].fraudAction, 'mark')
    assert.deepEqual(JSON.parse(mark.rows[0].fraud!), { ruleIds: [9], reasons: ['proxy'] })
  })

  test('deep_link=<id> of the campaign picks its URL; an unknown id keeps the default', async ({ assert }) => {
    const { hit, rows } = harness(campaign())
    assert.match((await hit('pub_id=7&deep_link=5')).location!, /^https:\/\/brand\.example\/sports\?c=/)
    assert.equal(rows[0].deepLinkId, 5)
    assert.match((await hit('pub_id=7&deep_link=6')).location!, /^https:\/\/brand\.example\/\?c=/)
  })
})

test.group('tracking: the click path cache', () => {
  test('a flood of made-up ids never evicts a live entry', async ({ assert }) => {
    const loads: number[] = []
    const live = new Set([1, 2, 3, 4])
    const cache = new TtlCache<number, string | null>(
      async (id) => {
        loads.push(id)
        return live.has(id) ? `campaign ${id}` : null
      },
      60_000,
      3,
      2
    )
    assert.equal(await cache.get(1), 'campaign 1')
    assert.equal(await cache.get(2), 'campaign 2')
    for (let id = 1000; id < 1100; id++) assert.isNull(await cache.get(id))
    assert.deepEqual(cache.size, { values: 2, absent: 2 })
    loads.length = 0
    // Both live campaigns answer from memory; the newest made-up ids too.
    assert.equal(await cache.get(1), 'campaign 1')
    assert.equal(await cache.get(2), 'campaign 2')
    assert.isNull(await cache.get(1099))
    assert.deepEqual(loads, [])
    // Live entries beyond the limit evict the oldest live one, not the other way round.
    await cache.get(3)
    await cache.get(4)
    assert.deepEqual(cache.size, { values: 3, absent: 2 })
    loads.length = 0
    await cache.get(1)
    assert.deepEqual(loads, [1])
    // An invalidated id that now exists moves from "not found" to the live entries.
    live.add(1099)
    cache.delete(1099)
    assert.equal(await cache.get(1099), 'campaign 1099')
    assert.deepEqual(cache.size, { values: 3, absent: 1 })
  })
})
