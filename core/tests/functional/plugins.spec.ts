import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createTenant, addUser } from '#tests/helpers/fixtures'

test.group('plugins per organisation', () => {
  test('a disabled plugin answers 404 and keeps its data; enabling brings it back', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const other = await createTenant('admin')
    const brand = (await client.post('/api/v1/brands/brands').bearerToken(token).json({ name: 'Kept' })).body().data

    const plugins = await client.get('/api/v1/plugins').bearerToken(token)
    assert.deepInclude(
      plugins.body().data.map((p: any) => ({ id: p.id, enabled: p.enabled })),
      { id: 'brands', enabled: true }
    )

    const off = await client.patch('/api/v1/plugins/brands').bearerToken(token).json({ enabled: false })
    off.assertStatus(200)
    assert.isFalse(off.body().data.enabled)
    const hidden = await client.get('/api/v1/brands/brands').bearerToken(token)
    hidden.assertStatus(404)
    assert.equal(hidden.body().type, 'not_found')
    assert.equal(Number((await db.from('brands').where('organization_id', org.id).count('* as total'))[0].total), 1)
    const account = await client.get('/api/v1/account').bearerToken(token)
    assert.notDeepInclude(account.body().data.abilities, { subject: 'brands', action: 'read' })
    // Another organisation is not affected.
    ;(await client.get('/api/v1/brands/brands').bearerToken(other.token)).assertStatus(200)

    ;(await client.patch('/api/v1/plugins/brands').bearerToken(token).json({ enabled: true })).assertStatus(200)
    const back = await client.get(`/api/v1/brands/brands/${brand.id}`).bearerToken(token)
    back.assertStatus(200)
    assert.equal(back.body().data.name, 'Kept')
  })

  test('the list shows the manifest wiring of each plugin', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const plugins = (await client.get('/api/v1/plugins').bearerToken(token)).body().data as any[]
    const wiring = (id: string) => plugins.find((plugin) => plugin.id === id).wiring
    assert.deepEqual(wiring('affiliates'), {
      lookups: ['affiliates', 'affiliate-groups'],
      extensionPoints: ['affiliates.groupUsage'],
      hooks: ['core.panelSignup'],
      listeners: [],
      imports: ['affiliates', 'affiliate-updates'],
      jobs: [],
      cron: [],
    })
    assert.includeMembers(wiring('customers').imports, ['customers', 'activity', 'fx-rates'])
    assert.include(wiring('campaigns').jobs, 'expire')
    assert.deepInclude(wiring('campaigns').cron, { job: 'expire', schedule: '* * * * *' })
    assert.include(wiring('campaigns').hooks, 'affiliates.groupUsage')
    assert.include(wiring('campaigns').extensionPoints, 'campaigns.activity')
  })

  test('only admins switch plugins, and only installed ones', async ({ client }) => {
    const { org, token } = await createTenant('admin')
    const subAdmin = await addUser(org.id, 'sub-admin')
    ;(await client.patch('/api/v1/plugins/brands').bearerToken(subAdmin.token).json({ enabled: false })).assertStatus(
      403
    )
    ;(await client.patch('/api/v1/plugins/nope').bearerToken(token).json({ enabled: false })).assertStatus(404)
    ;(await client.patch('/api/v1/plugins/brands').bearerToken(token).json({ enabled: 'maybe' })).assertStatus(422)
  })
})

test.group('plugin settings per organisation', () => {
  test('the settings form comes from the plugin; values are validated, stored per organisation and used', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const other = await createTenant('admin')
    const form = await client.get('/api/v1/plugins/brands/settings').bearerToken(token)
    form.assertStatus(200)
    assert.deepEqual(form.body().data.values, { defaultProductStatus: 'active' })
    assert.deepEqual(form.body().data.schema.properties.defaultProductStatus.enum, ['active', 'inactive'])

    const bad = await client
      .put('/api/v1/plugins/brands/settings')
      .bearerToken(token)
      .header('accept-language', 'pt')
      .json({ defaultProductStatus: 'gone' })
    bad.assertStatus(422)
    assert.equal(bad.body().error.fields[0].field, 'defaultProductStatus')
    assert.equal(bad.body().error.fields[0].message, 'Por favor, selecione um valor')

    const saved = await client
      .put('/api/v1/plugins/brands/settings')
      .bearerToken(token)
      .json({ defaultProductStatus: 'inactive' })
    saved.assertStatus(200)
    assert.deepEqual(saved.body().data.values, { defaultProductStatus: 'inactive' })
    // Used: a product created without a status takes the organisation's default.
    const brand = (
      await client.post('/api/v1/brands/brands').bearerToken(token).json({ name: 'Settings Brand' })
    ).body().data
    const product = await client
      .post('/api/v1/brands/products')
      .bearerToken(token)
      .json({ name: 'Quiet Slot', brandId: brand.id })
    assert.equal(product.body().data.status, 'inactive')
    // The plugin stays enabled, and another organisation keeps the default.
    const states = (await client.get('/api/v1/plugins').bearerToken(token)).body().data
    assert.isTrue(states.find((plugin: any) => plugin.id === 'brands').enabled)
    assert.deepEqual(
      (await client.get('/api/v1/plugins/brands/settings').bearerToken(other.token)).body().data.values,
      { defaultProductStatus: 'active' }
    )
    const timeline = (await client.get('/api/v1/organization/timeline').bearerToken(token)).body().data
    assert.equal(timeline[0].action, 'plugin.settings_changed')
  })

  test('only admins change settings; an unknown plugin or one without settings is 404', async ({ client }) => {
    const { org, token } = await createTenant('admin')
    const subAdmin = await addUser(org.id, 'sub-admin')
    ;(await client.get('/api/v1/plugins/brands/settings').bearerToken(subAdmin.token)).assertStatus(200)
    ;(
      await client
        .put('/api/v1/plugins/brands/settings')
        .bearerToken(subAdmin.token)
        .json({ defaultProductStatus: 'inactive' })
    ).assertStatus(403)
    ;(await client.get('/api/v1/plugins/nothing-here/settings').bearerToken(token)).assertStatus(404)
  })
})

test.group('plugins: what the panels need to present them', () => {
  test('which plugins have a settings form, and a plugin that needs a feature flag the organisation lacks', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const states = async () =>
      Object.fromEntries(
        ((await client.get('/api/v1/plugins').bearerToken(token)).body().data as any[]).map((plugin) => [
          plugin.id,
          plugin,
        ])
      )
    const before = await states()
    // Only plugins with settings get asked for them (the Integrations page no longer 404s on the others).
    assert.isTrue(before.brands.hasSettings)
    assert.isFalse(before.affiliates.hasSettings)
    ;(await client.get('/api/v1/plugins/affiliates/settings').bearerToken(token)).assertStatus(404)
    // Deep links need feature edl: on, but nothing to offer without it.
    assert.include(before['deep-links'], { enabled: true, featureMissing: true })
    assert.deepEqual(before['deep-links'].requiresFeatures, ['edl'])
    assert.include(before.brands, { featureMissing: false })
    assert.deepEqual(before.brands.requiresFeatures, [])

    await db
      .from('organizations')
      .where('id', org.id)
      .update({ features: JSON.stringify({ edl: true }) })
    const after = await states()
    assert.include(after['deep-links'], { enabled: true, featureMissing: false })
    // The account payload (what the panels read) says the same.
    const account = (await client.get('/api/v1/account').bearerToken(token)).body().data
    assert.include(
      account.plugins.find((plugin: any) => plugin.id === 'deep-links'),
      { featureMissing: false, hasSettings: false }
    )
  })
})
