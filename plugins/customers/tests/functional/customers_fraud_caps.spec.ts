import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, installTestPlugin } from '@affix/core/testing'
import { fraudMarked, recordCumulativeDeposit } from '@affix/customers/contracts'
import { activityBatch, affiliate, campaign, cap, daysAgo, organization, registerBatch } from './helpers.js'

/* Fraud marks (cannot be undone, mark all activity, audited) and conversion caps with each action. */
async function queued(task: string) {
  const { rows } = await db.rawQuery(
    `SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = ? ORDER BY j.id`,
    [task]
  )
  return rows.map((row: { payload: any }) => row.payload)
}

const capStatuses = async (orgId: number, type: string) =>
  (
    await db.from('customer_conversions').where({ organization_id: orgId, type }).orderBy('id').select('cap_status')
  ).map((row) => row.cap_status)

const campaignStatus = async (id: number) => (await db.from('campaigns').where('id', id).first()).status

test.group('Customers: fraud marks', (group) => {
  group.setup(() =>
    installTestPlugin({
      id: 'test-fraud-listener',
      dependsOn: ['customers'],
      listeners: [fraudMarked.listen(async () => {})],
    })
  )

  test('marking a customer marks all of its activity, cannot be undone, is audited and announced; later rows arrive marked', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId } = await organization()
    await registerBatch(client, tenant.token, [
      { cuid: 'fr-1', date: daysAgo(10), curr: 'USD' },
      { cuid: 'fr-2', date: daysAgo(10), curr: 'USD' },
    ])
    const rows = await activityBatch(client, tenant.token, [
      { cuid: 'fr-1', date: daysAgo(5), deposits: 10 },
      { cuid: 'fr-1', date: daysAgo(4), bets: 10 },
      { cuid: 'fr-2', date: daysAgo(4), bets: 10 },
    ])
    const customer = await db.from('customers').where({ organization_id: orgId, cuid: 'fr-1' }).first()
    const marked = await client
      .post(`/api/v1/customers/customers/${customer.id}/fraud`)
      .bearerToken(tenant.token)
      .json({ reason: 'bonus abuse' })
    marked.assertStatus(200)
    assert.include(marked.body().data, { status: 'fraud', fraudReason: 'bonus abuse' })
    const activity = await db.from('customer_activity').where('customer_id', customer.id)
    assert.isTrue(activity.every((row) => row.fraud))
    assert.isFalse(
      (await db.from('customer_activity').where('id', rows.body().data.results[2].id).first()).fraud,
      'another customer is untouched'
    )
    const again = await client
      .post(`/api/v1/customers/customers/${customer.id}/fraud`)
      .bearerToken(tenant.token)
      .json({})
    again.assertStatus(422)
    assert.equal(again.body().error.message, 'The customer is already marked as fraud (a fraud mark cannot be undone)')
    const later = await activityBatch(client, tenant.token, [{ cuid: 'fr-1', date: daysAgo(1), bets: 5 }])
    assert.isTrue((await db.from('customer_activity').where('id', later.body().data.results[0].id).first()).fraud)
    const audit = await db.from('customer_events').where({ customer_id: customer.id, kind: 'fraud_marked' })
    assert.lengthOf(audit, 1)
    assert.equal(audit[0].actor_id, tenant.user.id)
    const announced = (await queued('test-fraud-listener:on:customers.fraudMarked')).find(
      (payload: any) => payload.organizationId === orgId
    )
    assert.deepEqual(announced.customerIds, [Number(customer.id)])
    assert.isString(announced.markedAt)
    const list = await client.get('/api/v1/customers/activity').qs({ status: 'fraud' }).bearerToken(tenant.token)
    assert.lengthOf(list.body().data, 3)
  })

  test('marking an activity row marks its customer; affiliates and other organisations cannot mark', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId } = await organization()
    const other = await organization()
    await registerBatch(client, tenant.token, [{ cuid: 'ar-1', date: daysAgo(3), curr: 'USD' }])
    const row = (await activityBatch(client, tenant.token, [{ cuid: 'ar-1', date: daysAgo(1), bets: 1 }])).body().data
      .results[0]
    const affiliateUser = await addUser(orgId, 'affiliate')
    ;(
      await client.post(`/api/v1/customers/activity/${row.id}/fraud`).bearerToken(affiliateUser.token).json({})
    ).assertStatus(403)
    ;(
      await client.post(`/api/v1/customers/activity/${row.id}/fraud`).bearerToken(other.tenant.token).json({})
    ).assertStatus(404)
    const marked = await client.post(`/api/v1/customers/activity/${row.id}/fraud`).bearerToken(tenant.token).json({})
    marked.assertStatus(200)
    assert.isTrue(marked.body().data.fraud)
    const customer = await db.from('customers').where({ organization_id: orgId, cuid: 'ar-1' }).first()
    assert.equal(customer.status, 'fraud')
    const audit = await db.from('customer_events').where({ customer_id: customer.id, kind: 'fraud_marked' }).first()
    assert.equal(audit.data.activityId, row.id)
  })
})

test.group('Customers: conversion caps', () => {
  test('leads cap with reject_activity: the registration over the cap is recorded denied; the campaign keeps running', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    const capId = await cap(orgId, campaignId, 'leads', { lifetime: 2 })
    await registerBatch(
      client,
      tenant.token,
      ['l-1', 'l-2', 'l-3'].map((cuid) => ({ cuid, campaign_id: campaignId, pub_id: aff.user.id }))
    )
    assert.deepEqual(await capStatuses(orgId, 'registration'), ['counted', 'counted', 'denied'])
    const denied = await db.from('customer_conversions').where({ organization_id: orgId, cap_status: 'denied' }).first()
    assert.equal(denied.cap_id, capId)
    assert.equal(denied.cap_action, 'reject_activity')
    assert.equal(await campaignStatus(campaignId), 'active')
    // A replay counts nothing again.
    await registerBatch(
      client,
      tenant.token,
      ['l-1', 'l-2', 'l-3'].map((cuid) => ({ cuid, campaign_id: campaignId, pub_id: aff.user.id }))
    )
    assert.deepEqual(await capStatuses(orgId, 'registration'), ['counted', 'counted', 'denied'])
    const listed = await client
      .get('/api/v1/customers/conversions')
      .qs({ capStatus: 'denied' })
      .bearerToken(tenant.token)
    // The conversion report needs feature an_cr or an_cl.
    listed.assertStatus(403)
    await db
      .from('organizations')
      .where('id', orgId)
      .update({ features: JSON.stringify({ an_cr: true }) })
    const withFeature = await client
      .get('/api/v1/customers/conversions')
      .qs({ capStatus: 'denied' })
      .bearerToken(tenant.token)
    withFeature.assertStatus(200)
    assert.deepEqual(
      withFeature.body().data.map((row: any) => [row.type, row.capStatus, row.capId]),
      [['registration', 'denied', capId]]
    )
  })

  test('ftd cap (daily) with pause_campaign: the second FTD of the day is denied and the campaign is paused', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    await cap(orgId, campaignId, 'ftd', { daily: 1 }, { action: 'pause_campaign' })
    await registerBatch(
      client,
      tenant.token,
      ['d-1', 'd-2', 'd-3'].map((cuid) => ({
        cuid,
        date: daysAgo(5),
        curr: 'USD',
        campaign_id: campaignId,
        pub_id: aff.user.id,
      }))
    )
    await activityBatch(client, tenant.token, [
      { cuid: 'd-1', date: daysAgo(2), txn_id: 'x1', deposits: 10, deposit_count: 1, ftd: 1 },
      { cuid: 'd-2', date: daysAgo(2), txn_id: 'x2', deposits: 10, deposit_count: 1, ftd: 1 },
      { cuid: 'd-3', date: daysAgo(1), txn_id: 'x3', deposits: 10, deposit_count: 1, ftd: 1 },
    ])
    assert.deepEqual(await capStatuses(orgId, 'ftd'), ['counted', 'denied', 'counted'])
    assert.equal(await campaignStatus(campaignId), 'paused')
  })

  test('deposits cap per affiliate with disable_campaign: an FTD counts as a deposit; each affiliate has its own count', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const a = await affiliate(orgId)
    const b = await affiliate(orgId)
    await cap(orgId, campaignId, 'deposits', { lifetime: 1 }, { type: 'each_affiliate', action: 'disable_campaign' })
    await registerBatch(client, tenant.token, [
      { cuid: 'a-1', date: daysAgo(5), curr: 'USD', campaign_id: campaignId, pub_id: a.user.id },
      { cuid: 'b-1', date: daysAgo(5), curr: 'USD', campaign_id: campaignId, pub_id: b.user.id },
    ])
    await activityBatch(client, tenant.token, [
      { cuid: 'a-1', date: daysAgo(3), txn_id: 'a1', deposits: 10, deposit_count: 1 },
      { cuid: 'b-1', date: daysAgo(3), txn_id: 'b1', deposits: 10, deposit_count: 1 },
    ])
    assert.equal(await campaignStatus(campaignId), 'active')
    await activityBatch(client, tenant.token, [{ cuid: 'a-1', date: daysAgo(2), txn_id: 'a2', deposits: 10 }])
    assert.deepEqual(await capStatuses(orgId, 'ftd'), ['counted', 'counted'])
    assert.deepEqual(await capStatuses(orgId, 'deposit'), ['denied'])
    assert.equal(await campaignStatus(campaignId), 'disabled')
  })

  test('c_deposit: the engine reports a cumulative deposit once; the cap counts it; a fraud customer uses no cap', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    await cap(orgId, campaignId, 'c_deposit', { monthly: 1 })
    await registerBatch(
      client,
      tenant.token,
      ['c-1', 'c-2', 'c-3'].map((cuid) => ({
        cuid,
        date: daysAgo(5),
        curr: 'USD',
        campaign_id: campaignId,
        pub_id: aff.user.id,
      }))
    )
    const ids = Object.fromEntries(
      (await db.from('customers').where('organization_id', orgId)).map((row) => [row.cuid, Number(row.id)])
    )
    await db.from('customers').where('id', ids['c-3']).update({ status: 'fraud' })
    const date = daysAgo(0)
    const report = (customerId: number) =>
      db.transaction((trx) =>
        recordCumulativeDeposit(trx, { organizationId: orgId, customerId, date, amount: '500', currency: 'USD' })
      )
    assert.include(await report(ids['c-1']), { capStatus: 'counted', created: true })
    assert.include(await report(ids['c-1']), { capStatus: 'counted', created: false })
    assert.include(await report(ids['c-3']), { capStatus: 'none', created: true })
    assert.include(await report(ids['c-2']), { capStatus: 'denied', created: true })
  })
})
