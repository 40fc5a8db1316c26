import { test } from '@japa/runner'
import { activity, affiliate, campaign, organization, register, rows, setPlan, settled } from './helpers.js'

/*
 * COMMISSIONS §5 end to end, through the HTTP API only after the fixtures: activity in a
 * currency the campaign does not pay in waits as `pending_fx` (no amount) until the
 * organisation's rate of that day arrives by the FX-rates API; then the same row is priced.
 */
test.group('Payouts: FX rates', () => {
  test('activity without a rate waits as pending_fx; a rate sent by API prices it', async ({ client, assert }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId, 'USD')
    const aff = await affiliate(orgId)
    await setPlan(client, tenant.token, campaignId, { model: 'cps', cpsNgrP: 50 })
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)
    await register(client, tenant.token, [
      { cuid: 'fx-1', date: day, curr: 'EUR', campaign_id: campaignId, pub_id: aff.user.id },
    ])
    await activity(client, tenant.token, [{ cuid: 'fx-1', date: day, txn_id: 'fx-a', bets: '200', wins: '50' }])
    await settled(orgId)

    const waiting = (await rows(client, tenant.token)).filter((row) => row.customerId !== null)
    assert.lengthOf(waiting, 1)
    assert.include(waiting[0], { status: 'pending_fx', amount: null, campaignId, affiliateId: aff.user.id })

    // A rate of another day prices nothing: rates are exact-date.
    const otherDay = await client
      .put('/api/v1/customers/fx-rates')
      .bearerToken(tenant.token)
      .json({ rates: [{ from: 'EUR', to: 'USD', date: '2020-01-01', rate: '1.5' }] })
    otherDay.assertStatus(200)
    await settled(orgId)
    assert.include(
      (await rows(client, tenant.token)).find((row) => row.id === waiting[0].id),
      {
        status: 'pending_fx',
        amount: null,
      }
    )

    // The day's rate: 50 % × (200 − 50) EUR × 1.1 = 82.50 USD.
    const set = await client
      .put('/api/v1/customers/fx-rates')
      .bearerToken(tenant.token)
      .json({ rates: [{ from: 'EUR', to: 'USD', date: day, rate: '1.1' }] })
    set.assertStatus(200)
    await settled(orgId)
    const priced = (await rows(client, tenant.token)).filter((row) => row.customerId !== null)
    assert.lengthOf(priced, 1)
    assert.include(priced[0], { status: 'pending', amount: '82.50', currency: 'USD' })
  })
})
