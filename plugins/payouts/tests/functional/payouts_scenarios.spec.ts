import { test } from '@japa/runner'
import { activity, affiliate, API, brief, campaign, organization, register, rows, setPlan, settled } from './helpers.js'

/*
 * Whole scenarios through the HTTP API: plan → customers and activity → rows appear →
 * close → approve → statement, one per payout model.
 */
test.group('Payouts: scenarios end to end', () => {
  test('hybrid (CPA on FTD + RevShare): rows as activity arrives, close, approve, pay, statement', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    await setPlan(client, tenant.token, campaignId, {
      model: 'hybrid',
      goal: 'ftd',
      cpaPayout: 40,
      cpaFtdP: 50,
      cpaRegP: '2.5',
      cpsNgrP: 25,
    })
    await register(client, tenant.token, [
      {
        cuid: 'h-1',
        date: '2025-01-10T12:00:00Z',
        curr: 'USD',
        country: 'BR',
        campaign_id: campaignId,
        pub_id: aff.user.id,
      },
      {
        cuid: 'h-2',
        date: '2025-01-11T12:00:00Z',
        curr: 'USD',
        country: 'BR',
        campaign_id: campaignId,
        pub_id: aff.user.id,
      },
    ])
    await activity(client, tenant.token, [
      {
        cuid: 'h-1',
        date: '2025-01-12',
        txn_id: 'h1-a',
        deposits: 100,
        deposit_count: 1,
        ftd: 1,
        bets: 300,
        wins: 100,
      },
      { cuid: 'h-2', date: '2025-01-20', txn_id: 'h2-a', bets: 50, wins: 80 },
    ])
    await settled(orgId)
    const january = await rows(client, tenant.token, { period: '2025-01' })
    assert.deepEqual(brief(january), [
      'cpa:50.00:pending',
      'registration:2.50:pending',
      'registration:2.50:pending',
      'revshare:-7.50:pending',
      'revshare:50.00:pending',
    ])
    assert.isTrue(january.filter((row) => row.type === 'revshare').every((row) => row.provisional))

    const closed = await client.post(`${API}/periods/2025-01/close`).bearerToken(tenant.token)
    closed.assertStatus(200)
    assert.equal(closed.body().data.period, '2025-01')
    const after = await rows(client, tenant.token, { period: '2025-01' })
    assert.isTrue(after.filter((row) => row.type === 'revshare').every((row) => !row.provisional))
    // Carryover flag off: the negative RevShare of the brand is floored… per affiliate × brand, so the sum 42.50 stays.
    const statement = (await client.get(`${API}/statements`).bearerToken(tenant.token).qs({ period: '2025-01' })).body()
      .data
    assert.lengthOf(statement, 1)
    assert.include(statement[0], { affiliateId: aff.user.id, cpa: '55.00', revshare: '42.50', total: '97.50' })

    const approved = await client
      .post(`${API}/rows/approve`)
      .bearerToken(tenant.token)
      .json({ filter: { period: ['2025-01'] } })
    approved.assertStatus(200)
    assert.equal(approved.body().data.changed, after.length)
    const paid = await client
      .post(`${API}/rows/pay`)
      .bearerToken(tenant.token)
      .json({ filter: { period: ['2025-01'] }, reference: 'WIRE-2025-02-01' })
    paid.assertStatus(200)
    const final = (await client.get(`${API}/statements`).bearerToken(aff.token).qs({ period: '2025-01' })).body().data
    assert.deepEqual(final[0].byStatus, {
      unapproved: '0.00',
      approved: '0.00',
      paid: '97.50',
      hold: '0.00',
      denied: '0.00',
    })
    // The affiliate's rows add up to its statement, to the cent.
    const mine = await rows(client, aff.token, { period: '2025-01' })
    const sum = mine.reduce((total, row) => total + Math.round(Number(row.amount) * 100), 0)
    assert.equal((sum / 100).toFixed(2), final[0].total)
  })
})
