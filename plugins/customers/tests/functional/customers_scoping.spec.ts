import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser } from '@affix/core/testing'
import { activityBatch, affiliate, campaign, daysAgo, organization, registerBatch } from './helpers.js'

/*
 * Who sees what: admins all; affiliates their own customers (masked ids when the organisation
 * asks, never personal data) and the activity that earns for them; team members per their
 * scope; brand panels their brand's; the admin's report switches; bet counts only after 29 April 2025.
 */
async function world() {
  const setup = await organization({ maskCustomerId: true })
  const { tenant, orgId, brandId } = setup
  const first = await campaign(orgId, brandId)
  const second = await campaign(orgId, brandId)
  const a = await affiliate(orgId)
  const b = await affiliate(orgId)
  return { ...setup, tenant, first, second, a, b }
}

test.group('Customers: roles and scoping', () => {
  test('an affiliate sees only its customers, masked, without personal data, and only its activity', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, first, a, b } = await world()
    await registerBatch(client, tenant.token, [
      {
        cuid: 'alice-0001',
        date: daysAgo(5),
        curr: 'USD',
        email: 'alice@players.example',
        campaign_id: first,
        pub_id: a.user.id,
      },
      { cuid: 'bruno-0002', date: daysAgo(5), curr: 'USD', campaign_id: first, pub_id: b.user.id },
    ])
    await activityBatch(client, tenant.token, [
      { cuid: 'alice-0001', date: daysAgo(2), deposits: 10 },
      { cuid: 'bruno-0002', date: daysAgo(2), deposits: 20 },
    ])
    const list = await client.get('/api/v1/customers/customers').bearerToken(a.token)
    list.assertStatus(200)
    assert.lengthOf(list.body().data, 1)
    assert.include(list.body().data[0], { cuid: 'al******01', email: null, cuName: null, ip: null })
    // A search cannot unmask: it is ignored for a masked affiliate.
    const search = await client.get('/api/v1/customers/customers').qs({ q: 'bruno' }).bearerToken(a.token)
    assert.lengthOf(search.body().data, 1)
    const admin = await client.get('/api/v1/customers/customers').qs({ q: 'alice' }).bearerToken(tenant.token)
    assert.deepEqual(
      admin.body().data.map((row: any) => [row.cuid, row.email]),
      [['alice-0001', 'alice@players.example']]
    )
    const bruno = await db.from('customers').where({ organization_id: orgId, cuid: 'bruno-0002' }).first()
    ;(await client.get(`/api/v1/customers/customers/${bruno.id}`).bearerToken(a.token)).assertStatus(404)
    const activity = await client.get('/api/v1/customers/activity').bearerToken(a.token)
    assert.deepEqual(
      activity.body().data.map((row: any) => [row.cuid, row.deposits]),
      [['al******01', '10']]
    )
    // Affiliates cannot write or read the operator tools.
    ;(await activityBatch(client, a.token, [{ cuid: 'alice-0001', date: daysAgo(1) }])).assertStatus(403)
    ;(await client.get('/api/v1/customers/postback-log').bearerToken(a.token)).assertStatus(403)
    ;(await client.get('/api/v1/customers/fx-rates').bearerToken(a.token)).assertStatus(403)
    // The export follows the same rules.
    const exported = await client.get('/api/v1/customers/customers/export').bearerToken(a.token)
    exported.assertStatus(200)
    assert.include(exported.text(), 'al******01')
    assert.notInclude(exported.text(), 'bruno')
    assert.notInclude(exported.text(), 'alice@players.example')
  })

  test('a team member with assigned affiliates sees theirs; a campaign scope narrows further', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, first, second, a, b } = await world()
    await registerBatch(client, tenant.token, [
      { cuid: 'ta', date: daysAgo(5), curr: 'USD', campaign_id: first, pub_id: a.user.id },
      { cuid: 'tb', date: daysAgo(5), curr: 'USD', campaign_id: first, pub_id: b.user.id },
      { cuid: 'tc', date: daysAgo(5), curr: 'USD', campaign_id: second, pub_id: a.user.id },
    ])
    const afm = await addUser(orgId, 'afm')
    await db
      .from('users')
      .where('id', afm.user.id)
      .update({ report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: [first], reports: null }) })
    await db
      .table('team_member_affiliates')
      .insert({ organization_id: orgId, member_id: afm.user.id, affiliate_id: a.user.id })
    const list = await client.get('/api/v1/customers/customers').bearerToken(afm.token)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().data.map((row: any) => row.cuid),
      ['ta']
    )
  })

  test('a brand panel sees the players and activity of its brand only; one linked to no brand sees none', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandIds } = await organization({ brands: 2 })
    const [mine, theirs] = brandIds
    await registerBatch(client, tenant.token, [
      { cuid: 'mine-1', date: daysAgo(5), curr: 'USD', brand_id: mine, email: 'mine@players.example' },
      { cuid: 'theirs-1', date: daysAgo(5), curr: 'USD', brand_id: theirs },
    ])
    await activityBatch(client, tenant.token, [
      { cuid: 'mine-1', brand_id: mine, date: daysAgo(1), deposits: 10 },
      { cuid: 'theirs-1', brand_id: theirs, date: daysAgo(1), deposits: 20 },
    ])
    const panel = await addUser(orgId, 'brand')
    const unlinked = await addUser(orgId, 'brand')
    ;(
      await client
        .post(`/api/v1/brands/brands/${mine}/panels`)
        .bearerToken(tenant.token)
        .json({ userId: panel.user.id })
    ).assertStatus(201)

    const customers = await client.get('/api/v1/customers/customers').bearerToken(panel.token)
    customers.assertStatus(200)
    assert.deepEqual(
      customers.body().data.map((row: { cuid: string }) => row.cuid),
      ['mine-1']
    )
    // Its own players: ids unmasked, personal data shown.
    assert.equal(customers.body().data[0].email, 'mine@players.example')
    const activity = await client.get('/api/v1/customers/activity').bearerToken(panel.token)
    assert.deepEqual(
      activity.body().data.map((row: { deposits: string }) => Number(row.deposits)),
      [10]
    )
    const none = await client.get('/api/v1/customers/customers').bearerToken(unlinked.token)
    none.assertStatus(200)
    assert.lengthOf(none.body().data, 0)
  })

  test('the admin report switches close the reads with the spec message', async ({ client, assert }) => {
    const { tenant, orgId } = await organization()
    await registerBatch(client, tenant.token, [{ cuid: 'sw', curr: 'USD' }])
    await db
      .from('organizations')
      .where('id', orgId)
      .update({ disabled_reports: JSON.stringify(['customer', 'activity']) })
    const closed = await client.get('/api/v1/customers/customers').bearerToken(tenant.token)
    closed.assertStatus(403)
    assert.equal(closed.body().error.message, 'Customer, Activity, Conversion reports are disabled by Admin')
    ;(await client.get('/api/v1/customers/activity').bearerToken(tenant.token)).assertStatus(403)
    ;(await client.get('/api/v1/customers/customers/export').bearerToken(tenant.token)).assertStatus(403)
    // Sending data is not a report: it still works.
    ;(await registerBatch(client, tenant.token, [{ cuid: 'sw-2' }])).assertStatus(200)
  })

  test('lists filter and export; bet counts only after 29 April 2025; details show activity by day', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    await registerBatch(client, tenant.token, [
      { cuid: 'old', date: '2025-04-01', curr: 'EUR', country: 'PT', campaign_id: campaignId, pub_id: aff.user.id },
      { cuid: 'new', date: daysAgo(3), curr: 'USD', country: 'BR' },
    ])
    await activityBatch(client, tenant.token, [
      { cuid: 'old', date: '2025-04-29', bets: 10, bet_count: 7 },
      { cuid: 'old', date: '2025-04-30', bets: 10, bet_count: 8 },
      { cuid: 'old', date: '2025-04-30', txn_id: 'o1', deposits: '99.99', deposit_count: 1 },
      { cuid: 'new', date: daysAgo(1), bets: 5, bet_count: 3 },
    ])
    const byCountry = await client.get('/api/v1/customers/customers').qs({ country: 'pt' }).bearerToken(tenant.token)
    assert.deepEqual(
      byCountry.body().data.map((row: any) => row.cuid),
      ['old']
    )
    const bySource = await client
      .get('/api/v1/customers/customers')
      .qs({ filter: JSON.stringify({ source: 'explicit', campaignId }) })
      .bearerToken(tenant.token)
    assert.lengthOf(bySource.body().data, 1)
    const activity = await client
      .get('/api/v1/customers/activity')
      .qs({ from: '2025-04-01', to: '2025-04-30', sort: 'date', order: 'asc' })
      .bearerToken(tenant.token)
    assert.deepEqual(
      activity.body().data.map((row: any) => [row.date, row.betCount]),
      [
        ['2025-04-29', null],
        ['2025-04-30', 8],
        ['2025-04-30', 0],
      ]
    )
    assert.equal(activity.headers()['content-range'], 'activity 0-2/3')
    const bad = await client.get('/api/v1/customers/activity').qs({ from: 'yesterday' }).bearerToken(tenant.token)
    bad.assertStatus(422)
    const exported = await client
      .get('/api/v1/customers/activity/export')
      .qs({ country: 'BR' })
      .bearerToken(tenant.token)
    exported.assertStatus(200)
    const lines = exported.text().trim().split('\n')
    assert.lengthOf(lines, 2)
    assert.match(lines[0], /^id,cuid,customer_id,brand_id/)
    const old = await db.from('customers').where({ organization_id: orgId, cuid: 'old' }).first()
    const detail = await client.get(`/api/v1/customers/customers/${old.id}`).bearerToken(tenant.token)
    assert.deepEqual(
      detail.body().data.activityByDay.map((day: any) => [day.date, day.rows, day.deposits, day.betCount]),
      [
        ['2025-04-30', 2, '99.99', 8],
        ['2025-04-29', 1, '0', null],
      ]
    )
    const downloads = await client.get('/api/v1/exports').bearerToken(tenant.token)
    assert.equal(downloads.body().data[0].resource, 'activity')
  })
})
