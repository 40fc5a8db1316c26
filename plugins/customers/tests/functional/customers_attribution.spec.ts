import { test } from '@japa/runner'
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { affiliate, campaign, organization, registerBatch } from './helpers.js'

/*
 * Attribution (COMMISSIONS §2), every rule with what makes it fail: a click inside and
 * outside the campaign's attribution window, a promo code, explicit campaign_id + pub_id,
 * organic; the reason of each rule that failed is recorded and shown.
 */
function clickIdAt(ms: number) {
  const hex = ms.toString(16).padStart(12, '0')
  const random = randomBytes(10).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7${random.slice(0, 3)}-${((parseInt(random[3], 16) & 3) | 8).toString(16)}${random.slice(4, 7)}-${random.slice(7, 19)}`
}

async function click(
  orgId: number | null,
  campaignId: number,
  brandId: number,
  affiliateId: number | null,
  at: Date,
  outcome = 'redirect'
) {
  const clickId = clickIdAt(at.getTime())
  await db.table('tracking_clicks').insert({
    click_id: clickId,
    created_at: at,
    organization_id: orgId,
    campaign_id: campaignId,
    brand_id: brandId,
    affiliate_id: affiliateId,
    outcome,
    ip: '203.0.113.1',
    fraud_action: outcome === 'redirect' ? 'mark' : null,
  })
  return clickId
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)

test.group('Customers: attribution', () => {
  test('a click inside the window attributes (fraud-marked too); outside the window, not redirected, other brand: recorded failures', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandIds } = await organization({ brands: 2 })
    const [brandId, otherBrand] = brandIds
    const shortWindow = await campaign(orgId, brandId, { attribution_window_days: 1 })
    const otherBrandCampaign = await campaign(orgId, otherBrand)
    const aff = await affiliate(orgId)
    const inside = await click(orgId, shortWindow, brandId, aff.user.id, hoursAgo(23))
    const outside = await click(orgId, shortWindow, brandId, aff.user.id, hoursAgo(25))
    const fallback = await click(orgId, shortWindow, brandId, aff.user.id, hoursAgo(1), 'fallback')
    const wrongBrand = await click(orgId, otherBrandCampaign, otherBrand, aff.user.id, hoursAgo(1))
    const now = new Date().toISOString()
    const response = await registerBatch(client, tenant.token, [
      { cuid: 'c-in', date: now, cid: inside },
      { cuid: 'c-out', date: now, cid: outside },
      { cuid: 'c-fallback', date: now, cid: fallback },
      { cuid: 'c-brand', date: now, cid: wrongBrand, brand_id: brandId },
      { cuid: 'c-unknown', date: now, cid: clickIdAt(Date.now() - 1000), brand_id: brandId },
    ])
    response.assertStatus(200)
    const results = response.body().data.results
    assert.deepInclude(results[0].attribution, { source: 'click', campaignId: shortWindow, affiliateId: aff.user.id })
    assert.deepEqual(results[1].attribution.failures, [
      { rule: 'click', reason: 'click_outside_window', message: 'click outside attribution window' },
    ])
    assert.equal(results[1].attribution.source, 'none')
    assert.equal(results[2].attribution.failures[0].reason, 'click_not_redirected')
    assert.equal(results[3].attribution.failures[0].reason, 'click_other_brand')
    assert.equal(results[4].attribution.failures[0].message, 'click not found')

    const stored = await db.from('customers').where({ organization_id: orgId, cuid: 'c-in' }).first()
    assert.equal(stored.attribution_click_id, inside)
    const detail = await client
      .get(`/api/v1/customers/customers/${results[1].id}`)
      .bearerToken(tenant.token)
      .header('accept-language', 'pt')
    assert.equal(detail.body().data.attribution.failures[0].message, 'clique fora da janela de atribuição')
  })

  test('a registration after the click is required; a cid of another organisation refuses the row', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const other = await organization()
    const campaignId = await campaign(orgId, brandId)
    const otherCampaign = await campaign(other.orgId, other.brandId)
    const aff = await affiliate(orgId)
    const future = await click(orgId, campaignId, brandId, aff.user.id, new Date(Date.now() + 60_000))
    const foreign = await click(other.orgId, otherCampaign, other.brandId, null, hoursAgo(1))
    const response = await registerBatch(client, tenant.token, [
      { cuid: 'late-click', cid: future },
      { cuid: 'foreign', cid: foreign },
      { cuid: 'kept' },
    ])
    const results = response.body().data.results
    assert.equal(results[0].attribution.failures[0].reason, 'click_after_registration')
    assert.equal(results[1].status, 'error')
    assert.equal(results[1].error.message, 'The click (cid) belongs to another organisation')
    assert.equal(results[2].status, 'created')
    assert.isNull(await db.from('customers').where({ organization_id: orgId, cuid: 'foreign' }).first())
  })

  test('promo code: active on the registration date, case-insensitive, tied to an affiliate and a campaign of the brand', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const other = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    const code = async (organizationId: number, values: Record<string, unknown>) =>
      db.table('promo_codes').insert({
        organization_id: organizationId,
        bonus_currency: 'USD',
        type: 'exclusive',
        ...values,
      })
    await code(orgId, { code: 'Welcome10', campaign_id: campaignId, affiliate_id: aff.user.id })
    await code(orgId, {
      code: 'EXPIRED',
      campaign_id: campaignId,
      affiliate_id: aff.user.id,
      start_date: new Date('2020-01-01'),
      end_date: new Date('2020-02-01'),
    })
    await code(orgId, { code: 'NOAFF', campaign_id: campaignId })
    await code(other.orgId, { code: 'THEIRS', campaign_id: null })
    const response = await registerBatch(client, tenant.token, [
      { cuid: 'pc-1', coupon: 'welcome10' },
      { cuid: 'pc-2', coupon: 'expired' },
      { cuid: 'pc-3', coupon: 'NOAFF' },
      { cuid: 'pc-4', coupon: 'THEIRS' },
    ])
    const results = response.body().data.results
    assert.deepInclude(results[0].attribution, { source: 'promo_code', campaignId, affiliateId: aff.user.id })
    assert.equal(results[1].attribution.failures[0].reason, 'promo_code_inactive')
    assert.equal(results[2].attribution.failures[0].reason, 'promo_code_without_affiliate')
    // Another organisation's code is simply not one of this organisation's: nothing crosses over.
    assert.equal(results[3].attribution.failures[0].reason, 'promo_code_not_found')
    assert.equal(results[3].status, 'created')
  })

  test('explicit campaign_id + pub_id: a live campaign of the brand and an affiliate allowed on it; else organic with the reason', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandIds } = await organization({ brands: 2 })
    const [brandId, otherBrand] = brandIds
    const open = await campaign(orgId, brandId)
    const privateCampaign = await campaign(orgId, brandId, { visibility: 'private' })
    const otherBrandCampaign = await campaign(orgId, otherBrand)
    const aff = await affiliate(orgId)
    const other = await organization()
    const foreignCampaign = await campaign(other.orgId, other.brandId)
    const response = await registerBatch(client, tenant.token, [
      { cuid: 'e-1', campaign_id: open, pub_id: aff.user.id },
      { cuid: 'e-2', campaign_id: privateCampaign, pub_id: aff.user.id },
      { cuid: 'e-3', campaign_id: open, brand_id: brandId },
      { cuid: 'e-4', campaign_id: otherBrandCampaign, pub_id: aff.user.id, brand_id: brandId },
      { cuid: 'e-5', campaign_id: foreignCampaign, pub_id: aff.user.id, brand_id: brandId },
      { cuid: 'e-6', brand_id: brandId },
      { cuid: 'e-7' },
    ])
    const results = response.body().data.results
    assert.deepInclude(results[0].attribution, { source: 'explicit', campaignId: open, affiliateId: aff.user.id })
    assert.equal(results[1].attribution.failures[0].reason, 'explicit_affiliate_not_allowed')
    assert.equal(results[2].attribution.failures[0].reason, 'explicit_incomplete')
    assert.equal(results[3].attribution.failures[0].reason, 'explicit_other_brand')
    assert.equal(results[4].attribution.failures[0].reason, 'explicit_campaign_not_found')
    assert.deepEqual(results[5].attribution, { source: 'none', campaignId: null, affiliateId: null, failures: [] })
    // Two brands and nothing naming one: the row is refused.
    assert.equal(results[6].status, 'error')
    assert.equal(results[6].error.code, 'brand_required')
  })

  test('the click rule wins over the promo code and the explicit campaign', async ({ client, assert }) => {
    const { tenant, orgId, brandId } = await organization()
    const first = await campaign(orgId, brandId)
    const second = await campaign(orgId, brandId)
    const byClick = await affiliate(orgId)
    const byCode = await affiliate(orgId)
    const clickId = await click(orgId, first, brandId, byClick.user.id, hoursAgo(2))
    await db.table('promo_codes').insert({
      organization_id: orgId,
      code: 'BOTH',
      bonus_currency: 'USD',
      campaign_id: second,
      affiliate_id: byCode.user.id,
    })
    const response = await registerBatch(client, tenant.token, [
      { cuid: 'w-1', cid: clickId, coupon: 'both', campaign_id: second, pub_id: byCode.user.id },
      { cuid: 'w-2', cid: 'not-a-click', coupon: 'both', campaign_id: second, pub_id: byClick.user.id },
    ])
    const [winner, second_] = response.body().data.results
    assert.deepInclude(winner.attribution, { source: 'click', affiliateId: byClick.user.id, failures: [] })
    assert.deepInclude(second_.attribution, { source: 'promo_code', affiliateId: byCode.user.id })
    assert.equal(second_.attribution.failures[0].reason, 'click_not_found')
  })
})
