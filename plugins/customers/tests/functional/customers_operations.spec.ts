import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { installTestPlugin } from '@affix/core/testing'
import { campaignHasActivity } from '@affix/campaigns/contracts'
import { fxRates, ratesChanged } from '@affix/customers/contracts'
import { activityBatch, affiliate, campaign, daysAgo, organization, registerBatch, today } from './helpers.js'

/* Reassignment, FX rates and the campaigns' "has customers or activity" lock. */
async function queued(task: string) {
  const { rows } = await db.rawQuery(
    `SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = ? ORDER BY j.id`,
    [task]
  )
  return rows.map((row: { payload: any }) => row.payload)
}

test.group('Customers: reassignment', () => {
  test('activity dated from the effective date earns for the new affiliate; earlier rows stay; audited; no retroactive move', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const privateCampaign = await campaign(orgId, brandId, { visibility: 'private' })
    const a = await affiliate(orgId)
    const b = await affiliate(orgId)
    await registerBatch(client, tenant.token, [
      { cuid: 'ra-1', date: daysAgo(10), curr: 'USD', campaign_id: campaignId, pub_id: a.user.id },
      { cuid: 'organic', date: daysAgo(10), curr: 'USD' },
    ])
    const rows = await activityBatch(client, tenant.token, [
      { cuid: 'ra-1', date: daysAgo(3), bets: 10 },
      { cuid: 'ra-1', date: today(), bets: 20 },
    ])
    const [earlier, current] = rows.body().data.results.map((row: any) => row.id)
    const customer = await db.from('customers').where({ organization_id: orgId, cuid: 'ra-1' }).first()
    const url = `/api/v1/customers/customers/${customer.id}/reassign`

    const past = await client
      .post(url)
      .bearerToken(tenant.token)
      .json({ affiliateId: b.user.id, effectiveDate: daysAgo(1), reason: 'x' })
    past.assertStatus(422)
    assert.equal(past.body().error.message, 'The effective date cannot be before today (no retroactive reassignment)')
    const noReason = await client
      .post(url)
      .bearerToken(tenant.token)
      .header('accept-language', 'pt')
      .json({ affiliateId: b.user.id })
    noReason.assertStatus(422)
    const moved = await client
      .post(url)
      .bearerToken(tenant.token)
      .json({ affiliateId: b.user.id, reason: 'Agreed with both' })
    moved.assertStatus(200)
    assert.equal(moved.body().data.campaignId, campaignId)
    const affiliateOf = async (id: number) => (await db.from('customer_activity').where('id', id).first()).affiliate_id
    assert.equal(await affiliateOf(earlier), a.user.id)
    assert.equal(await affiliateOf(current), b.user.id)
    const later = await activityBatch(client, tenant.token, [
      { cuid: 'ra-1', date: today(), txn_id: 'after', deposits: 5 },
    ])
    assert.equal(await affiliateOf(later.body().data.results[0].id), b.user.id)
    const same = await client.post(url).bearerToken(tenant.token).json({ affiliateId: b.user.id, reason: 'again' })
    assert.equal(same.body().error.message, 'The customer already belongs to this affiliate')

    const detail = await client.get(`/api/v1/customers/customers/${customer.id}`).bearerToken(tenant.token)
    assert.deepInclude(detail.body().data.reassignments[0], {
      fromAffiliateId: a.user.id,
      toAffiliateId: b.user.id,
      effectiveDate: today(),
      reason: 'Agreed with both',
      actorId: tenant.user.id,
    })
    assert.equal(detail.body().data.timeline[0].kind, 'reassigned')

    const organicId = (await db.from('customers').where({ organization_id: orgId, cuid: 'organic' }).first()).id
    const organic = await client
      .post(`/api/v1/customers/customers/${organicId}/reassign`)
      .bearerToken(tenant.token)
      .json({ affiliateId: b.user.id, reason: 'x' })
    assert.equal(organic.body().error.message, 'An organic customer has no campaign: it cannot be reassigned')
    // An affiliate not allowed on the campaign (private, no access) is refused.
    await registerBatch(client, tenant.token, [
      { cuid: 'priv', date: daysAgo(1), curr: 'USD', campaign_id: campaignId, pub_id: a.user.id },
    ])
    await db.from('customers').where({ organization_id: orgId, cuid: 'priv' }).update({ campaign_id: privateCampaign })
    const privId = (await db.from('customers').where({ organization_id: orgId, cuid: 'priv' }).first()).id
    const notAllowed = await client
      .post(`/api/v1/customers/customers/${privId}/reassign`)
      .bearerToken(tenant.token)
      .json({ affiliateId: b.user.id, reason: 'x' })
    assert.equal(notAllowed.body().error.message, "Please select an affiliate allowed on the customer's campaign")
  })
})

test.group('Customers: FX rates', (group) => {
  group.setup(() =>
    installTestPlugin({
      id: 'test-rates-listener',
      dependsOn: ['customers'],
      listeners: [ratesChanged.listen(async () => {})],
    })
  )

  test('set, replace and list rates; bad rates refused per row; the engine hears what changed', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId } = await organization()
    const put = (rates: unknown[], language = 'en') =>
      client
        .put('/api/v1/customers/fx-rates')
        .bearerToken(tenant.token)
        .header('accept-language', language)
        .json({ rates })
    const first = await put([
      { from: 'eur', to: 'USD', date: daysAgo(1), rate: '1.0875' },
      { from: 'BRL', to: 'USD', date: daysAgo(1), rate: 0.185 },
      { from: 'USD', to: 'USD', date: daysAgo(1), rate: 1 },
      { from: 'USD', to: 'XYZ', date: daysAgo(1), rate: 1 },
      { from: 'USD', to: 'EUR', date: daysAgo(1), rate: 0 },
      { from: 'USD', to: 'EUR', date: 'soon', rate: 1 },
    ])
    first.assertStatus(200)
    assert.deepEqual(
      first.body().data.results.map((row: any) => row.error?.message ?? row.status),
      [
        'created',
        'created',
        'from and to must be different currencies',
        'to "XYZ" is not an ISO 4217 currency code',
        'rate must be a positive number with at most 10 decimal digits',
        'date must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
      ]
    )
    const second = await put([
      { from: 'EUR', to: 'USD', date: daysAgo(1), rate: '1.0875' },
      { from: 'BRL', to: 'USD', date: daysAgo(1), rate: '0.19' },
    ])
    assert.deepEqual(
      second.body().data.results.map((row: any) => row.status),
      ['duplicate', 'updated']
    )
    const list = await client.get('/api/v1/customers/fx-rates').qs({ fromCurrency: 'BRL' }).bearerToken(tenant.token)
    assert.deepEqual(
      list.body().data.map((row: any) => [row.from, row.to, row.date, row.rate]),
      [['BRL', 'USD', daysAgo(1), '0.19']]
    )
    const rates = await fxRates(orgId, [
      { from: 'BRL', to: 'USD', date: daysAgo(1) },
      { from: 'BRL', to: 'USD', date: daysAgo(2) },
      { from: 'USD', to: 'USD', date: daysAgo(2) },
    ])
    assert.deepEqual(Object.fromEntries(rates), {
      [`BRL:USD:${daysAgo(1)}`]: '0.1900000000',
      [`USD:USD:${daysAgo(2)}`]: '1',
    })
    const changes = (await queued('test-rates-listener:on:customers.ratesChanged')).filter(
      (payload: any) => payload.organizationId === orgId
    )
    assert.deepEqual(
      changes.map((payload: any) => payload.rates),
      [
        [
          { from: 'EUR', to: 'USD', date: daysAgo(1) },
          { from: 'BRL', to: 'USD', date: daysAgo(1) },
        ],
        [{ from: 'BRL', to: 'USD', date: daysAgo(1) }],
      ]
    )
    const sample = await client.get('/api/v1/customers/fx-rates/sample').bearerToken(tenant.token)
    const imported = await client
      .post('/api/v1/customers/fx-rates/import')
      .bearerToken(tenant.token)
      .file('file', Buffer.from(sample.text()), { filename: 'rates.csv', contentType: 'text/csv' })
    imported.assertStatus(202)
    const deadline = Date.now() + 20_000
    let record
    do {
      record = (await client.get(`/api/v1/imports/${imported.body().data.id}`).bearerToken(tenant.token)).body().data
      await new Promise((done) => setTimeout(done, 50))
    } while (!['completed', 'failed', 'imported_partially'].includes(record.status) && Date.now() < deadline)
    assert.include(record, { status: 'completed', importedRows: 3 })
  })
})

test.group('Customers: campaigns keep their payout plan once they have customers', () => {
  test('the campaigns.activity hook says so', async ({ client, assert }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    assert.isFalse(await campaignHasActivity(orgId, campaignId))
    await registerBatch(client, tenant.token, [{ cuid: 'h-1', campaign_id: campaignId, pub_id: aff.user.id }])
    assert.isTrue(await campaignHasActivity(orgId, campaignId))
  })
})
