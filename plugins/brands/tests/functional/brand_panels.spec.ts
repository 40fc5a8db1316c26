import { test } from '@japa/runner'
import { addUser, createTenant, followInvitation } from '@affix/core/testing'

/*
 * Brand panels (spec §3, §6): the network invites a brand's people (they choose their own
 * password) or links a brand panel that signed up; a linked panel sees and changes only its
 * brand's catalogue (and players), one linked to none sees nothing, and an admin logs in as it.
 */
const BRANDS = '/api/v1/brands/brands'
const PRODUCTS = '/api/v1/brands/products'

async function network(client: any) {
  const admin = await createTenant('admin')
  const lucky = (await client.post(BRANDS).bearerToken(admin.token).json({ name: 'Lucky' })).body().data
  const royal = (await client.post(BRANDS).bearerToken(admin.token).json({ name: 'Royal' })).body().data
  const luckySlots = (
    await client.post(PRODUCTS).bearerToken(admin.token).json({ name: 'Lucky Slots', brandId: lucky.id })
  ).body().data
  const royalBook = (
    await client.post(PRODUCTS).bearerToken(admin.token).json({ name: 'Royal Book', brandId: royal.id })
  ).body().data
  return { admin, lucky, royal, luckySlots, royalBook }
}

test.group('brand panels', () => {
  test('the network invites a person to a brand: a new brand panel without a password, listed with the brand', async ({
    client,
    assert,
  }) => {
    const { admin, lucky } = await network(client)
    const invited = await client
      .post(`${BRANDS}/${lucky.id}/panels`)
      .bearerToken(admin.token)
      .json({ email: 'Partners@Lucky.example', name: 'Lucky Partners' })
    invited.assertStatus(201)
    assert.include(invited.body().data, {
      brandId: lucky.id,
      email: 'partners@lucky.example',
      name: 'Lucky Partners',
      hasPassword: false,
    })
    const listed = await client.get(`${BRANDS}/${lucky.id}/panels`).bearerToken(admin.token)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().data.map((row: any) => row.userId),
      [invited.body().data.userId]
    )
    // Nobody sets another person's password; an address is one panel per organisation.
    const withPassword = await client
      .post(`${BRANDS}/${lucky.id}/panels`)
      .bearerToken(admin.token)
      .json({ email: 'other@lucky.example', password: 'Chosen#12345' })
    withPassword.assertStatus(422)
    assert.equal(withPassword.body().error.fields[0].field, 'password')
    const again = await client
      .post(`${BRANDS}/${lucky.id}/panels`)
      .bearerToken(admin.token)
      .header('accept-language', 'pt')
      .json({ email: 'partners@lucky.example' })
    again.assertStatus(422)
    const missing = await client.post(`${BRANDS}/${lucky.id}/panels`).bearerToken(admin.token).json({})
    missing.assertStatus(422)
    assert.equal(missing.body().error.fields[0].field, 'email')
  })

  test('a linked brand panel sees and manages only its brand; unlinked it sees nothing', async ({ client, assert }) => {
    const { admin, lucky, royal, luckySlots, royalBook } = await network(client)
    const panel = await addUser(admin.org.id, 'brand')
    const linked = await client
      .post(`${BRANDS}/${lucky.id}/panels`)
      .bearerToken(admin.token)
      .json({ userId: panel.user.id })
    linked.assertStatus(201)
    // One brand per panel.
    const twice = await client
      .post(`${BRANDS}/${royal.id}/panels`)
      .bearerToken(admin.token)
      .json({ userId: panel.user.id })
    twice.assertStatus(422)
    assert.equal(twice.body().error.message, 'This panel already works for a brand')

    const brands = await client.get(BRANDS).bearerToken(panel.token)
    assert.deepEqual(
      brands.body().data.map((row: any) => row.id),
      [lucky.id]
    )
    ;(await client.get(`${BRANDS}/${royal.id}`).bearerToken(panel.token)).assertStatus(404)
    const products = await client.get(PRODUCTS).bearerToken(panel.token)
    assert.deepEqual(
      products.body().data.map((row: any) => row.id),
      [luckySlots.id]
    )
    ;(await client.get(`${PRODUCTS}/${royalBook.id}`).bearerToken(panel.token)).assertStatus(404)

    // Its brand's products it manages; another brand's it cannot reach.
    const added = await client.post(PRODUCTS).bearerToken(panel.token).json({ name: 'Lucky Live', brandId: lucky.id })
    added.assertStatus(201)
    ;(
      await client.patch(`${PRODUCTS}/${luckySlots.id}`).bearerToken(panel.token).json({ status: 'inactive' })
    ).assertStatus(200)
    const elsewhere = await client.post(PRODUCTS).bearerToken(panel.token).json({ name: 'Sneaky', brandId: royal.id })
    elsewhere.assertStatus(422)
    assert.equal(elsewhere.body().error.fields[0].field, 'brandId')
    const moved = await client
      .patch(`${PRODUCTS}/${luckySlots.id}`)
      .bearerToken(panel.token)
      .json({ brandId: royal.id })
    moved.assertStatus(422)
    ;(
      await client.patch(`${PRODUCTS}/${royalBook.id}`).bearerToken(panel.token).json({ status: 'inactive' })
    ).assertStatus(404)
    ;(await client.delete(`${PRODUCTS}/${royalBook.id}`).bearerToken(panel.token)).assertStatus(404)
    // The brand itself and its people are the network's.
    ;(await client.patch(`${BRANDS}/${lucky.id}`).bearerToken(panel.token).json({ name: 'Mine now' })).assertStatus(403)
    ;(await client.get(`${BRANDS}/${lucky.id}/panels`).bearerToken(panel.token)).assertStatus(403)

    const unlinked = await addUser(admin.org.id, 'brand')
    assert.lengthOf((await client.get(BRANDS).bearerToken(unlinked.token)).body().data, 0)
    assert.lengthOf((await client.get(PRODUCTS).bearerToken(unlinked.token)).body().data, 0)

    // Unlinked, the panel sees nothing of the brand any more.
    ;(await client.delete(`${BRANDS}/${lucky.id}/panels/${panel.user.id}`).bearerToken(admin.token)).assertStatus(200)
    assert.lengthOf((await client.get(PRODUCTS).bearerToken(panel.token)).body().data, 0)
    ;(await client.delete(`${BRANDS}/${lucky.id}/panels/${panel.user.id}`).bearerToken(admin.token)).assertStatus(404)
  })

  test('an admin logs in as the brand panel and sees what the brand sees', async ({ client, assert }) => {
    const { admin, lucky } = await network(client)
    const invited = (
      await client.post(`${BRANDS}/${lucky.id}/panels`).bearerToken(admin.token).json({ email: 'desk@lucky.example' })
    ).body().data
    await followInvitation(invited.userId, 'Lucky#Desk2026')
    const session = await client.post('/api/v1/auth/login-as').bearerToken(admin.token).json({ userId: invited.userId })
    session.assertStatus(200)
    const brands = await client.get(BRANDS).bearerToken(session.body().data.token)
    assert.deepEqual(
      brands.body().data.map((row: any) => row.name),
      ['Lucky']
    )
    // The person's own password works too (they chose it through the invitation).
    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: 'desk@lucky.example', password: 'Lucky#Desk2026' })
    login.assertStatus(200)
  })

  test('another organisation can neither see nor link a brand panel', async ({ client, assert }) => {
    const { admin, lucky } = await network(client)
    const stranger = await createTenant('admin')
    const theirBrand = (await client.post(BRANDS).bearerToken(stranger.token).json({ name: 'Theirs' })).body().data
    const panel = await addUser(admin.org.id, 'brand')
    ;(await client.get(`${BRANDS}/${lucky.id}/panels`).bearerToken(stranger.token)).assertStatus(404)
    ;(
      await client.post(`${BRANDS}/${lucky.id}/panels`).bearerToken(stranger.token).json({ userId: panel.user.id })
    ).assertStatus(404)
    const foreign = await client
      .post(`${BRANDS}/${theirBrand.id}/panels`)
      .bearerToken(stranger.token)
      .json({ userId: panel.user.id })
    foreign.assertStatus(422)
    assert.equal(foreign.body().error.fields[0].field, 'userId')
    // A panel of another role is no brand panel.
    const affiliate = await addUser(stranger.org.id, 'affiliate')
    ;(
      await client
        .post(`${BRANDS}/${theirBrand.id}/panels`)
        .bearerToken(stranger.token)
        .json({ userId: affiliate.user.id })
    ).assertStatus(422)
  })
})
