import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { activityBatch, affiliate, campaign, daysAgo, organization, registerBatch } from './helpers.js'

/*
 * Every bad input gets its message (en, pt, tr), per row; the good rows of the same batch
 * are kept, nothing is half-written, nothing crosses organisations.
 */
test.group('Customers: bad input', () => {
  test('refused activity rows, each with its reason; the good row of the batch is kept', async ({ client, assert }) => {
    const { tenant, orgId } = await organization()
    await registerBatch(client, tenant.token, [{ cuid: 'b-1', date: daysAgo(10), curr: 'USD' }])
    const far = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    const rows = [
      { cuid: 'nobody', date: daysAgo(1) },
      { cuid: 'b-1', date: daysAgo(11) },
      { cuid: 'b-1', date: daysAgo(1), curr: 'XYZ' },
      { cuid: 'b-1', date: daysAgo(1), deposit_count: -1 },
      { cuid: 'b-1', date: daysAgo(1), deposits: 'ten' },
      { cuid: 'b-1', date: far },
      { cuid: 'b-1', date: daysAgo(1), deposits: '1.1234567' },
      { cuid: 'b-1', date: daysAgo(1), deposits: '-5' },
      { cuid: 'b-1', date: daysAgo(1), depositz: '5' },
      { cuid: 'b-1', date: 'yesterday' },
      { date: daysAgo(1) },
      { cuid: 'b-1', date: daysAgo(1), ftd: 'maybe' },
      { cuid: 'b-1', date: daysAgo(1), deposits: '12.50', adjustments: '-3', chargebacks: '-1.5' },
    ]
    const expected: Array<[string, string]> = [
      ['unknown_cuid', 'Unknown customer "nobody": register the customer first'],
      [
        'before_registration',
        `The date ${daysAgo(11)} is before the registration date of the customer (${daysAgo(10)})`,
      ],
      ['unknown_currency', 'curr "XYZ" is not an ISO 4217 currency code'],
      ['negative_count', 'deposit_count cannot be negative'],
      ['not_numeric', 'deposits must be a number (digits and a decimal point, e.g. 125.50)'],
      ['date_in_future', `The date ${far} is in the future`],
      ['too_precise', 'deposits must have at most 6 decimal digits'],
      ['negative_amount', 'deposits cannot be negative (only adjustments and chargebacks may be)'],
      ['unknown_field', 'Unknown column "depositz"'],
      ['invalid_date', 'date must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
      ['required', 'cuid is required'],
      ['invalid_flag', 'ftd must be 1 or 0 (true or false)'],
    ]
    const response = await activityBatch(client, tenant.token, rows)
    response.assertStatus(200)
    const results = response.body().data.results
    expected.forEach(([code, message], index) => {
      assert.equal(results[index].status, 'error', `row ${index}`)
      assert.deepEqual(results[index].error, { code, message, status: 422 }, `row ${index}`)
    })
    assert.equal(results[12].status, 'created')
    const stored = await db.from('customer_activity').where('organization_id', orgId)
    assert.lengthOf(stored, 1)
    assert.equal(stored[0].adjustments, '-3.000000')

    const pt = await activityBatch(client, tenant.token, rows.slice(0, 4), 'pt')
    assert.deepEqual(
      pt.body().data.results.map((row: any) => row.error.message),
      [
        'Cliente desconhecido "nobody": cadastre o cliente primeiro',
        `A data ${daysAgo(11)} é anterior à data de cadastro do cliente (${daysAgo(10)})`,
        'curr "XYZ" não é um código de moeda ISO 4217',
        'deposit_count não pode ser negativo',
      ]
    )
    const tr = await activityBatch(client, tenant.token, rows.slice(3, 5), 'tr')
    assert.deepEqual(
      tr.body().data.results.map((row: any) => row.error.message),
      ['deposit_count negatif olamaz', 'deposits bir sayı olmalıdır (rakamlar ve ondalık nokta, ör. 125.50)']
    )
  })

  test('refused registrations: in the future, bad currency, country, e-mail, IP, too long; the rest are stored', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId } = await organization()
    const soon = new Date(Date.now() + 4 * 60_000).toISOString()
    const later = new Date(Date.now() + 6 * 60_000).toISOString()
    const response = await registerBatch(client, tenant.token, [
      { cuid: 'r-1', date: later },
      { cuid: 'r-2', curr: 'EURO' },
      { cuid: 'r-3', country: 'XX' },
      { cuid: 'r-4', email: 'not-an-email' },
      { cuid: 'r-5', ip: '999.1.1.1' },
      { cuid: 'x'.repeat(101) },
      { cuid: 'r-7', campaign_id: 'abc' },
      { cuid: 'r-8', date: soon },
      'not an object',
    ])
    const codes = response.body().data.results.map((row: any) => row.error?.code ?? row.status)
    assert.deepEqual(codes, [
      'registration_in_future',
      'unknown_currency',
      'unknown_country',
      'invalid_email',
      'invalid_ip',
      'too_long',
      'invalid_id',
      'created',
      'not_object',
    ])
    assert.equal(response.body().data.results[0].error.message, 'The registration is more than 5 minutes in the future')
    const count = await db.from('customers').where('organization_id', orgId).count('* as n')
    assert.equal(Number(count[0].n), 1)
  })

  test('an oversized or empty batch is refused whole (422), in the caller language', async ({ client, assert }) => {
    const { tenant, orgId } = await organization()
    const rows = Array.from({ length: 10_001 }, (_, i) => ({ cuid: `o-${i}` }))
    const response = await registerBatch(client, tenant.token, rows)
    response.assertStatus(422)
    assert.equal(response.body().error.message, 'A batch may have at most 10000 rows')
    const pt = await registerBatch(client, tenant.token, rows, 'pt')
    assert.equal(pt.body().error.message, 'Um lote pode ter no máximo 10000 linhas')
    const empty = await activityBatch(client, tenant.token, [])
    empty.assertStatus(422)
    assert.equal(empty.body().error.message, 'rows must be a list of at least one row')
    const notList = await client
      .post('/api/v1/customers/activity/batch')
      .bearerToken(tenant.token)
      .json({ rows: 'nope' })
    notList.assertStatus(422)
    assert.equal(Number((await db.from('customers').where('organization_id', orgId).count('* as n'))[0].n), 0)
  })

  test('nothing crosses organisations: a cuid, a campaign or an affiliate of another organisation is unknown here', async ({
    client,
    assert,
  }) => {
    const mine = await organization()
    const theirs = await organization()
    const theirCampaign = await campaign(theirs.orgId, theirs.brandId)
    const theirAffiliate = await affiliate(theirs.orgId)
    await registerBatch(client, theirs.tenant.token, [{ cuid: 'shared', curr: 'USD' }])
    const activity = await activityBatch(client, mine.tenant.token, [{ cuid: 'shared', date: daysAgo(0) }])
    assert.equal(activity.body().data.results[0].error.code, 'unknown_cuid')
    const registration = await registerBatch(client, mine.tenant.token, [
      { cuid: 'shared', campaign_id: theirCampaign, pub_id: theirAffiliate.user.id, brand_id: theirs.brandId },
      { cuid: 'mine', campaign_id: theirCampaign, pub_id: theirAffiliate.user.id },
    ])
    const [foreignBrand, mineRow] = registration.body().data.results
    assert.equal(foreignBrand.error.code, 'unknown_brand')
    assert.equal(mineRow.attribution.failures[0].reason, 'explicit_campaign_not_found')
    const theirsCount = await db.from('customers').where('organization_id', theirs.orgId).count('* as n')
    assert.equal(Number(theirsCount[0].n), 1)
    // Their customer is not visible here either.
    const list = await client.get('/api/v1/customers/customers').bearerToken(mine.tenant.token)
    assert.deepEqual(
      list.body().data.map((row: any) => row.cuid),
      ['mine']
    )
    const theirId = (await db.from('customers').where('organization_id', theirs.orgId).first()).id
    const detail = await client.get(`/api/v1/customers/customers/${theirId}`).bearerToken(mine.tenant.token)
    detail.assertStatus(404)
  })

  test('a txn_id already used by another customer is refused; the same txn_id in two brands are two rows', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandIds } = await organization({ brands: 2 })
    await registerBatch(client, tenant.token, [
      { cuid: 'a', brand_id: brandIds[0], curr: 'USD', date: daysAgo(3) },
      { cuid: 'b', brand_id: brandIds[0], curr: 'USD', date: daysAgo(3) },
      { cuid: 'a', brand_id: brandIds[1], curr: 'USD', date: daysAgo(3) },
    ])
    const response = await activityBatch(client, tenant.token, [
      { cuid: 'a', brand_id: brandIds[0], date: daysAgo(1), txn_id: 'T1', deposits: 5 },
      { cuid: 'b', brand_id: brandIds[0], date: daysAgo(1), txn_id: 'T1', deposits: 5 },
      { cuid: 'a', brand_id: brandIds[1], date: daysAgo(1), txn_id: 'T1', deposits: 5 },
      { cuid: 'a', date: daysAgo(1), txn_id: 'T2', deposits: 5 },
    ])
    assert.deepEqual(
      response.body().data.results.map((row: any) => row.error?.code ?? row.status),
      ['created', 'txn_other_customer', 'created', 'ambiguous_cuid']
    )
    assert.equal(Number((await db.from('customer_activity').where('organization_id', orgId).count('* as n'))[0].n), 2)
  })
})
