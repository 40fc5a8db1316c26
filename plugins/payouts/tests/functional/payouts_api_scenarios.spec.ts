import { test } from '@japa/runner'
import { createTenant, followInvitation } from '@affix/core/testing'
import { enqueueJob } from '@affix/core/kernel'
import { activity, API, brief, register, rows, settled } from './helpers.js'

/*
 * Whole scenarios through the HTTP API only (COMMISSIONS end to end): only the organisation
 * comes from the test helpers (and the affiliate's invitation is followed as the person
 * would); the brand, campaign, plan, affiliates, clicks (the real redirect), customers,
 * activity, closes, approvals, payments and statements all go through the API. The ledger
 * computes in the real job worker.
 */

const PASSWORD = 'Ledger#Audit2026'
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const base = () => `http://${process.env.HOST}:${process.env.PORT}`

/** An organisation, its brand, a campaign with `plan` and affiliates — every step an API call. */
async function setup(client: any, plan: Record<string, unknown>, affiliates: Array<Record<string, unknown>> = [{}]) {
  const tenant = await createTenant('admin')
  const token = tenant.token as string
  const call = async (method: 'post' | 'put', path: string, body: unknown, status: number) => {
    const response = await client[method](path).bearerToken(token).json(body)
    response.assertStatus(status)
    return response.body().data
  }
  const brand = await call('post', '/api/v1/brands/brands', { name: `Lucky ${Date.now()}` }, 201)
  const campaign = await call(
    'post',
    '/api/v1/campaigns/campaigns',
    {
      title: 'Scenario offer',
      brandId: brand.id,
      defaultUrl: 'https://lucky.example/land?cid={click_id}',
      currency: 'USD',
      status: 'active',
      visibility: 'public',
    },
    201
  )
  await call('put', `/api/v1/campaigns/campaigns/${campaign.id}/payout`, plan, 200)
  const people = []
  for (const [index, profile] of affiliates.entries()) {
    const email = `scenario-${Date.now()}-${index}@affiliates.example`
    const created = await call(
      'post',
      '/api/v1/affiliates/affiliates',
      { email, name: `Affiliate ${index + 1}`, ...profile },
      201
    )
    people.push({ id: created.id as number, email })
  }
  return {
    token,
    orgId: tenant.org.id as number,
    brandId: brand.id as number,
    campaignId: campaign.id as number,
    people,
  }
}

/** The affiliate sets its password from the invitation and logs in. */
async function loginAs(client: any, person: { id: number; email: string }) {
  await followInvitation(person.id, PASSWORD)
  const login = await client.post('/api/v1/auth/login').json({ email: person.email, password: PASSWORD })
  login.assertStatus(200)
  return login.body().data.token as string
}

async function close(client: any, token: string, period: string) {
  const response = await client.post(`${API}/periods/${period}/close`).bearerToken(token)
  response.assertStatus(200)
  return response.body().data
}

async function statement(client: any, token: string, period: string) {
  const response = await client.get(`${API}/statements`).bearerToken(token).qs({ period })
  response.assertStatus(200)
  return response.body().data as Array<Record<string, any>>
}

const cents = (list: Array<Record<string, any>>) =>
  (
    list.reduce((sum, row) => sum + (row.status === 'denied' ? 0 : Math.round(Number(row.amount) * 100)), 0) / 100
  ).toFixed(2)

/** A click through the real redirect; returns the click id the landing URL carries. */
async function clickThrough(campaignId: number, affiliateId: number) {
  const response = await fetch(`${base()}/c/${campaignId}?pub_id=${affiliateId}`, {
    redirect: 'manual',
    headers: { 'user-agent': BROWSER, 'accept-language': 'pt-BR' },
  })
  await response.arrayBuffer()
  if (response.status !== 302) throw new Error(`click not redirected: ${response.status}`)
  return new URL(response.headers.get('location')!).searchParams.get('cid')!
}

test.group('Payouts: scenarios through the HTTP API only', () => {
  test('cpa on goal ftd with QFTD: rows as activity arrives, a click-attributed player, close, approve, pay, statement', async ({
    client,
    assert,
  }) => {
    const { token, orgId, campaignId, people } = await setup(client, {
      model: 'cpa',
      goal: 'ftd',
      cpaPayout: 100,
      cpaFtdP: 120,
      cpaRegP: 5,
      qftd: { minDeposit: 50, daysSinceRegistration: 3 },
    })
    const [aff] = people
    await register(client, token, [
      { cuid: 'q-1', date: '2025-01-02T09:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: aff.id },
      { cuid: 'q-2', date: '2025-01-02T10:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: aff.id },
    ])
    // q-1 reaches 55 within 3 days (day 3 included); q-2's second deposit is on day 4: never qualifies.
    await activity(client, token, [
      { cuid: 'q-1', date: '2025-01-03', txn_id: 'q1-a', deposits: 30, deposit_count: 1, ftd: 1 },
      { cuid: 'q-2', date: '2025-01-03', txn_id: 'q2-a', deposits: 30, deposit_count: 1, ftd: 1 },
    ])
    await settled(orgId)
    assert.deepEqual(brief(await rows(client, token, { period: '2025-01' })), [
      'registration:5.00:pending',
      'registration:5.00:pending',
    ])
    await activity(client, token, [
      { cuid: 'q-1', date: '2025-01-05', txn_id: 'q1-b', deposits: 25, deposit_count: 1 },
      { cuid: 'q-2', date: '2025-01-06', txn_id: 'q2-b', deposits: 25, deposit_count: 1 },
    ])
    await settled(orgId)
    const january = await rows(client, token, { period: '2025-01' })
    assert.deepEqual(brief(january), ['cpa:120.00:pending', 'registration:5.00:pending', 'registration:5.00:pending'])
    const cpa = january.find((row) => row.type === 'cpa')!
    const explained = (await client.get(`${API}/rows/${cpa.id}`).bearerToken(token)).body().data
    assert.equal(explained.explanation.qualifiedOn, '2025-01-05')
    assert.deepInclude(explained.explanation.conditions[0], { name: 'qftd', value: '55', threshold: '50' })

    // A player attributed through the real click path earns its registration CPA today.
    const clickId = await clickThrough(campaignId, aff.id)
    await register(client, token, [{ cuid: 'q-3', date: new Date().toISOString(), curr: 'USD', cid: clickId }])
    await settled(orgId)
    const today = new Date().toISOString().slice(0, 7)
    assert.deepEqual(brief(await rows(client, token, { period: today })), ['registration:5.00:pending'])

    const closed = await close(client, token, '2025-01')
    assert.deepInclude(closed.totals, { currency: 'USD', type: 'cpa', amount: '120.00', rows: 1 })
    const approved = await client
      .post(`${API}/rows/approve`)
      .bearerToken(token)
      .json({ filter: { period: ['2025-01'] } })
    approved.assertStatus(200)
    assert.equal(approved.body().data.changed, 3)
    const paid = await client
      .post(`${API}/rows/pay`)
      .bearerToken(token)
      .json({ ids: january.map((row) => row.id), reference: 'WIRE-2025-0042' })
    paid.assertStatus(200)
    const [line] = await statement(client, token, '2025-01')
    assert.include(line, { affiliateId: aff.id, cpa: '130.00', revshare: '0.00', total: '130.00', closed: true })
    assert.equal(line.byStatus.paid, '130.00')

    // The affiliate sees the same statement and rows, and nothing more.
    const affToken = await loginAs(client, aff)
    assert.deepEqual(await statement(client, affToken, '2025-01'), [line])
    const mine = await rows(client, affToken, { period: '2025-01' })
    assert.equal(cents(mine), line.total)
    assert.isTrue(mine.every((row) => row.paymentReference === 'WIRE-2025-0042'))
  })

  test('cps with negative carryover across three months: close each, approve, statements equal the rows', async ({
    client,
    assert,
  }) => {
    const { token, orgId, campaignId, people } = await setup(client, { model: 'cps', cpsNgrP: 40 }, [
      { negativeCarryover: true },
    ])
    const [aff] = people
    await register(client, token, [
      { cuid: 'c-1', date: '2025-01-03T09:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: aff.id },
    ])
    await activity(client, token, [
      { cuid: 'c-1', date: '2025-01-10', txn_id: 'c1-jan', bets: 100, wins: 350 }, // NGR −250 → −100.00
      { cuid: 'c-1', date: '2025-02-10', txn_id: 'c1-feb', bets: 500, wins: 200 }, // NGR 300 → 120.00
      { cuid: 'c-1', date: '2025-03-10', txn_id: 'c1-mar', bets: 200, wins: 100 }, // NGR 100 → 40.00
    ])
    await settled(orgId)
    assert.isTrue((await rows(client, token, { type: 'revshare' })).every((row) => row.provisional))

    for (const period of ['2025-01', '2025-02', '2025-03']) await close(client, token, period)
    // January: R −100, carry_in 0 → a carryover row of +100, carry_out −100.
    // February: R 120 + carry_in −100 = 20 ≥ 0 → a carryover row of carry_in (−100), carry_out 0.
    // March: R 40, carry_in 0 → no carryover row.
    assert.deepEqual(brief(await rows(client, token, { period: '2025-01' })), [
      'carryover:100.00:pending',
      'revshare:-100.00:pending',
    ])
    assert.deepEqual(brief(await rows(client, token, { period: '2025-02' })), [
      'carryover:-100.00:pending',
      'revshare:120.00:pending',
    ])
    assert.deepEqual(brief(await rows(client, token, { period: '2025-03' })), ['revshare:40.00:pending'])
    // carry_out: −100 after January; nothing left to carry after February and March.
    const balances = (await client.get(`${API}/carryover`).bearerToken(token)).body().data
    const balance = (period: string) => balances.find((entry: any) => entry.period === period)?.amount ?? '0.00'
    assert.deepEqual(['2025-01', '2025-02', '2025-03'].map(balance), ['-100.00', '0.00', '0.00'])

    const approved = await client
      .post(`${API}/rows/approve`)
      .bearerToken(token)
      .json({ filter: { period: ['2025-02'] } })
    approved.assertStatus(200)
    const totals = Object.fromEntries(
      (await statement(client, token, '2025-01'))
        .concat(await statement(client, token, '2025-02'), await statement(client, token, '2025-03'))
        .map((line) => [line.period, [line.revshare, line.carryover, line.total, line.byStatus.approved]])
    )
    assert.deepEqual(totals, {
      '2025-01': ['-100.00', '100.00', '0.00', '0.00'],
      '2025-02': ['120.00', '-100.00', '20.00', '20.00'],
      '2025-03': ['40.00', '0.00', '40.00', '0.00'],
    })
    const affToken = await loginAs(client, aff)
    for (const period of ['2025-01', '2025-02', '2025-03']) {
      const [line] = await statement(client, affToken, period)
      assert.equal(line.total, totals[period][2])
      assert.equal(cents(await rows(client, affToken, { period })), line.total)
    }
  })

  test('cpc: clicks through the real redirect become one row per affiliate × day; open periods are neither approved nor closed', async ({
    client,
    assert,
  }) => {
    const { token, campaignId, people } = await setup(client, { model: 'cpc', cpaPayout: '0.2500' }, [{}, {}])
    const [first, second] = people
    for (let index = 0; index < 4; index++) await clickThrough(campaignId, first.id)
    await clickThrough(campaignId, second.id)
    // The minute job counts the redirected clicks of today and yesterday (what its cron entry runs).
    await enqueueJob('payouts:clicks', {})
    const today = new Date().toISOString().slice(0, 10)
    const period = today.slice(0, 7)
    const deadline = Date.now() + 30_000
    let list: Array<Record<string, any>> = []
    while (list.length < 2 && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 200))
      list = await rows(client, token, { type: 'cpc' })
    }
    assert.deepEqual(
      list.map((row) => [row.affiliateId, row.date, row.amount, row.status]).sort(),
      [
        [first.id, today, '1.00', 'pending'],
        [second.id, today, '0.25', 'pending'],
      ].sort()
    )
    const row = list.find((entry) => entry.affiliateId === first.id)!
    const explained = (await client.get(`${API}/rows/${row.id}`).bearerToken(token)).body().data
    assert.include(explained.explanation, { clicks: 4, computation: '0.25 × 4 = 1 → 1.00' })

    const lines = await statement(client, token, period)
    assert.deepEqual(
      lines.map((line) => [line.affiliateId, line.cpa, line.total, line.closed]).sort(),
      [
        [first.id, '1.00', '1.00', false],
        [second.id, '0.25', '0.25', false],
      ].sort()
    )
    // Today's period has not ended: approval and close are refused with their messages.
    const early = await client
      .post(`${API}/rows/approve`)
      .bearerToken(token)
      .header('accept-language', 'tr')
      .json({ ids: [row.id] })
    early.assertStatus(422)
    const closing = await client.post(`${API}/periods/${period}/close`).bearerToken(token)
    closing.assertStatus(422)
    // The affiliate sees its own CPC row only.
    const affToken = await loginAs(client, second)
    assert.deepEqual(brief(await rows(client, affToken)), ['cpc:0.25:pending'])
  })
})
