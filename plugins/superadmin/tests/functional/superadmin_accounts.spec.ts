/*
 * The superadmin console (plugin `superadmin`): every organisation as an account — list,
 * detail, verification, changes with their timeline — the home figures, who may see them,
 * and the organisation time zone only a superadmin changes.
 */
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant, Organization, User } from '@affix/core/testing'

const ACCOUNTS = '/api/v1/superadmin/accounts'
const PASSWORD = 'Test#12345'

test.group('superadmin: accounts', () => {
  test('lists every organisation with owner, users, billing and verification; filters, search and sort', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('superadmin')
    const tag = randomUUID().slice(0, 8)
    const alpha = await createTenant('admin', `Alpha ${tag}`)
    await addUser(alpha.org.id, 'affiliate')
    await addUser(alpha.org.id, 'affiliate', 'deleted')
    const owner = await addUser(alpha.org.id, 'admin')
    await User.query().where('id', owner.user.id).update({ owner: true })
    const beta = await createTenant('admin', `Beta ${tag}`)
    await Organization.query().where('id', beta.org.id).update({
      verified_at: new Date(),
      billing_state: 'invoice_due',
      panel_locked: true,
      type: 'child',
      parent_id: alpha.org.id,
    })

    const listed = await client.get(`${ACCOUNTS}?q=${tag}&sort=name`).bearerToken(token)
    listed.assertStatus(200)
    assert.equal(listed.header('content-range'), 'accounts 0-1/2')
    const [a, b] = listed.body().data
    assert.include(a, {
      id: alpha.org.id,
      name: `Alpha ${tag}`,
      ownerEmail: owner.user.email,
      usersCount: 3,
      billingState: 'active',
      panelLocked: false,
      verifiedAt: null,
    })
    assert.include(b, {
      id: beta.org.id,
      ownerEmail: beta.user.email,
      usersCount: 1,
      billingState: 'invoice_due',
      panelLocked: true,
      type: 'child',
    })
    assert.isString(b.verifiedAt)
    assert.isString(a.createdAt)

    const names = async (query: string) =>
      (await client.get(`${ACCOUNTS}?q=${tag}&${query}`).bearerToken(token)).body().data.map((row: any) => row.name)
    assert.deepEqual(await names('verified=true'), [`Beta ${tag}`])
    assert.deepEqual(await names('verified=false'), [`Alpha ${tag}`])
    assert.deepEqual(await names('billingState=invoice_due'), [`Beta ${tag}`])
    assert.deepEqual(await names('type=parent'), [`Alpha ${tag}`])
    assert.deepEqual(await names('sort=-name'), [`Beta ${tag}`, `Alpha ${tag}`])
    assert.deepEqual(await names(`filter=${encodeURIComponent(JSON.stringify({ verified: 'true' }))}`), [`Beta ${tag}`])
    assert.lengthOf((await client.get(`${ACCOUNTS}?limit=1&sort=createdAt`).bearerToken(token)).body().data, 1)

    const badFilter = await client.get(`${ACCOUNTS}?billingState=broke`).bearerToken(token)
    badFilter.assertStatus(422)
    ;(await client.get(`${ACCOUNTS}?sort=password`).bearerToken(token)).assertStatus(422)
  })

  test('detail: admins without secrets, children, plugins, flags and counts', async ({ client, assert }) => {
    const { token } = await createTenant('superadmin')
    const parent = await createTenant('admin')
    await addUser(parent.org.id, 'sub-admin')
    await addUser(parent.org.id, 'affiliate')
    const child = await Organization.create({
      name: 'Child of detail',
      type: 'child',
      panelType: 'network',
      parentId: parent.org.id,
      preferences: {},
    })
    await Organization.query()
      .where('id', parent.org.id)
      .update({ features: JSON.stringify({ an_cr: true }) })

    const response = await client.get(`${ACCOUNTS}/${parent.org.id}`).bearerToken(token)
    response.assertStatus(200)
    const data = response.body().data
    assert.equal(data.id, parent.org.id)
    assert.equal(data.organization.name, parent.org.name)
    assert.deepEqual(data.organization.features, { an_cr: true })
    assert.deepEqual(data.owner, { id: parent.user.id, email: parent.user.email, status: 'active' })
    assert.sameMembers(
      data.admins.map((admin: any) => admin.role),
      ['admin', 'sub-admin']
    )
    assert.deepEqual(
      data.children.map((row: any) => row.id),
      [child.id]
    )
    assert.deepEqual(data.counts, { users: 3, children: 1, byRole: { admin: 1, 'sub-admin': 1, affiliate: 1 } })
    assert.deepInclude(
      data.plugins.map((plugin: any) => [plugin.id, plugin.enabled]),
      ['brands', true]
    )
    const raw = JSON.stringify(response.body())
    assert.notInclude(raw, 'password')
    assert.notInclude(raw, parent.token)
    assert.notInclude(raw, (await db.from('users').where('id', parent.user.id).first()).password)

    ;(await client.get(`${ACCOUNTS}/999999999`).bearerToken(token)).assertStatus(404)
    ;(await client.get(`${ACCOUNTS}/abc`).bearerToken(token)).assertStatus(404)
  })

  test('verify: sets verifiedAt, activates the pending owner once, is idempotent and recorded', async ({
    client,
    assert,
  }) => {
    const { token, user: superadmin } = await createTenant('superadmin')
    const org = await Organization.create({
      name: `Pending ${randomUUID().slice(0, 6)}`,
      type: 'parent',
      panelType: 'network',
      preferences: {},
    })
    const owner = await addUser(org.id, 'admin', 'pending')
    const ownerLogin = () => client.post('/api/v1/auth/login').json({ email: owner.user.email, password: PASSWORD })
    ;(await ownerLogin()).assertStatus(403)

    const first = await client.post(`${ACCOUNTS}/${org.id}/verify`).bearerToken(token)
    first.assertStatus(200)
    assert.isString(first.body().data.verifiedAt)
    assert.equal(first.body().data.owner.status, 'active')
    const stored = await User.findOrFail(owner.user.id)
    assert.equal(stored.status, 'active')
    assert.isNotNull(stored.emailVerifiedAt)
    ;(await ownerLogin()).assertStatus(200)

    const second = await client.post(`${ACCOUNTS}/${org.id}/verify`).bearerToken(token)
    second.assertStatus(200)
    assert.equal(second.body().data.verifiedAt, first.body().data.verifiedAt)
    const timeline = await db
      .from('organization_timeline')
      .where('organization_id', org.id)
      .where('action', 'organization.verified')
    assert.lengthOf(timeline, 1)
    assert.equal(timeline[0].user_id, superadmin.id)
    assert.deepEqual(timeline[0].changes.ownerActivated, { userId: owner.user.id })

    ;(await client.post(`${ACCOUNTS}/999999999/verify`).bearerToken(token)).assertStatus(404)
  })

  test('patch: billing state, panel lock, onboarding and flags take effect and are recorded; bad values are refused', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('superadmin')
    const tenant = await createTenant('admin')
    const url = `${ACCOUNTS}/${tenant.org.id}`

    const patched = await client
      .patch(url)
      .bearerToken(token)
      .json({
        billingState: 'invoice_due',
        onboardingPending: true,
        network: true,
        reportsInstall: true,
        features: { an_cr: true, nd: false },
      })
    patched.assertStatus(200)
    assert.include(patched.body().data, { billingState: 'invoice_due', onboardingPending: true })
    assert.deepEqual(patched.body().data.organization.features, { an_cr: true })
    assert.isTrue(patched.body().data.organization.network)
    const blocked = await client.get('/api/v1/organization').bearerToken(tenant.token)
    blocked.assertStatus(401)
    assert.match(blocked.body().type, /\.invoice\.due$/)

    await client.patch(url).bearerToken(token).json({ billingState: 'active', panelLocked: true })
    const locked = await client.get('/api/v1/organization').bearerToken(tenant.token)
    locked.assertStatus(403)
    assert.equal(locked.body().type, 'panel_locked')

    const entries = await db
      .from('organization_timeline')
      .where('organization_id', tenant.org.id)
      .where('action', 'organization.account_updated')
      .orderBy('id')
    assert.lengthOf(entries, 2)
    assert.deepEqual(entries[0].changes['features.an_cr'], { from: false, to: true })
    assert.notProperty(entries[0].changes, 'features.nd')
    assert.deepEqual(entries[1].changes.panelLocked, { from: false, to: true })
    // Nothing changed: nothing recorded.
    ;(await client.patch(url).bearerToken(token).json({ panelLocked: true })).assertStatus(200)
    assert.lengthOf(
      await db
        .from('organization_timeline')
        .where('organization_id', tenant.org.id)
        .where('action', 'organization.account_updated'),
      2
    )

    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', { billingState: 'bankrupt' }, 'billingState', 'Please select a value'],
      ['pt', { billingState: 'bankrupt' }, 'billingState', 'Por favor, selecione um valor'],
      // A flag the document does not list is refused by the request checks, as any unknown field.
      ['en', { features: { teleport: true } }, 'features.teleport', 'teleport is not a field of this request'],
      ['pt', { features: { teleport: true } }, 'features.teleport', 'teleport não é um campo desta requisição'],
      ['en', { features: { nd: 'maybe' } }, 'features.nd', 'Feature nd must be true or false'],
      ['en', { panelLocked: null }, 'panelLocked', 'Panel lock is required'],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.patch(url).bearerToken(token).header('accept-language', locale).json(body)
      response.assertStatus(422)
      assert.equal(response.body().error.fields[0].field, field, JSON.stringify(body))
      assert.equal(response.body().error.fields[0].message, message, JSON.stringify(body))
    }
    assert.deepEqual((await Organization.findOrFail(tenant.org.id)).features, { an_cr: true })
  })

  test('home shows the platform figures', async ({ client, assert }) => {
    const { token } = await createTenant('superadmin')
    const fresh = await createTenant('admin')
    const home = await client.get('/api/v1/superadmin/home').bearerToken(token)
    home.assertStatus(200)
    const data = home.body().data
    assert.equal(data.organizations, Number((await db.from('organizations').count('* as n'))[0].n))
    assert.equal(data.verified + data.unverified, data.organizations)
    assert.equal(data.billing.active + data.billing.invoice_due + data.billing.trial_end, data.organizations)
    assert.isAtLeast(data.users, 2)
    assert.equal(data.recent[0].id, fresh.org.id)
  })

  test('every other role is refused (403), and a superadmin has no tenant data of its own', async ({
    client,
    assert,
  }) => {
    const target = await createTenant('admin')
    const calls = [
      (t: string) => client.get('/api/v1/superadmin/home').bearerToken(t),
      (t: string) => client.get(ACCOUNTS).bearerToken(t),
      (t: string) => client.get(`${ACCOUNTS}/${target.org.id}`).bearerToken(t),
      (t: string) => client.patch(`${ACCOUNTS}/${target.org.id}`).bearerToken(t).json({ panelLocked: true }),
      (t: string) => client.post(`${ACCOUNTS}/${target.org.id}/verify`).bearerToken(t),
    ]
    for (const role of ['admin', 'sub-admin', 'parent', 'affiliate', 'afm', 'adm', 'brand'] as const) {
      const { token } = role === 'admin' ? target : await addUser(target.org.id, role)
      for (const call of calls) {
        const response = await call(token)
        response.assertStatus(403)
        assert.equal(response.body().error.message, 'Sorry, you are not authorized to access this page.')
      }
    }
    const org = await Organization.findOrFail(target.org.id)
    assert.isFalse(org.panelLocked)
    assert.isNull(org.verifiedAt)

    const superadmin = await createTenant('superadmin')
    ;(await client.get('/api/v1/brands/brands').bearerToken(superadmin.token)).assertStatus(403)
    ;(await client.get(`/api/v1/brands/brands?coid=${target.org.id}`).bearerToken(superadmin.token)).assertStatus(403)
    ;(await client.post('/api/v1/branding/logo').bearerToken(superadmin.token).field('kind', 'logo')).assertStatus(403)
  })
})

test.group('superadmin: the organisation time zone', () => {
  test('is locked for the organisation’s admins and changed by the superadmin, with a timeline entry', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('superadmin')
    const tenant = await createTenant('admin')
    const url = `${ACCOUNTS}/${tenant.org.id}`
    const locked = await client
      .patch('/api/v1/organization')
      .bearerToken(tenant.token)
      .json({ preferences: { timezone: 'Europe/Istanbul' } })
    locked.assertStatus(422)
    assert.equal(locked.body().error.message, 'Timezone change requires contacting the account manager.')

    const changed = await client.patch(url).bearerToken(token).json({ timezone: 'Europe/Istanbul' })
    changed.assertStatus(200)
    assert.equal(changed.body().data.organization.preferences.timezone, 'Europe/Istanbul')
    const own = await client.get('/api/v1/organization').bearerToken(tenant.token)
    assert.equal(own.body().data.preferences.timezone, 'Europe/Istanbul')
    const [entry] = await db
      .from('organization_timeline')
      .where('organization_id', tenant.org.id)
      .where('action', 'organization.account_updated')
    assert.deepEqual(entry.changes['preferences.timezone'], { from: 'UTC', to: 'Europe/Istanbul' })

    const unknown = await client
      .patch(url)
      .bearerToken(token)
      .header('accept-language', 'tr')
      .json({ timezone: 'Nowhere/Special' })
    unknown.assertStatus(422)
    assert.equal(unknown.body().error.fields[0].field, 'timezone')
    assert.equal((await Organization.findOrFail(tenant.org.id)).preferences.timezone, 'Europe/Istanbul')
  })
})
