import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createTenant, csv, followInvitation } from '#tests/helpers/fixtures'

async function parentWithChild(client: any) {
  const parent = await createTenant('admin')
  const email = `child-${Math.random().toString(36).slice(2)}@test.affix.dev`
  const child = (
    await client.post('/api/v1/organization/child').bearerToken(parent.token).json({ name: 'Child', adminEmail: email })
  ).body().data
  // The child's admin sets their password through the invitation mailed to them.
  const admin = await db.from('users').where('organization_id', child.id).firstOrFail()
  await followInvitation(admin.id, 'Child#1234')
  const childToken = (await client.post('/api/v1/auth/login').json({ email, password: 'Child#1234' })).body().data.token
  const brand = (
    await client.post('/api/v1/brands/brands').bearerToken(childToken).json({ name: 'Child Brand' })
  ).body().data
  return { parent, child, childToken, brand }
}

test.group('parent restrictions on children (spec §6)', () => {
  test('product changes can be forbidden; the child sees the spec message and nothing changes', async ({
    client,
    assert,
  }) => {
    const { parent, child, childToken, brand } = await parentWithChild(client)
    const product = (
      await client.post('/api/v1/brands/products').bearerToken(childToken).json({ name: 'Slots', brandId: brand.id })
    ).body().data
    const set = await client
      .patch(`/api/v1/organization/child/${child.id}/restrictions`)
      .bearerToken(parent.token)
      .json({ disableProductChanges: true })
    set.assertStatus(200)
    assert.isTrue(set.body().data.restrictions.disableProductChanges)

    const attempts = [
      client.post('/api/v1/brands/products').bearerToken(childToken).json({ name: 'Poker', brandId: brand.id }),
      client.patch(`/api/v1/brands/products/${product.id}`).bearerToken(childToken).json({ name: 'Renamed' }),
      client.delete(`/api/v1/brands/products/${product.id}`).bearerToken(childToken),
      client
        .post('/api/v1/brands/products/status')
        .bearerToken(childToken)
        .json({ ids: [product.id], status: 'inactive' }),
      client
        .post('/api/v1/brands/products/import')
        .bearerToken(childToken)
        .file('file', csv(['name,brand', 'Keno,Child Brand']), { filename: 'p.csv' }),
    ]
    for (const response of await Promise.all(attempts)) {
      assert.equal(response.status(), 403)
      assert.equal(response.body().error.message, 'Cannot delete or update product, contact manager')
    }
    const rows = await db.from('products').where('organization_id', child.id)
    assert.deepEqual(
      rows.map((row) => [row.name, row.status, row.deleted_at]),
      [['Slots', 'active', null]]
    )
    // Reading is still fine.
    ;(await client.get('/api/v1/brands/products').bearerToken(childToken)).assertStatus(200)
  })

  test('a cap on products per brand holds for single creates and for imports', async ({ client, assert }) => {
    const { parent, child, childToken, brand } = await parentWithChild(client)
    ;(
      await client
        .patch(`/api/v1/organization/child/${child.id}/restrictions`)
        .bearerToken(parent.token)
        .json({ maxProductsPerBrand: 2 })
    ).assertStatus(200)
    ;(
      await client.post('/api/v1/brands/products').bearerToken(childToken).json({ name: 'One', brandId: brand.id })
    ).assertStatus(201)
    const summary = (
      await client
        .post('/api/v1/brands/products/import')
        .bearerToken(childToken)
        .file('file', csv(['name,brand', 'Two,Child Brand', 'Three,Child Brand']), { filename: 'p.csv' })
    ).body().data
    assert.include(summary, { importedRows: 1, failedRows: 1 })
    assert.equal(summary.failures[0].error, 'Maximum number of products allowed for this brand has been reached')
    const full = await client
      .post('/api/v1/brands/products')
      .bearerToken(childToken)
      .header('accept-language', 'pt')
      .json({ name: 'Four', brandId: brand.id })
    full.assertStatus(422)
    assert.equal(full.body().error.message, 'O número máximo de produtos permitido para esta marca foi atingido')
  })

  test('integrations can be switched off, and only a parent restricts only its own children', async ({
    client,
    assert,
  }) => {
    const { parent, child, childToken } = await parentWithChild(client)
    const stranger = await createTenant('admin')
    ;(
      await client
        .patch(`/api/v1/organization/child/${child.id}/restrictions`)
        .bearerToken(stranger.token)
        .json({ disableProductChanges: true })
    ).assertStatus(404)
    ;(
      await client
        .patch(`/api/v1/organization/child/${child.id}/restrictions`)
        .bearerToken(childToken)
        .json({ disableProductChanges: true })
    ).assertStatus(404)
    const bad = await client
      .patch(`/api/v1/organization/child/${child.id}/restrictions`)
      .bearerToken(parent.token)
      .json({ disabledIntegrations: ['netflix'], maxProductsPerBrand: 0 })
    bad.assertStatus(422)
    assert.sameMembers(
      bad.body().error.fields.map((f: any) => f.field),
      ['disabledIntegrations.0', 'maxProductsPerBrand']
    )
    const ok = await client
      .patch(`/api/v1/organization/child/${child.id}/restrictions`)
      .bearerToken(parent.token)
      .json({ disabledIntegrations: ['apptrove', 'icegaming'] })
    assert.deepEqual(ok.body().data.restrictions.disabledIntegrations, ['apptrove', 'icegaming'])
    const timeline = await client.get(`/api/v1/organization/timeline?coid=${child.id}`).bearerToken(parent.token)
    assert.equal(timeline.body().data[0].action, 'organization.restrictions_changed')
  })
})
