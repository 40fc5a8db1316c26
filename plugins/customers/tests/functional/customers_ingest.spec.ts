import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { activityBatch, affiliate, campaign, daysAgo, organization, registerBatch } from './helpers.js'

/*
 * The batch API end to end: registrations, activity, idempotency, corrections with their
 * revisions, FTD once, and every refused row with its message.
 */
test.group('Customers: batch ingest', () => {
  test('registrations: created, duplicate, updated; activity: created, duplicate, corrected with a revision', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    const registered = daysAgo(10)
    const first = await registerBatch(client, tenant.token, [
      { cuid: 'p-1', date: registered, curr: 'usd', country: 'br', campaign_id: campaignId, pub_id: aff.user.id },
      { cuid: 'p-2', date: registered, curr: 'EUR' },
    ])
    first.assertStatus(200)
    assert.deepEqual(first.body().data.summary, { created: 2, updated: 0, duplicate: 0, error: 0 })
    const [explicit, organic] = first.body().data.results
    assert.deepInclude(explicit.attribution, { source: 'explicit', campaignId, affiliateId: aff.user.id })
    assert.deepInclude(organic.attribution, { source: 'none', campaignId: null, affiliateId: null })

    const again = await registerBatch(client, tenant.token, [
      { cuid: 'p-1', date: registered, curr: 'USD', country: 'BR', campaign_id: campaignId, pub_id: aff.user.id },
      { cuid: 'p-2', date: registered, curr: 'EUR', email: 'new@players.example' },
    ])
    assert.deepEqual(
      again.body().data.results.map((row: any) => row.status),
      ['duplicate', 'updated']
    )

    const rows = [
      { cuid: 'p-1', date: daysAgo(5), txn_id: 't-1', deposits: '100.50', deposit_count: 1 },
      { cuid: 'p-1', date: daysAgo(4), bets: 300, wins: '250.25', bet_count: 12 },
    ]
    const stored = await activityBatch(client, tenant.token, rows)
    stored.assertStatus(200)
    assert.deepEqual(stored.body().data.summary, { created: 2, updated: 0, duplicate: 0, error: 0 })
    const replay = await activityBatch(client, tenant.token, rows)
    assert.deepEqual(replay.body().data.summary, { created: 0, updated: 0, duplicate: 2, error: 0 })

    const correction = await activityBatch(client, tenant.token, [{ ...rows[0], deposits: '120' }])
    assert.deepEqual(correction.body().data.summary, { created: 0, updated: 1, duplicate: 0, error: 0 })
    const id = correction.body().data.results[0].id
    const detail = await client.get(`/api/v1/customers/activity/${id}`).bearerToken(tenant.token)
    detail.assertStatus(200)
    assert.equal(detail.body().data.deposits, '120')
    assert.equal(detail.body().data.version, 2)
    assert.lengthOf(detail.body().data.revisions, 1)
    assert.equal(detail.body().data.revisions[0].values.deposits, '100.5')
    assert.equal(detail.body().data.currency, 'USD')
    assert.equal(Number((await db.from('customer_activity').where('organization_id', orgId).count('* as n'))[0].n), 2)
  })

  test('FTD is fixed once: the first row flagged or with deposits; a later flag does not move it', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    await registerBatch(client, tenant.token, [
      { cuid: 'f-1', date: daysAgo(20), curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
      { cuid: 'f-2', date: daysAgo(20), curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
    ])
    const batch = await activityBatch(client, tenant.token, [
      { cuid: 'f-1', date: daysAgo(10), bets: 10 },
      { cuid: 'f-1', date: daysAgo(9), txn_id: 'a', deposits: 50, deposit_count: 1 },
      { cuid: 'f-1', date: daysAgo(8), txn_id: 'b', deposits: 70, deposit_count: 1, ftd: 1, ftd_amount: 70 },
      { cuid: 'f-2', date: daysAgo(8), txn_id: 'c', deposits: 30, deposit_count: 1, ftd: 'true', ftd_amount: 25 },
    ])
    const results = batch.body().data.results
    assert.deepEqual(
      results.map((row: any) => row.status),
      ['created', 'created', 'created', 'created']
    )
    assert.equal(results[2].notes[0].code, 'ftd_already_fixed')
    const f1 = await db.from('customers').where({ organization_id: orgId, cuid: 'f-1' }).first()
    assert.equal(Number(f1.ftd_activity_id), results[1].id)
    // An earlier-dated deposit arriving late does not move it either.
    await activityBatch(client, tenant.token, [
      { cuid: 'f-1', date: daysAgo(15), txn_id: 'late', deposits: 10, deposit_count: 1, ftd: 1 },
    ])
    const again = await db.from('customers').where({ organization_id: orgId, cuid: 'f-1' }).first()
    assert.equal(Number(again.ftd_activity_id), results[1].id)

    const conversions = await db
      .from('customer_conversions')
      .where('organization_id', orgId)
      .orderBy('id')
      .select('type', 'amount', 'customer_id')
    assert.deepEqual(
      conversions.filter((row) => row.type === 'ftd').map((row) => row.amount),
      ['50.000000', '25.000000']
    )
    const detail = await client.get(`/api/v1/customers/customers/${f1.id}`).bearerToken(tenant.token)
    detail.assertStatus(200)
    assert.deepInclude(detail.body().data.ftd, { activityId: results[1].id, amount: '50' })
  })
})
