import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User, { UNUSABLE_PASSWORD_PREFIX } from '#models/user'
import { addUser, createTenant } from '#tests/helpers/fixtures'
import { addPanels, updatePanels, type NewPanelRow, type PanelRowChanges } from '#kernel/panels'
import { findPanels, listPanels } from '#kernel/panel_directory'

/** A second panel for the same person: same address and password hash, another organisation and role. */
async function secondPanel(user: User, role: User['role'] = 'affiliate') {
  const org = await Organization.create({
    name: `Second ${Math.random().toString(36).slice(2, 8)}`,
    type: 'parent',
    panelType: 'network',
    preferences: {},
  })
  const hashRow = await db.from('users').where('id', user.id).select('password').first()
  const [row] = await db
    .table('users')
    .insert({
      organization_id: org.id,
      email: user.email.toUpperCase(),
      password: hashRow.password,
      role,
      status: 'active',
      name: 'Second panel',
    })
    .returning('id')
  return { org, panelId: Number(row.id ?? row) }
}

test.group('panels: one person, several organisations', () => {
  test('login opens the chosen panel, lists every panel, and switching issues a token for the other one', async ({
    client,
    assert,
  }) => {
    const { user, org, password } = await createTenant('admin')
    const { org: otherOrg, panelId } = await secondPanel(user)

    const first = await client.post('/api/v1/auth/login').json({ email: user.email, password, organizationId: org.id })
    first.assertStatus(200)
    assert.equal(first.body().data.org.id, org.id)
    assert.equal(first.body().data.user.role, 'admin')
    const panels = first.body().data.panels as Array<{
      id: number
      organizationId: number
      role: string
      current: boolean
    }>
    assert.sameMembers(
      panels.map((panel) => panel.organizationId),
      [org.id, otherOrg.id]
    )
    assert.isTrue(panels.find((panel) => panel.organizationId === org.id)!.current)

    const second = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password, organizationId: otherOrg.id })
    second.assertStatus(200)
    assert.equal(second.body().data.org.id, otherOrg.id)
    assert.equal(second.body().data.user.role, 'affiliate')

    // Without organizationId the most recently used panel opens.
    const latest = await client.post('/api/v1/auth/login').json({ email: user.email, password })
    assert.equal(latest.body().data.org.id, otherOrg.id)

    const adminToken = first.body().data.token
    const listed = await client.get('/api/v1/auth/panels').bearerToken(adminToken)
    listed.assertStatus(200)
    assert.lengthOf(listed.body().data, 2)

    const switched = await client.post(`/api/v1/auth/panels/${panelId}/switch`).bearerToken(adminToken)
    switched.assertStatus(200)
    assert.equal(switched.body().data.org.id, otherOrg.id)
    const account = await client.get('/api/v1/account').bearerToken(switched.body().data.token)
    assert.equal(account.body().data.user.role, 'affiliate')
    // The admin token still works: tokens are per panel.
    ;(await client.get('/api/v1/account').bearerToken(adminToken)).assertStatus(200)
  })

  test('a wrong password or an organisation without a panel of the person give the same 401', async ({
    client,
    assert,
  }) => {
    const { user, password } = await createTenant('admin')
    const { org: stranger } = await createTenant('admin')
    const wrong = await client.post('/api/v1/auth/login').json({ email: user.email, password: 'Wrong#12345' })
    wrong.assertStatus(401)
    const elsewhere = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password, organizationId: stranger.id })
    elsewhere.assertStatus(401)
    assert.deepEqual(elsewhere.body().error, wrong.body().error)
    const bad = await client
      .post('/api/v1/auth/login')
      .header('accept-language', 'pt')
      .json({ email: user.email, password, organizationId: 'x' })
    bad.assertStatus(422)
  })

  test("nobody can switch to another person's panel, nor to a disabled one", async ({ client, assert }) => {
    const { token, user } = await createTenant('admin')
    const { user: stranger } = await createTenant('admin')
    ;(await client.post(`/api/v1/auth/panels/${stranger.id}/switch`).bearerToken(token)).assertStatus(404)
    const { panelId } = await secondPanel(user)
    await db.from('users').where('id', panelId).update({ status: 'disabled' })
    const disabled = await client.post(`/api/v1/auth/panels/${panelId}/switch`).bearerToken(token)
    disabled.assertStatus(403)
    assert.equal(disabled.body().type, 'account_inactive')
    const listed = await client.get('/api/v1/auth/panels').bearerToken(token)
    assert.lengthOf(listed.body().data, 1)
  })

  test('the person has one password: a reset applies to every panel and ends every session', async ({
    client,
    assert,
  }) => {
    const { user, token, password } = await createTenant('admin')
    const { org: otherOrg } = await secondPanel(user)
    const other = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password, organizationId: otherOrg.id })
    const otherToken = other.body().data.token

    const code = 'panel-reset-code-0123456789'
    const { createHash } = await import('node:crypto')
    await db.table('password_resets').insert({
      user_id: user.id,
      code_hash: createHash('sha256').update(code).digest('hex'),
      expires_at: new Date(Date.now() + 60_000),
    })
    ;(
      await client
        .post('/api/v1/auth/password/reset')
        .json({ code, password: 'Fresh#2026x', passwordConfirmation: 'Fresh#2026x' })
    ).assertStatus(200)
    ;(await client.get('/api/v1/account').bearerToken(token)).assertStatus(401)
    ;(await client.get('/api/v1/account').bearerToken(otherToken)).assertStatus(401)
    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: 'Fresh#2026x', organizationId: otherOrg.id })
    login.assertStatus(200)
    assert.notInclude(JSON.stringify(login.body()), 'scrypt')
  })

  test('an address is unique within an organisation, whatever its case', async ({ assert }) => {
    const { user } = await createTenant('admin')
    await assert.rejects(() =>
      db.table('users').insert({
        organization_id: user.organizationId,
        email: user.email.toUpperCase(),
        password: 'x',
        role: 'affiliate',
        status: 'active',
      })
    )
  })

  test('panels a typed password opens become one credential; a panel with another password stays apart', async ({
    client,
    assert,
  }) => {
    const { user, org, password } = await createTenant('admin')
    const { org: sameOrg, panelId: samePanel } = await secondPanel(user)
    const { org: otherOrg, panelId: otherPanel } = await secondPanel(user)
    // Each hashed on its own (as two signups would): one with the same password, one with another.
    const hash = (await import('@adonisjs/core/services/hash')).default
    await db
      .from('users')
      .where('id', samePanel)
      .update({ password: await hash.use('scrypt').make(password) })
    await db
      .from('users')
      .where('id', otherPanel)
      .update({ password: await hash.use('scrypt').make('Other#2026') })

    const login = await client.post('/api/v1/auth/login').json({ email: user.email, password, organizationId: org.id })
    login.assertStatus(200)
    assert.sameMembers(
      login.body().data.panels.map((panel: any) => panel.organizationId),
      [org.id, sameOrg.id]
    )
    const token = login.body().data.token
    ;(await client.post(`/api/v1/auth/panels/${samePanel}/switch`).bearerToken(token)).assertStatus(200)
    ;(await client.post(`/api/v1/auth/panels/${otherPanel}/switch`).bearerToken(token)).assertStatus(404)
    const other = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: 'Other#2026', organizationId: otherOrg.id })
    other.assertStatus(200)
    assert.deepEqual(
      other.body().data.panels.map((panel: any) => panel.organizationId),
      [otherOrg.id]
    )
  })
})

/** Counts the statements a kernel writer sends through the transaction (raw SQL and query builders). */
function countStatements(trx: TransactionClientContract) {
  const counted = { statements: 0 }
  const rawQuery = trx.rawQuery.bind(trx)
  const from = trx.from.bind(trx)
  trx.rawQuery = ((...args: Parameters<typeof rawQuery>) => {
    counted.statements++
    return rawQuery(...args)
  }) as typeof trx.rawQuery
  trx.from = ((...args: Parameters<typeof from>) => {
    counted.statements++
    return from(...args)
  }) as typeof trx.from
  return counted
}

test.group('panels: kernel readers and bulk writers (imports)', () => {
  test('addPanels writes a chunk of 2000 in one statement, in the order given, skipping taken addresses', async ({
    assert,
  }) => {
    const { org, user: admin } = await createTenant('admin')
    const { org: otherOrg } = await createTenant('admin')
    const panels: NewPanelRow[] = Array.from({ length: 2500 }, (_, index) => ({
      role: 'affiliate',
      email: ` Bulk-${index}@Example.com `,
      name: `Bulk ${index}`,
      phone: index === 0 ? '+44 20 7946 0958' : undefined,
      country: 'GB',
    }))
    panels.push(
      { role: 'affiliate', email: admin.email.toUpperCase(), name: 'Takes the admin address' },
      { role: 'affiliate', email: 'bulk-3@example.com', name: 'Given twice' },
      { role: 'afm', email: 'manager@example.com', status: 'pending', createdAt: new Date('2026-01-02T03:04:05Z') }
    )
    const added = await db.transaction(async (trx) => {
      const counted = countStatements(trx)
      const result = await addPanels(trx, org.id, panels)
      assert.equal(counted.statements, 2)
      return result
    })
    assert.equal(added.size, 2501)
    assert.isFalse(added.has(admin.email.toLowerCase()))
    const ids = Array.from({ length: 2500 }, (_, index) => added.get(`bulk-${index}@example.com`)!)
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b)
    )
    assert.isBelow(ids[2499], added.get('manager@example.com')!)

    const listed = await listPanels(org.id, { roles: ['affiliate'] })
    assert.lengthOf(listed, 2500)
    assert.deepInclude(listed[0], {
      id: ids[0],
      organizationId: org.id,
      email: 'bulk-0@example.com',
      name: 'Bulk 0',
      role: 'affiliate',
      status: 'active',
      hasPassword: false,
    })
    assert.notProperty(listed[0], 'password')
    const first = await db.from('users').where('id', ids[0]).first()
    assert.include(first, { phone: '+44 20 7946 0958', country: 'GB', owner: false })
    assert.isTrue(String(first.password).startsWith(UNUSABLE_PASSWORD_PREFIX))
    assert.notEqual(first.password, (await db.from('users').where('id', ids[1]).first()).password)
    const manager = (await findPanels([added.get('manager@example.com')!], { organizationId: org.id })).get(
      added.get('manager@example.com')!
    )!
    assert.include(manager, { role: 'afm', status: 'pending' })
    assert.equal(
      (await db.from('users').where('id', manager.id).first()).created_at.toISOString(),
      '2026-01-02T03:04:05.000Z'
    )
    // Another organisation's addresses are no obstacle, and its panels are not listed.
    assert.lengthOf(await listPanels(otherOrg.id, { roles: ['affiliate'] }), 0)
    assert.isFalse((await listPanels(org.id)).some((panel) => panel.organizationId !== org.id))
  })

  test('listPanels lists one organisation, of some roles, live ones only when asked', async ({ assert }) => {
    const { org, user: admin } = await createTenant('admin')
    const { user: afm } = await addUser(org.id, 'afm')
    const { user: gone } = await addUser(org.id, 'adm', 'deleted')
    await createTenant('afm')
    assert.deepEqual(
      (await listPanels(org.id)).map((panel) => panel.id),
      [admin.id, afm.id, gone.id]
    )
    assert.deepEqual(
      (await listPanels(org.id, { roles: ['afm', 'adm'], live: true })).map((panel) => panel.id),
      [afm.id]
    )
    assert.isTrue((await listPanels(org.id, { roles: ['admin'] }))[0].hasPassword)
  })

  test('updatePanels changes many panels in one UPDATE, with the rules of updatePanel', async ({ client, assert }) => {
    const { org } = await createTenant('admin')
    const renamed = await addUser(org.id, 'affiliate')
    const readdressed = await addUser(org.id, 'affiliate')
    const disabled = await addUser(org.id, 'affiliate')
    const untouched = await addUser(org.id, 'affiliate')
    await db.from('users').where('id', renamed.user.id).update({ phone: '+44 20 7946 0000', city: 'Leeds' })
    const row = async (id: number) => db.from('users').where('id', id).first()
    const before = await row(untouched.user.id)
    await db.table('password_resets').insert({
      user_id: readdressed.user.id,
      code_hash: 'a'.repeat(64),
      expires_at: new Date(Date.now() + 60_000),
    })
    const changed = await db.transaction(async (trx) => {
      const counted = countStatements(trx)
      const result = await updatePanels(
        trx,
        org.id,
        [
          { id: renamed.user.id, name: 'Renamed', phone: null },
          { id: readdressed.user.id, email: ' New.Address@Example.com ' },
          { id: disabled.user.id, status: 'disabled' },
          { id: untouched.user.id, name: untouched.user.name, email: untouched.user.email.toUpperCase() },
        ],
        { role: 'affiliate' }
      )
      // The rows (FOR UPDATE), the UPDATE, the reset codes and links of the old address, the sessions.
      assert.equal(counted.statements, 5)
      return result
    })
    assert.sameMembers(changed, [renamed.user.id, readdressed.user.id, disabled.user.id])

    assert.include(await row(renamed.user.id), { name: 'Renamed', phone: null, city: 'Leeds' })
    ;(await client.get('/api/v1/account').bearerToken(renamed.token)).assertStatus(200)
    // A new address: the old person's password no longer opens the panel, their links die, sessions end.
    const moved = await row(readdressed.user.id)
    assert.equal(moved.email, 'new.address@example.com')
    assert.isNull(moved.email_verified_at)
    assert.isTrue(String(moved.password).startsWith(UNUSABLE_PASSWORD_PREFIX))
    assert.lengthOf(await db.from('password_resets').where('user_id', readdressed.user.id), 0)
    ;(await client.get('/api/v1/account').bearerToken(readdressed.token)).assertStatus(401)
    // No longer active: the next call logs the panel out (406), as a single status change does.
    ;(await client.get('/api/v1/account').bearerToken(disabled.token)).assertStatus(406)
    // Nothing that differs: the row is not written at all.
    assert.deepEqual(await row(untouched.user.id), before)
  })

  test('updatePanels writes nothing when a panel is not the organisation’s or its address is taken', async ({
    assert,
  }) => {
    const { org, user: admin } = await createTenant('admin')
    const { user: stranger } = await createTenant('affiliate')
    const mine = await addUser(org.id, 'affiliate')
    const attempt = (changes: PanelRowChanges[]) =>
      db.transaction((trx) => updatePanels(trx, org.id, changes, { role: 'affiliate' }))
    const refused = async (changes: PanelRowChanges[], message: string) => {
      try {
        await attempt(changes)
        assert.fail('updatePanels should have refused')
      } catch (error) {
        assert.include(error, { status: 422, messageKey: message })
      }
    }
    await refused(
      [
        { id: mine.user.id, name: 'Never written' },
        { id: stranger.id, name: 'Stolen' },
      ],
      'panels.unknown_panel'
    )
    // The admin is no affiliate: not a panel this call may change.
    await refused([{ id: admin.id, name: 'Not an affiliate' }], 'panels.unknown_panel')
    await refused([{ id: mine.user.id, email: admin.email.toUpperCase() }], 'panels.username_taken')
    assert.equal((await db.from('users').where('id', mine.user.id).first()).name, mine.user.name)
    assert.equal((await db.from('users').where('id', stranger.id).first()).name, stranger.name)
  })

  test('the panels view shows no secret and refuses writes', async ({ assert }) => {
    const { org, user } = await createTenant('admin')
    const row = await db.from('panels').where({ organization_id: org.id, id: user.id }).first()
    assert.include(row, { email: user.email, has_password: true })
    assert.notProperty(row, 'password')
    await assert.rejects(
      () => db.from('panels').where({ organization_id: org.id, id: user.id }).update({ name: 'Sneaky' }),
      /panels is read-only/
    )
    await assert.rejects(
      () => db.table('panels').insert({ organization_id: org.id, email: 'x@example.com', role: 'admin' }),
      /panels is read-only/
    )
    assert.equal((await db.from('users').where('id', user.id).first()).name, user.name)
  })
})
