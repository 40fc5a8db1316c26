import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { eventIdFor } from '../../src/delivery/macros.js'
import { API, affiliate, idle, organization, receiver, register, today, waitFor } from './helpers.js'

/*
 * What a postback carries and when it fires: the customer-ID masking that follows the
 * organisation's preference, the qualified CPA of every goal (from the commission ledger),
 * the rules' campaign, event and amount conditions, and the click macros.
 */
const ALLOW = '127.0.0.1'
const base = () => `http://${process.env.HOST}:${process.env.PORT}`

async function setMasking(orgId: number, maskCustomerId: boolean) {
  await db
    .from('organizations')
    .where('id', orgId)
    .update({ preferences: JSON.stringify({ maskCustomerId }) })
}

async function campaignOf(orgId: number, title: string) {
  const campaign = await db.from('campaigns').where('organization_id', orgId).firstOrFail()
  const [row] = await db
    .table('campaigns')
    .insert({
      organization_id: orgId,
      brand_id: campaign.brand_id,
      title: `${title} ${Date.now()}-${Math.random()}`,
      status: 'active',
      visibility: 'public',
      default_url: 'https://brand.example/?c={click_id}',
      currency: 'USD',
    })
    .returning('id')
  return Number(row.id)
}

async function activity(client: any, token: string, rows: unknown[]) {
  const response = await client.post('/api/v1/customers/activity/batch').bearerToken(token).json({ rows })
  if (response.status() !== 200 || response.body().data.summary.error)
    throw new Error(`activity refused: ${response.text()}`)
}

const settle = () => new Promise((done) => setTimeout(done, 1500))

test.group('Postbacks: what fires and what it carries', (group) => {
  let previous: string | undefined
  group.each.setup(() => {
    previous = process.env.AFFIX_OUTBOUND_ALLOW
    process.env.AFFIX_OUTBOUND_ALLOW = ALLOW
    return () => {
      if (previous === undefined) delete process.env.AFFIX_OUTBOUND_ALLOW
      else process.env.AFFIX_OUTBOUND_ALLOW = previous
    }
  })

  test("{customer_id} follows the organisation's masking for affiliates; no flag unmasks; global postbacks get the raw id", async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, campaignId } = await organization()
    await setMasking(orgId, true)
    const aff = await affiliate(orgId)
    const healthy = await receiver()
    try {
      // The affiliate asks for raw ids on its own postback: accepted, but the organisation masks.
      const own = await client
        .post(`${API}/postback`)
        .bearerToken(aff.token)
        .json({
          name: 'Own',
          events: ['registration'],
          maskCustomerId: false,
          url: `${healthy.base}/own?cid={customer_id}&eid={event_id}`,
        })
      own.assertStatus(201)
      assert.isFalse(own.body().data.maskCustomerId)
      const always = await client
        .post(`${API}/postback`)
        .bearerToken(aff.token)
        .json({
          name: 'Always masked',
          events: ['registration'],
          maskCustomerId: true,
          url: `${healthy.base}/always?cid={customer_id}&eid={event_id}`,
        })
      always.assertStatus(201)
      const global = await client
        .post(`${API}/postback`)
        .bearerToken(tenant.token)
        .json({ name: 'Network', events: ['registration'], url: `${healthy.base}/net?cid={customer_id}` })
      global.assertStatus(201)
      assert.isFalse(global.body().data.maskCustomerId, 'a new postback follows the organisation by default')

      const row = (cuid: string) => ({ cuid, date: today(), curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id })
      await register(client, tenant.token, [row('secret-player-1')])
      await waitFor(async () => healthy.requests.length >= 3 && (await idle(orgId)), 30_000, 'three postbacks')
      const cidAt = (path: string) =>
        healthy.requests.filter((request) => request.url.pathname === path).map((r) => r.url.searchParams.get('cid'))
      assert.deepEqual(cidAt('/own'), ['se********-1'])
      assert.deepEqual(cidAt('/always'), cidAt('/own'))
      assert.deepEqual(cidAt('/net'), ['secret-player-1'])

      // The organisation stops masking: the affiliate's postback now gets the raw id, unless it masks always.
      await setMasking(orgId, false)
      await register(client, tenant.token, [row('open-player-2')])
      await waitFor(async () => healthy.requests.length >= 6 && (await idle(orgId)), 30_000, 'three more postbacks')
      await settle()
      assert.deepEqual(cidAt('/own'), ['se********-1', 'open-player-2'])
      assert.deepEqual(cidAt('/always'), ['se********-1', 'op********-2'])
      assert.deepEqual(cidAt('/net'), ['secret-player-1', 'open-player-2'])
    } finally {
      await healthy.close()
    }
  }).timeout(90_000)

  test('qualified_cpa fires once per customer for the goal CPA of every goal, with payout and amount', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, campaignId: leadsCampaign } = await organization()
    const aff = await affiliate(orgId)
    const healthy = await receiver()
    try {
      const campaigns = {
        leads: leadsCampaign,
        ftd: await campaignOf(orgId, 'QFTD'),
        ngr: await campaignOf(orgId, 'NGR'),
        d: await campaignOf(orgId, 'Per deposit'),
        c_deposit: await campaignOf(orgId, 'Cumulative goal'),
        cumulative: await campaignOf(orgId, 'Cumulative model'),
      }
      const plans: Record<keyof typeof campaigns, Record<string, unknown>> = {
        leads: { model: 'cpa', goal: 'leads', cpaPayout: 5 },
        ftd: { model: 'cpa', goal: 'ftd', cpaPayout: 40, qftd: { minDeposit: 50 } },
        ngr: { model: 'cpa', goal: 'ngr', cpaPayout: 30, rules: [{ variable: 'ngr', operator: 'gte', value: 100 }] },
        d: { model: 'cpa', goal: 'd', cpaPayout: 3 },
        c_deposit: { model: 'cpa', goal: 'c_deposit', cpaPayout: 20, cumulativeDeposit: 150 },
        cumulative: { model: 'cumulative_deposit', cpaCdP: 25, cumulativeDeposit: 100, numberOfDays: 30 },
      }
      for (const [name, plan] of Object.entries(plans)) {
        const saved = await client
          .put(`/api/v1/campaigns/campaigns/${campaigns[name as keyof typeof campaigns]}/payout`)
          .bearerToken(tenant.token)
          .json(plan)
        assert.equal(saved.status(), 200, `${name}: ${saved.text()}`)
      }
      const created = await client
        .post(`${API}/postback`)
        .bearerToken(tenant.token)
        .json({
          name: 'Qualified',
          affiliateId: aff.user.id,
          events: ['qualified_cpa'],
          url: `${healthy.base}/q?e={event}&cid={customer_id}&camp={campaign_id}&p={payout}&a={amount}&c={currency}&eid={event_id}`,
        })
      created.assertStatus(201)
      const player = (cuid: string, campaign: number) => ({
        cuid,
        date: today(),
        curr: 'USD',
        campaign_id: campaign,
        pub_id: aff.user.id,
      })
      const customers = await register(client, tenant.token, [
        player('q-leads', campaigns.leads),
        player('q-ftd', campaigns.ftd),
        player('q-small-ftd', campaigns.ftd),
        player('q-ngr', campaigns.ngr),
        player('q-d', campaigns.d),
        player('q-cdep', campaigns.c_deposit),
        player('q-cum', campaigns.cumulative),
      ])
      const day = today()
      await activity(client, tenant.token, [
        { cuid: 'q-ftd', date: day, txn_id: 'q1', deposits: 100, deposit_count: 1, ftd: 1 },
        // Below the QFTD minimum: an FTD, but no qualified CPA.
        { cuid: 'q-small-ftd', date: day, txn_id: 'q2', deposits: 20, deposit_count: 1, ftd: 1 },
        { cuid: 'q-ngr', date: day, txn_id: 'q3', deposits: 600, deposit_count: 1, ftd: 1, bets: 500, wins: 100 },
        { cuid: 'q-d', date: day, txn_id: 'q4', deposits: 40, deposit_count: 2, ftd: 1 },
        { cuid: 'q-cdep', date: day, txn_id: 'q5', deposits: 100, deposit_count: 1, ftd: 1 },
        { cuid: 'q-cum', date: day, txn_id: 'q6', deposits: 120, deposit_count: 1, ftd: 1 },
      ])
      // Later activity: another CPA row of goal d, the cumulative goal reached; neither fires twice.
      await activity(client, tenant.token, [
        { cuid: 'q-d', date: day, txn_id: 'q7', deposits: 10, deposit_count: 1 },
        { cuid: 'q-cdep', date: day, txn_id: 'q8', deposits: 60, deposit_count: 1 },
        { cuid: 'q-cum', date: day, txn_id: 'q9', deposits: 10, deposit_count: 1 },
      ])
      await waitFor(async () => healthy.requests.length >= 6 && (await idle(orgId)), 60_000, 'six qualified CPAs')
      await waitFor(
        async () => {
          const dirty = await db.from('payouts_dirty_customers').where('organization_id', orgId).count('* as n').first()
          return Number(dirty.n) === 0 && (await idle(orgId))
        },
        30_000,
        'the ledger'
      )
      await settle()
      const byCampaign = new Map(
        healthy.requests.map((request) => [Number(request.url.searchParams.get('camp')), request.url.searchParams])
      )
      assert.lengthOf(healthy.requests, 6, healthy.requests.map((request) => request.url.search).join('\n'))
      const expected: Array<[keyof typeof campaigns, string]> = [
        ['leads', '5.00'],
        ['ftd', '40.00'],
        ['ngr', '30.00'],
        ['d', '6.00'],
        ['c_deposit', '20.00'],
        ['cumulative', '25.00'],
      ]
      for (const [name, payout] of expected) {
        const params = byCampaign.get(campaigns[name])
        assert.exists(params, name)
        assert.equal(params!.get('e'), 'qualified_cpa')
        assert.equal(params!.get('p'), payout, name)
        assert.equal(params!.get('a'), payout, name)
        assert.equal(params!.get('c'), 'USD')
      }
      const idOf = (cuid: string, index: number) => ({ cuid, id: customers[index].id })
      const qualified = [
        idOf('q-leads', 0),
        idOf('q-ftd', 1),
        idOf('q-ngr', 3),
        idOf('q-d', 4),
        idOf('q-cdep', 5),
        idOf('q-cum', 6),
      ]
      assert.sameMembers(
        healthy.requests.map((request) => request.url.searchParams.get('eid')),
        qualified.map(({ id }) => eventIdFor(orgId, 'postback', created.body().data.id, `qualified_cpa:${id}`))
      )
      assert.sameMembers(
        healthy.requests.map((request) => request.url.searchParams.get('cid')),
        qualified.map(({ cuid }) => cuid)
      )
    } finally {
      await healthy.close()
    }
  }).timeout(120_000)

  test('rules: a campaign condition, an event condition and an amount range (bounds included)', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, campaignId } = await organization()
    const other = await campaignOf(orgId, 'Other')
    const aff = await affiliate(orgId)
    const healthy = await receiver()
    try {
      const created = await client
        .post(`${API}/postback`)
        .bearerToken(tenant.token)
        .json({
          name: 'Ruled',
          affiliateId: aff.user.id,
          events: ['registration', 'deposit'],
          url: `${healthy.base}/pb?e={event}&a={amount}&camp={campaign_id}&eid={event_id}`,
        })
      const postbackId = created.body().data.id
      const rules = [
        { name: 'Not the other campaign', action: 'skip', priority: 1, campaignIds: [other] },
        { name: 'No registrations', action: 'skip', priority: 2, events: ['registration'] },
        { name: 'Mid deposits', action: 'skip', priority: 3, events: ['deposit'], minAmount: '10', maxAmount: '100' },
      ]
      for (const rule of rules) {
        const saved = await client
          .post(`${API}/pbrules`)
          .bearerToken(tenant.token)
          .json({ postbackId, ...rule })
        saved.assertStatus(201)
      }
      const unknownCampaign = await client
        .post(`${API}/pbrules`)
        .bearerToken(tenant.token)
        .json({ postbackId, name: 'Bad', campaignIds: [2_000_000_000] })
      unknownCampaign.assertStatus(422)
      await register(client, tenant.token, [
        { cuid: 'ra-1', date: today(), curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
        { cuid: 'rb-1', date: today(), curr: 'USD', campaign_id: other, pub_id: aff.user.id },
      ])
      const day = today()
      await activity(client, tenant.token, [
        { cuid: 'ra-1', date: day, txn_id: 'r0', deposits: 1, deposit_count: 1, ftd: 1 },
        { cuid: 'rb-1', date: day, txn_id: 'rb0', deposits: 1, deposit_count: 1, ftd: 1 },
      ])
      await activity(client, tenant.token, [
        { cuid: 'ra-1', date: day, txn_id: 'r1', deposits: 5, deposit_count: 1 },
        { cuid: 'ra-1', date: day, txn_id: 'r2', deposits: 10, deposit_count: 1 },
        { cuid: 'ra-1', date: day, txn_id: 'r3', deposits: 50, deposit_count: 1 },
        { cuid: 'ra-1', date: day, txn_id: 'r4', deposits: 100, deposit_count: 1 },
        { cuid: 'ra-1', date: day, txn_id: 'r5', deposits: 150, deposit_count: 1 },
        // The other campaign's deposit is skipped by its campaign rule, whatever the amount.
        { cuid: 'rb-1', date: day, txn_id: 'rb1', deposits: 500, deposit_count: 1 },
      ])
      await waitFor(async () => healthy.requests.length >= 2 && (await idle(orgId)), 30_000, 'two deposits')
      await settle()
      const deposits = await db.from('postback_deliveries').where({ organization_id: orgId }).count('* as n').first()
      // Only deposits below 10 and above 100 of the first campaign fire.
      assert.sameDeepMembers(
        healthy.requests.map((request) => [
          request.url.searchParams.get('e'),
          Number(request.url.searchParams.get('a')),
          Number(request.url.searchParams.get('camp')),
        ]),
        [
          ['deposit', 5, campaignId],
          ['deposit', 150, campaignId],
        ],
        JSON.stringify(healthy.requests.map((request) => request.url.search))
      )
      assert.equal(Number(deposits.n), 2)
    } finally {
      await healthy.close()
    }
  }).timeout(90_000)

  test('the click macros {p1}…{p10}, {sub1}…{sub10} and {source} come from the tracked click', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, campaignId } = await organization()
    const aff = await affiliate(orgId)
    const healthy = await receiver()
    try {
      const names = [
        ...Array.from({ length: 10 }, (_, index) => `p${index + 1}`),
        ...Array.from({ length: 10 }, (_, index) => `sub${index + 1}`),
      ]
      const created = await client
        .post(`${API}/postback`)
        .bearerToken(tenant.token)
        .json({
          name: 'Click macros',
          affiliateId: aff.user.id,
          events: ['registration'],
          url: `${healthy.base}/pb?click={click_id}&src={source}&${names.map((name) => `${name}={${name}}`).join('&')}`,
        })
      created.assertStatus(201)
      // A real click through the redirect; p3 and sub7 are not sent (they stay empty).
      const sent = names.filter((name) => name !== 'p3' && name !== 'sub7')
      const query = sent.map((name) => `${name}=${encodeURIComponent(`${name} value&more`)}`).join('&')
      const response = await fetch(`${base()}/c/${campaignId}?pub_id=${aff.user.id}&source=news%20letter&${query}`, {
        redirect: 'manual',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
      })
      await response.arrayBuffer()
      assert.equal(response.status, 302)
      const clickId = new URL(response.headers.get('location')!).searchParams.get('c')!
      await register(client, tenant.token, [{ cuid: 'clicker', date: today(), curr: 'USD', cid: clickId }])
      await waitFor(async () => healthy.requests.length >= 1 && (await idle(orgId)), 30_000, 'the postback')
      const params = healthy.requests[0].url.searchParams
      assert.equal(params.get('click'), clickId)
      assert.equal(params.get('src'), 'news letter')
      for (const name of sent) assert.equal(params.get(name), `${name} value&more`, name)
      assert.equal(params.get('p3'), '')
      assert.equal(params.get('sub7'), '')
      // Each value is URL-encoded once in the URL as sent.
      assert.include(healthy.requests[0].url.search, `p1=${encodeURIComponent('p1 value&more')}`)
    } finally {
      await healthy.close()
    }
  }).timeout(60_000)
})
