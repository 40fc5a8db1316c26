import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { publishInvalidation } from '@affix/core/kernel'
import { createTenant, addUser } from '@affix/core/testing'
import { clickEngine } from '../../src/engine/runtime.js'

/*
 * The click redirect over HTTP against the real database (campaign rows follow the
 * campaigns plugin's migrations). Caps, targeting and fraud verdicts need campaigns-rules
 * and fraud data: tests/unit/tracking_engine.spec.ts covers them with injected sources.
 */
const base = () => `http://${process.env.HOST}:${process.env.PORT}`

async function click(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base()}${path}`, {
    redirect: 'manual',
    headers: {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'accept-language': 'pt-BR,pt;q=0.9',
      ...headers,
    },
  })
  await response.arrayBuffer()
  return { status: response.status, location: response.headers.get('location') }
}

async function setup(overrides: Record<string, unknown> = {}) {
  const tenant = await createTenant('admin')
  const [brand] = await db
    .table('brands')
    .insert({ organization_id: tenant.org.id, name: `Brand ${Date.now()}`, status: 'active' })
    .returning('id')
  const [campaign] = await db
    .table('campaigns')
    .insert({
      organization_id: tenant.org.id,
      brand_id: brand.id,
      title: 'Welcome',
      status: 'active',
      visibility: 'public',
      default_url: 'https://brand.example/land?cid={click_id}&a={pub_id}&s={sub1}&p={p2}&src={source}&c={campaign_id}',
      fallback_url: 'https://fallback.example/?c={click_id}',
      currency: 'USD',
      ...overrides,
    })
    .returning('id')
  const affiliate = await addUser(tenant.org.id, 'affiliate')
  return { tenant, brandId: brand.id as number, campaignId: campaign.id as number, affiliate }
}

const lastClick = (campaignId: number) =>
  db
    .from('tracking_clicks')
    .where('campaign_id', campaignId)
    .orderBy('created_at', 'desc')
    .orderBy('click_id', 'desc')
    .first()

test.group('Tracking: click redirect', () => {
  test('redirects to the default URL with macros substituted and URL-encoded, after storing the click', async ({
    assert,
  }) => {
    const { campaignId, affiliate, tenant, brandId } = await setup()
    const { status, location } = await click(
      `/c/${campaignId}?pub_id=${affiliate.user.id}&sub1=a%20b%26c&p2=x&source=fb&p9=nine`,
      { referer: 'https://blog.example/post' }
    )
    assert.equal(status, 302)
    const url = new URL(location!)
    const clickId = url.searchParams.get('cid')!
    assert.match(clickId, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    assert.include(location!, 's=a%20b%26c')
    assert.equal(url.searchParams.get('a'), String(affiliate.user.id))
    assert.equal(url.searchParams.get('p'), 'x')
    assert.equal(url.searchParams.get('src'), 'fb')
    assert.equal(url.searchParams.get('c'), String(campaignId))
    const row = await db.from('tracking_clicks').where('click_id', clickId).firstOrFail()
    assert.equal(row.organization_id, tenant.org.id)
    assert.equal(row.brand_id, brandId)
    assert.equal(row.affiliate_id, affiliate.user.id)
    assert.equal(row.outcome, 'redirect')
    assert.isNull(row.reason)
    assert.equal(row.device, 'mobile')
    assert.equal(row.os, 'ios')
    assert.equal(row.language, 'pt')
    assert.equal(row.referrer, 'https://blog.example/post')
    assert.equal(row.source, 'fb')
    assert.deepEqual(row.params, { sub1: 'a b&c', p2: 'x', p9: 'nine' })
    assert.equal(row.destination, location)
  })

  test('fallback with the reason recorded: paused, disabled, expired (before the expiry job), blocked, not approved, unknown affiliate', async ({
    assert,
  }) => {
    const cases: Array<
      [
        string,
        Record<string, unknown>,
        (ids: { campaignId: number; affiliateId: number; orgId: number }) => Promise<unknown>,
      ]
    > = [
      ['paused', { status: 'paused' }, async () => {}],
      ['disabled', { status: 'disabled' }, async () => {}],
      ['expired', { expires_at: new Date(Date.now() - 1000) }, async () => {}],
      [
        'blocked_affiliate',
        {},
        ({ campaignId, affiliateId, orgId }) =>
          db
            .table('campaign_blocked_affiliates')
            .insert({ organization_id: orgId, campaign_id: campaignId, affiliate_id: affiliateId }),
      ],
      [
        'not_approved',
        { visibility: 'private' },
        ({ campaignId, affiliateId, orgId }) =>
          db
            .table('campaign_access')
            .insert({ organization_id: orgId, campaign_id: campaignId, affiliate_id: affiliateId, status: 'pending' }),
      ],
    ]
    for (const [reason, overrides, prepare] of cases) {
      const { campaignId, affiliate, tenant } = await setup(overrides)
      await prepare({ campaignId, affiliateId: affiliate.user.id, orgId: tenant.org.id })
      const { status, location } = await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`)
      assert.equal(status, 302, reason)
      assert.match(location!, /^https:\/\/fallback\.example\/\?c=[0-9a-f-]{36}$/, reason)
      const row = await lastClick(campaignId)
      assert.equal(row.outcome, 'fallback', reason)
      assert.equal(row.reason, reason)
      assert.equal(row.click_id, location!.split('c=')[1], reason)
    }
    const { campaignId, tenant } = await setup()
    const other = await createTenant('admin')
    const foreign = await addUser(other.org.id, 'affiliate')
    const disabled = await addUser(tenant.org.id, 'affiliate', 'disabled')
    for (const pubId of ['', 'abc', String(foreign.user.id), String(disabled.user.id), '999999']) {
      const { status } = await click(`/c/${campaignId}?pub_id=${pubId}`)
      assert.equal(status, 302)
      const row = await lastClick(campaignId)
      assert.equal(row.reason, 'unknown_affiliate', pubId)
      assert.notEqual(row.affiliate_id, foreign.user.id)
    }
  })

  test('an approved affiliate passes a private campaign', async ({ assert }) => {
    const { campaignId, affiliate, tenant } = await setup({ visibility: 'private' })
    await db.table('campaign_access').insert({
      organization_id: tenant.org.id,
      campaign_id: campaignId,
      affiliate_id: affiliate.user.id,
      status: 'approved',
    })
    const { location } = await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`)
    assert.match(location!, /^https:\/\/brand\.example\/land/)
  })

  test('no fallback URL: a small 404/410 page, still recorded; unknown campaign recorded without a tenant', async ({
    assert,
  }) => {
    const { campaignId, affiliate } = await setup({ fallback_url: null, status: 'disabled' })
    const response = await fetch(`${base()}/c/${campaignId}?pub_id=${affiliate.user.id}`, { redirect: 'manual' })
    assert.equal(response.status, 410)
    assert.include(await response.text(), 'no longer available')
    const row = await lastClick(campaignId)
    assert.equal(row.outcome, 'rejected')
    assert.equal(row.reason, 'disabled')

    const missing = await click(`/c/2147480000?pub_id=${affiliate.user.id}`)
    assert.equal(missing.status, 404)
    const unknown = await lastClick(2147480000)
    assert.equal(unknown.reason, 'unknown_campaign')
    assert.isNull(unknown.organization_id)
    assert.equal((await click('/c/not-a-number')).status, 404)
  })

  test('open-redirect guard: url to a foreign host is ignored and recorded; an allowed host is honoured', async ({
    assert,
  }) => {
    const { campaignId, affiliate } = await setup()
    const evil = await click(
      `/c/${campaignId}?pub_id=${affiliate.user.id}&url=${encodeURIComponent('https://evil.example/phish')}`
    )
    assert.match(evil.location!, /^https:\/\/brand\.example\/land/)
    const ignored = await lastClick(campaignId)
    assert.isTrue(ignored.url_ignored)
    const good = await click(
      `/c/${campaignId}?pub_id=${affiliate.user.id}&url=${encodeURIComponent('https://brand.example/promo?x=1')}`
    )
    assert.equal(good.location, 'https://brand.example/promo?x=1')
    const honoured = await lastClick(campaignId)
    assert.isFalse(honoured.url_ignored)
    assert.equal(honoured.deep_link_url, 'https://brand.example/promo?x=1')
    const scheme = await click(
      `/c/${campaignId}?pub_id=${affiliate.user.id}&url=${encodeURIComponent('javascript://brand.example/%0aalert(1)')}`
    )
    assert.match(scheme.location!, /^https:\/\/brand\.example\/land/)
    // CR/LF, userinfo and odd characters: never a header split, never a 500, never a foreign host.
    const split = await click(
      `/c/${campaignId}?pub_id=${affiliate.user.id}&url=${encodeURIComponent('https://brand.example/a\r\nSet-Cookie: x=1 ç')}`
    )
    assert.equal(split.status, 302)
    assert.equal(split.location, 'https://brand.example/aSet-Cookie:%20x=1%20%C3%A7')
    const userinfo = await click(
      `/c/${campaignId}?pub_id=${affiliate.user.id}&url=${encodeURIComponent('https://brand.example@evil.example/')}`
    )
    assert.match(userinfo.location!, /^https:\/\/brand\.example\/land/)
    const backslash = await click(
      `/c/${campaignId}?pub_id=${affiliate.user.id}&url=${encodeURIComponent('https://evil.example\\@brand.example/')}`
    )
    assert.notMatch(backslash.location!, /evil\.example/)
  })

  test('{url} carries only an accepted URL: a foreign one is empty in the destination', async ({ assert }) => {
    const { campaignId, affiliate } = await setup({ default_url: 'https://brand.example/go?to={url}&c={click_id}' })
    const foreign = await click(
      `/c/${campaignId}?pub_id=${affiliate.user.id}&url=${encodeURIComponent('https://evil.example/x')}`
    )
    assert.match(foreign.location!, /^https:\/\/brand\.example\/go\?to=&c=/)
    assert.notInclude(foreign.location!, 'evil')
  })

  test('one click with hostile parameters never fails the clicks batched with it', async ({ assert }) => {
    const { campaignId, affiliate } = await setup()
    const quotes = Object.fromEntries(
      ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'sub1', 'sub2'].map((name) => [name, '\u0001"'.repeat(127)])
    )
    const hostile = [
      `/c/${campaignId}?pub_id=${affiliate.user.id}&${new URLSearchParams(quotes)}`,
      `/c/${campaignId}?pub_id=${affiliate.user.id}&p1=${'a'.repeat(254)}${encodeURIComponent('😀')}`,
    ]
    const normal = Array.from({ length: 20 }, (_, i) => `/c/${campaignId}?pub_id=${affiliate.user.id}&sub1=n${i}`)
    const answers = await Promise.all([...hostile, ...normal].map((path) => click(path)))
    assert.deepEqual([...new Set(answers.map((answer) => answer.status))], [302])
    const rows = await db.from('tracking_clicks').where('campaign_id', campaignId)
    assert.lengthOf(rows, 22)
    const long = rows.find((row) => row.params?.p1?.startsWith('aaa'))
    assert.lengthOf(long.params.p1, 255)
    assert.isTrue(
      rows.some((row) => row.params && Object.keys(row.params).length < 9 && row.params.p1?.startsWith('\u0001'))
    )
  })

  test('a default URL with spaces or non-ASCII text is sent encoded, not as a 500', async ({ assert }) => {
    const { campaignId, affiliate } = await setup({ default_url: 'https://brand.example/promoção page?c={click_id}' })
    const { status, location } = await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`)
    assert.equal(status, 302)
    assert.match(location!, /^https:\/\/brand\.example\/promo%C3%A7%C3%A3o%20page\?c=[0-9a-f-]{36}$/)
  })

  test('cache invalidation: a changed campaign is seen by the next click through onInvalidation', async ({
    client,
    assert,
  }) => {
    const { campaignId, affiliate, tenant } = await setup()
    assert.match((await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`)).location!, /brand\.example/)
    await db.from('campaigns').where('id', campaignId).update({ status: 'paused' })
    // Cached: still the old state until the owner publishes the change.
    assert.match((await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`)).location!, /brand\.example/)
    await publishInvalidation({ topic: 'campaigns', organizationId: tenant.org.id, id: campaignId })
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.match((await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`)).location!, /fallback\.example/)
    assert.equal((await lastClick(campaignId)).reason, 'paused')

    // Disabling the affiliate through the API publishes 'panels' after its commit: no wait needed on this node.
    ;(
      await client
        .post('/api/v1/affiliates/affiliates/status')
        .bearerToken(tenant.token)
        .json({ ids: [affiliate.user.id], status: 'disabled' })
    ).assertStatus(200)
    await db.from('campaigns').where('id', campaignId).update({ status: 'active' })
    await publishInvalidation({ topic: 'campaigns', organizationId: tenant.org.id })
    await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`)
    assert.equal((await lastClick(campaignId)).reason, 'unknown_affiliate')
  })

  test('short link /s/:token replays its tracking URL as a click of its affiliate', async ({ assert }) => {
    const { campaignId, affiliate, tenant } = await setup()
    const token = `t${Date.now().toString(36)}`
    await db.table('short_links').insert({
      organization_id: tenant.org.id,
      token,
      url: `http://track.example/c/${campaignId}?pub_id=1&sub1=short`,
      campaign_id: campaignId,
      affiliate_id: affiliate.user.id,
    })
    const { status, location } = await click(`/s/${token}?sub1=override`)
    assert.equal(status, 302)
    assert.include(location!, 's=short')
    assert.include(location!, `a=${affiliate.user.id}`)
    const row = await lastClick(campaignId)
    assert.equal(row.affiliate_id, affiliate.user.id)
    assert.equal((await click('/s/nope')).status, 404)
  })

  test('an insert failure answers 503, never a 302', async ({ assert }) => {
    const { campaignId, affiliate } = await setup()
    await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`)
    const before = await db.from('tracking_clicks').where('campaign_id', campaignId).count('* as n')
    clickEngine().writer.failNext = 1
    const response = await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`)
    assert.equal(response.status, 503)
    assert.isNull(response.location)
    const after = await db.from('tracking_clicks').where('campaign_id', campaignId).count('* as n')
    assert.equal(after[0].n, before[0].n)
  })

  test('odd input never fails a batch: NUL bytes, huge values, bad percent-encoding', async ({ assert }) => {
    const { campaignId, affiliate } = await setup()
    const { status } = await click(
      `/c/${campaignId}?pub_id=${affiliate.user.id}&sub1=%00x%E0%A4%A&p1=${'z'.repeat(5000)}&source=%zz`,
      { 'user-agent': 'a'.repeat(3000) }
    )
    assert.equal(status, 302)
    const row = await lastClick(campaignId)
    assert.equal(row.params.p1.length, 255)
    assert.notInclude(row.params.sub1, '\u0000')
  })
})

test.group('Tracking: clicks API', () => {
  test('admins list their organisation’s clicks with filters; affiliates only their own; other tenants nothing', async ({
    client,
    assert,
  }) => {
    const { campaignId, affiliate, tenant } = await setup()
    const second = await addUser(tenant.org.id, 'affiliate')
    await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`)
    await click(`/c/${campaignId}?pub_id=${affiliate.user.id}&url=${encodeURIComponent('https://evil.example')}`)
    await click(`/c/${campaignId}?pub_id=${second.user.id}`)
    await db.from('campaigns').where('id', campaignId).update({ status: 'paused' })
    await publishInvalidation({ topic: 'campaigns', organizationId: tenant.org.id, id: campaignId })
    await click(`/c/${campaignId}?pub_id=${second.user.id}`)

    const all = await client.get('/api/v1/tracking/clicks').bearerToken(tenant.token)
    all.assertStatus(200)
    assert.lengthOf(all.body().data, 4)
    assert.equal(all.header('content-range'), 'clicks 0-3/4')
    const paused = await client
      .get(`/api/v1/tracking/clicks?filter=${encodeURIComponent(JSON.stringify({ reason: 'paused', campaignId }))}`)
      .bearerToken(tenant.token)
    assert.lengthOf(paused.body().data, 1)
    assert.equal(paused.body().data[0].affiliateId, second.user.id)
    const future = await client
      .get(
        `/api/v1/tracking/clicks?filter=${encodeURIComponent(JSON.stringify({ from: new Date(Date.now() + 3600_000).toISOString() }))}`
      )
      .bearerToken(tenant.token)
    assert.lengthOf(future.body().data, 0)
    const bad = await client
      .get(`/api/v1/tracking/clicks?filter=${encodeURIComponent(JSON.stringify({ from: 'yesterday' }))}`)
      .bearerToken(tenant.token)
    bad.assertStatus(422)

    const own = await client.get('/api/v1/tracking/clicks').bearerToken(affiliate.token)
    own.assertStatus(200)
    assert.lengthOf(own.body().data, 2)
    assert.isTrue(own.body().data.every((row: any) => row.affiliateId === affiliate.user.id))
    const theirs = all.body().data.find((row: any) => row.affiliateId === second.user.id)
    const one = await client.get(`/api/v1/tracking/clicks/${theirs.clickId}`).bearerToken(tenant.token)
    one.assertStatus(200)
    assert.equal(one.body().data.clickId, theirs.clickId)
    ;(await client.get(`/api/v1/tracking/clicks/${theirs.clickId}`).bearerToken(affiliate.token)).assertStatus(404)

    const stranger = await createTenant('admin')
    const none = await client.get('/api/v1/tracking/clicks').bearerToken(stranger.token)
    assert.lengthOf(none.body().data, 0)
    ;(await client.get(`/api/v1/tracking/clicks/${theirs.clickId}`).bearerToken(stranger.token)).assertStatus(404)
    ;(await client.get('/api/v1/tracking/clicks/not-an-id').bearerToken(tenant.token)).assertStatus(404)
  })
})

test.group('Tracking: what an affiliate sees of fraud verdicts', () => {
  test('the network sees which rule blocked or marked a click; the affiliate sees where it went, no fraud reason or mark', async ({
    client,
    assert,
  }) => {
    const { campaignId, affiliate, tenant } = await setup()
    // Real rules through the fraud plugin's API: one blocks an address, one marks another.
    for (const [name, action, ip] of [
      ['Blocked range', 'block', '203.0.113.0/24'],
      ['Watched address', 'mark', '198.51.100.7'],
    ])
      (
        await client
          .post('/api/v1/fraud/rules')
          .bearerToken(tenant.token)
          .json({ name, action, type: 'blacklist', ips: [ip] })
      ).assertStatus(201)
    const blockedVisit = await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`, {
      'x-forwarded-for': '203.0.113.9',
    })
    assert.match(blockedVisit.location!, /fallback\.example/)
    const markedVisit = await click(`/c/${campaignId}?pub_id=${affiliate.user.id}`, {
      'x-forwarded-for': '198.51.100.7',
    })
    assert.match(markedVisit.location!, /brand\.example/)

    const byIp = (rows: any[], ip: string) => rows.find((row) => row.ip === ip)
    const network = (await client.get('/api/v1/tracking/clicks').bearerToken(tenant.token)).body().data
    assert.include(byIp(network, '203.0.113.9'), { outcome: 'fallback', reason: 'fraud_block', fraudAction: 'block' })
    assert.include(byIp(network, '198.51.100.7'), { outcome: 'redirect', reason: null, fraudAction: 'mark' })
    assert.deepEqual(byIp(network, '198.51.100.7').fraud.reasons, ['blacklist'])

    const own = await client.get('/api/v1/tracking/clicks').bearerToken(affiliate.token)
    own.assertStatus(200)
    const blocked = byIp(own.body().data, '203.0.113.9')
    const marked = byIp(own.body().data, '198.51.100.7')
    assert.include(blocked, { outcome: 'fallback', reason: null, fraudAction: null, fraud: null })
    assert.match(blocked.destination, /fallback\.example/)
    assert.include(marked, { outcome: 'redirect', reason: null, fraudAction: null, fraud: null })
    assert.notInclude(JSON.stringify(own.body()), 'fraud_block')
    const one = await client.get(`/api/v1/tracking/clicks/${blocked.clickId}`).bearerToken(affiliate.token)
    assert.include(one.body().data, { reason: null, fraudAction: null, fraud: null })

    // Filtering by the fraud reason would single the blocked clicks out: an affiliate finds none.
    const filter = (reason: unknown) =>
      `/api/v1/tracking/clicks?filter=${encodeURIComponent(JSON.stringify({ reason }))}`
    assert.lengthOf((await client.get(filter('fraud_block')).bearerToken(tenant.token)).body().data, 1)
    const asAffiliate = await client.get(filter('fraud_block')).bearerToken(affiliate.token)
    asAffiliate.assertStatus(200)
    assert.lengthOf(asAffiliate.body().data, 0)
    assert.equal(asAffiliate.header('content-range'), 'clicks 0-0/0')
  })
})
