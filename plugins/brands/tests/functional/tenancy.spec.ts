import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createTenant, csv } from '@affix/core/testing'

const BRANDS = '/api/v1/brands/brands'
const PRODUCTS = '/api/v1/brands/products'

test.group('tenant isolation: brands and products', () => {
  test('one organisation can never see or change another organisation’s brands and products', async ({
    client,
    assert,
  }) => {
    const a = await createTenant('admin')
    const b = await createTenant('admin')
    const brand = (await client.post(BRANDS).bearerToken(a.token).json({ name: 'A Casino' })).body().data
    const product = (
      await client.post(PRODUCTS).bearerToken(a.token).json({ name: 'A Slots', brandId: brand.id })
    ).body().data
    const importResult = (
      await client
        .post(`${PRODUCTS}/import`)
        .bearerToken(a.token)
        .file('file', csv(['name,brand', 'Dup,Nope']), { filename: 'a.csv' })
    ).body().data

    const listBrands = await client.get(BRANDS).bearerToken(b.token)
    assert.notInclude(
      listBrands.body().data.map((row: any) => row.id),
      brand.id
    )
    assert.equal(listBrands.header('content-range'), 'brands 0-0/0')
    const listById = await client.get(`${BRANDS}?filter={"id":[${brand.id}]}`).bearerToken(b.token)
    assert.lengthOf(listById.body().data, 0)
    const listProducts = await client.get(`${PRODUCTS}?brandId=${brand.id}`).bearerToken(b.token)
    assert.lengthOf(listProducts.body().data, 0)

    const attempts = [
      client.get(`${BRANDS}/${brand.id}`).bearerToken(b.token),
      client.patch(`${BRANDS}/${brand.id}`).bearerToken(b.token).json({ name: 'Stolen' }),
      client.put(`${BRANDS}/${brand.id}`).bearerToken(b.token).json({ name: 'Stolen' }),
      client.delete(`${BRANDS}/${brand.id}`).bearerToken(b.token),
      client.get(`${PRODUCTS}/${product.id}`).bearerToken(b.token),
      client.patch(`${PRODUCTS}/${product.id}`).bearerToken(b.token).json({ name: 'Stolen' }),
      client.delete(`${PRODUCTS}/${product.id}`).bearerToken(b.token),
      client.get(`/api/v1/imports/${importResult.id}`).bearerToken(b.token),
      client.get(`/api/v1/imports/${importResult.id}/failed-rows`).bearerToken(b.token),
    ]
    for (const response of await Promise.all(attempts)) {
      assert.equal(response.status(), 404)
      assert.equal(response.body().type, 'not_found')
    }
    const bulk = await client
      .post(`${BRANDS}/status`)
      .bearerToken(b.token)
      .json({ ids: [brand.id], status: 'inactive' })
    bulk.assertStatus(422)
    const bulkProducts = await client
      .post(`${PRODUCTS}/status`)
      .bearerToken(b.token)
      .json({ ids: [product.id], status: 'inactive' })
    bulkProducts.assertStatus(422)
    // B cannot attach a product to A's brand, by id or by name in a CSV.
    const foreign = await client.post(PRODUCTS).bearerToken(b.token).json({ name: 'Sneaky', brandId: brand.id })
    foreign.assertStatus(422)
    const foreignCsv = await client
      .post(`${PRODUCTS}/import`)
      .bearerToken(b.token)
      .file('file', csv(['name,brand,brand_id', `Sneaky,,${brand.id}`, 'Sneaky2,A Casino,']), { filename: 'b.csv' })
    assert.equal(foreignCsv.body().data.importedRows, 0)

    const stored = await db.from('brands').where('id', brand.id).first()
    assert.equal(stored.name, 'A Casino')
    assert.equal(stored.status, 'active')
    assert.isNull(stored.deleted_at)
    const storedProduct = await db.from('products').where('id', product.id).first()
    assert.equal(storedProduct.name, 'A Slots')
    assert.equal(Number((await db.from('products').where('organization_id', b.org.id).count('* as total'))[0].total), 0)
  })
})
