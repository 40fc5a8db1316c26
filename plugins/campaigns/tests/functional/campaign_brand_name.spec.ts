/*
 * A campaign carries its brand's name and its creation date for every reader: affiliates
 * may not read brands, so without the name their campaign list showed "#3" and an empty
 * Created column.
 */
import { test } from '@japa/runner'
import { addUser, createTenant } from '@affix/core/testing'

const CAMPAIGNS = '/api/v1/campaigns/campaigns'
const BRANDS = '/api/v1/brands/brands'

test.group('campaigns: brand name and creation date', () => {
  test('the network and an affiliate read the brand name and the date; another tenant’s brand never shows', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const brand = (await client.post(BRANDS).bearerToken(token).json({ name: 'Lucky Spin' })).body().data
    const created = await client
      .post(CAMPAIGNS)
      .bearerToken(token)
      .json({ title: 'Welcome CPA', brandId: brand.id, defaultUrl: 'https://lucky.example/?cid={click_id}' })
    created.assertStatus(201)
    assert.equal(created.body().data.brandName, 'Lucky Spin')

    const affiliate = await addUser(org.id, 'affiliate')
    ;(await client.get(`${BRANDS}/${brand.id}`).bearerToken(affiliate.token)).assertStatus(403)
    const [seen] = (await client.get(CAMPAIGNS).bearerToken(affiliate.token)).body().data
    assert.equal(seen.brandName, 'Lucky Spin')
    assert.match(seen.createdAt, /^\d{4}-\d{2}-\d{2}T/)
    const one = (await client.get(`${CAMPAIGNS}/${seen.id}`).bearerToken(affiliate.token)).body().data
    assert.equal(one.brandName, 'Lucky Spin')

    // A renamed brand is seen at once; the admin's list says the same.
    await client.patch(`${BRANDS}/${brand.id}`).bearerToken(token).json({ name: 'Lucky Spin Casino' })
    const [listed] = (await client.get(CAMPAIGNS).bearerToken(token)).body().data
    assert.equal(listed.brandName, 'Lucky Spin Casino')

    // Another organisation's campaigns never name this one's brands.
    const other = await createTenant('admin')
    assert.deepEqual((await client.get(CAMPAIGNS).bearerToken(other.token)).body().data, [])
  })
})
