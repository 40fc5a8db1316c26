/*
 * Spec §6 for the affiliates plugin, table-driven like permissions.spec.ts: each role × route
 * is allowed (2xx) or refused (403). Then the narrowing that grants cannot express: team
 * scope ('assigned'), payment details per role, affiliates reaching only themselves, and
 * tenant isolation.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { ROLES, type Role } from '@affix/core/kernel'
import { addUser, createTenant } from '@affix/core/testing'

const AFFILIATES = '/api/v1/affiliates/affiliates'
const ME = '/api/v1/affiliates/me'
const CPF = '52998224725'

type Ids = { affiliateId: number; victimId: number }
type Call = { name: string; run: (client: any, token: string, ids: Ids) => Promise<any> }

const CALLS: Call[] = [
  { name: 'list', run: (c, t) => c.get(AFFILIATES).bearerToken(t) },
  { name: 'get', run: (c, t, ids) => c.get(`${AFFILIATES}/${ids.affiliateId}`).bearerToken(t) },
  { name: 'export', run: (c, t) => c.get(`${AFFILIATES}/export`).bearerToken(t) },
  {
    name: 'create',
    run: (c, t) =>
      c
        .post(AFFILIATES)
        .bearerToken(t)
        .json({ email: `m-${Math.random()}@matrix.test`, name: 'Matrix' }),
  },
  {
    name: 'update',
    run: (c, t, ids) => c.patch(`${AFFILIATES}/${ids.affiliateId}`).bearerToken(t).json({ skype: 'matrix' }),
  },
  { name: 'delete', run: (c, t, ids) => c.delete(`${AFFILIATES}/${ids.victimId}`).bearerToken(t) },
  {
    name: 'status',
    run: (c, t, ids) =>
      c
        .post(`${AFFILIATES}/status`)
        .bearerToken(t)
        .json({ ids: [ids.affiliateId], status: 'active' }),
  },
  {
    name: 'manager',
    run: (c, t, ids) =>
      c
        .post(`${AFFILIATES}/manager`)
        .bearerToken(t)
        .json({ ids: [ids.affiliateId], managerId: null }),
  },
  { name: 'notes', run: (c, t, ids) => c.get(`${AFFILIATES}/${ids.affiliateId}/notes`).bearerToken(t) },
  {
    name: 'add note',
    run: (c, t, ids) => c.post(`${AFFILIATES}/${ids.affiliateId}/notes`).bearerToken(t).json({ body: 'n' }),
  },
  { name: 'referred', run: (c, t, ids) => c.get(`${AFFILIATES}/${ids.affiliateId}/referred`).bearerToken(t) },
  { name: 'me', run: (c, t) => c.get(ME).bearerToken(t) },
  { name: 'me payment', run: (c, t) => c.put(`${ME}/payment`).bearerToken(t).json({ defaultMethod: 'cpf', cpf: CPF }) },
  { name: 'me referred', run: (c, t) => c.get(`${ME}/referred`).bearerToken(t) },
]

const A = true
const x = false
// prettier-ignore
const EXPECTED: Record<Role, boolean[]> = {
  //            list get export create update delete status manager notes addNote referred me  mePay meRef
  'admin':      [A,   A,  A,     A,     A,     A,     A,     A,      A,    A,      A,       x,  x,    x],
  'sub-admin':  [A,   A,  A,     A,     A,     A,     A,     A,      A,    A,      A,       x,  x,    x],
  'afm':        [A,   A,  A,     A,     A,     A,     A,     A,      A,    A,      A,       x,  x,    x],
  'adm':        [A,   A,  A,     A,     A,     A,     A,     A,      A,    A,      A,       x,  x,    x],
  'parent':     [A,   A,  A,     x,     x,     x,     x,     x,      A,    x,      A,       x,  x,    x],
  'brand':      [x,   x,  x,     x,     x,     x,     x,     x,      x,    x,      x,       x,  x,    x],
  'affiliate':  [x,   x,  x,     x,     x,     x,     x,     x,      x,    x,      x,       A,  A,    A],
  'superadmin': [x,   x,  x,     x,     x,     x,     x,     x,      x,    x,      x,       x,  x,    x],
}

test.group('affiliates permissions: role × route (spec §6)', () => {
  for (const role of ROLES) {
    test(`${role}`, async ({ client, assert }) => {
      const { org, token: adminToken } = await createTenant('admin')
      const make = async (name: string) =>
        (
          await client
            .post(AFFILIATES)
            .bearerToken(adminToken)
            .json({ email: `${name}-${Math.random()}@matrix.test`, name })
        ).body().data.id as number
      const ids = { affiliateId: await make('target'), victimId: await make('victim') }
      const { token } = role === 'admin' ? { token: adminToken } : await addUser(org.id, role)
      const outcome: string[] = []
      const expected: string[] = []
      for (const [index, call] of CALLS.entries()) {
        const response = await call.run(client, token, ids)
        const status = response.status()
        assert.notEqual(status, 500, `${role} ${call.name}`)
        outcome.push(`${call.name}: ${status === 403 ? 'refused' : status < 300 ? 'allowed' : `status ${status}`}`)
        expected.push(`${call.name}: ${EXPECTED[role][index] ? 'allowed' : 'refused'}`)
      }
      assert.deepEqual(outcome, expected)
    })
  }
})

test.group('affiliates permissions: narrowing', () => {
  test('a team member limited to assigned affiliates sees and changes only those', async ({ client, assert }) => {
    const { org, token: admin } = await createTenant('admin')
    const afm = await addUser(org.id, 'afm')
    await db
      .from('users')
      .where('id', afm.user.id)
      .update({ report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: null, reports: null }) })
    const create = async (name: string) =>
      (
        await client
          .post(AFFILIATES)
          .bearerToken(admin)
          .json({
            email: `${name}-${Math.random()}@scope.test`,
            name,
            paymentDetails: { defaultMethod: 'cpf', cpf: CPF },
          })
      ).body().data.id as number
    const mine = await create('Mine')
    const theirs = await create('Theirs')
    await db
      .table('team_member_affiliates')
      .insert({ organization_id: org.id, member_id: afm.user.id, affiliate_id: mine })

    const listed = await client.get(AFFILIATES).bearerToken(afm.token)
    assert.deepEqual(
      listed.body().data.map((row: any) => row.id),
      [mine]
    )
    assert.equal(listed.header('content-range'), 'affiliates 0-0/1')
    assert.equal(listed.body().data[0].paymentDetails.cpf, CPF)
    const exported = (await client.get(`${AFFILIATES}/export`).bearerToken(afm.token)).text()
    assert.include(exported, 'Mine')
    assert.notInclude(exported, 'Theirs')
    ;(await client.get(`${AFFILIATES}/${theirs}`).bearerToken(afm.token)).assertStatus(404)
    ;(await client.patch(`${AFFILIATES}/${theirs}`).bearerToken(afm.token).json({ skype: 'x' })).assertStatus(404)
    ;(await client.delete(`${AFFILIATES}/${theirs}`).bearerToken(afm.token)).assertStatus(404)
    ;(await client.get(`${AFFILIATES}/${theirs}/notes`).bearerToken(afm.token)).assertStatus(404)
    ;(
      await client
        .post(`${AFFILIATES}/status`)
        .bearerToken(afm.token)
        .json({ ids: [mine, theirs], status: 'disabled' })
    ).assertStatus(422)
    assert.equal((await db.from('users').where('id', mine).first()).status, 'active')
    ;(await client.patch(`${AFFILIATES}/${mine}`).bearerToken(afm.token).json({ skype: 'mine' })).assertStatus(200)
    // What it creates stays visible to it.
    const created = await client
      .post(AFFILIATES)
      .bearerToken(afm.token)
      .json({ email: `new-${Math.random()}@scope.test`, name: 'New' })
    created.assertStatus(201)
    ;(await client.get(`${AFFILIATES}/${created.body().data.id}`).bearerToken(afm.token)).assertStatus(200)
  })

  test('payment details: admin and sub-admin see them, an ADM only for its own affiliates, a parent never', async ({
    client,
    assert,
  }) => {
    const { org, token: admin } = await createTenant('admin')
    const create = async (name: string) =>
      (
        await client
          .post(AFFILIATES)
          .bearerToken(admin)
          .json({
            email: `${name}-${Math.random()}@pay.test`,
            name,
            paymentDetails: { defaultMethod: 'cpf', cpf: CPF },
          })
      ).body().data.id as number
    const managed = await create('Managed')
    const other = await create('Other')
    const adm = await addUser(org.id, 'adm')
    ;(
      await client
        .post(`${AFFILIATES}/manager`)
        .bearerToken(admin)
        .json({ ids: [managed], managerId: adm.user.id })
    ).assertStatus(200)
    const subAdmin = await addUser(org.id, 'sub-admin')
    const parent = await addUser(org.id, 'parent')

    assert.equal(
      (await client.get(`${AFFILIATES}/${other}`).bearerToken(subAdmin.token)).body().data.paymentDetails.cpf,
      CPF
    )
    assert.equal(
      (await client.get(`${AFFILIATES}/${managed}`).bearerToken(adm.token)).body().data.paymentDetails.cpf,
      CPF
    )
    const hidden = await client.get(`${AFFILIATES}/${other}`).bearerToken(adm.token)
    hidden.assertStatus(200)
    assert.notProperty(hidden.body().data, 'paymentDetails')
    const parentView = await client.get(AFFILIATES).bearerToken(parent.token)
    parentView.assertStatus(200)
    assert.notInclude(JSON.stringify(parentView.body()), CPF)
    ;(
      await client
        .patch(`${AFFILIATES}/${other}`)
        .bearerToken(adm.token)
        .json({ paymentDetails: { defaultMethod: 'paypal', paypalId: 'hijack' } })
    ).assertStatus(403)
    ;(
      await client
        .patch(`${AFFILIATES}/${managed}`)
        .bearerToken(adm.token)
        .json({ paymentDetails: { defaultMethod: 'paypal', paypalId: 'own' } })
    ).assertStatus(200)
    // Without the payment permission, payment details cannot be written either.
    ;(
      await client
        .patch(`${AFFILIATES}/${managed}`)
        .bearerToken(parent.token)
        .json({ paymentDetails: { defaultMethod: 'cpf', cpf: CPF } })
    ).assertStatus(403)
  })

  test('tenant isolation: nothing of another organisation is read or changed', async ({ client, assert }) => {
    const a = await createTenant('admin')
    const b = await createTenant('admin')
    const foreign = (
      await client
        .post(AFFILIATES)
        .bearerToken(b.token)
        .json({
          email: `b-${Math.random()}@iso.test`,
          name: 'Org B affiliate',
          paymentDetails: { defaultMethod: 'cpf', cpf: CPF },
        })
    ).body().data.id
    await client.post(`${AFFILIATES}/${foreign}/notes`).bearerToken(b.token).json({ body: 'secret note' })
    const listed = await client.get(AFFILIATES).bearerToken(a.token)
    assert.notInclude(
      listed.body().data.map((row: any) => row.id),
      foreign
    )
    assert.notInclude((await client.get(`${AFFILIATES}/export`).bearerToken(a.token)).text(), 'Org B affiliate')
    ;(await client.get(`${AFFILIATES}/${foreign}`).bearerToken(a.token)).assertStatus(404)
    ;(await client.patch(`${AFFILIATES}/${foreign}`).bearerToken(a.token).json({ name: 'hijack' })).assertStatus(404)
    ;(await client.delete(`${AFFILIATES}/${foreign}`).bearerToken(a.token)).assertStatus(404)
    ;(await client.get(`${AFFILIATES}/${foreign}/notes`).bearerToken(a.token)).assertStatus(404)
    ;(await client.get(`${AFFILIATES}/${foreign}/referred`).bearerToken(a.token)).assertStatus(404)
    for (const path of ['status', 'manager']) {
      const body = path === 'status' ? { ids: [foreign], status: 'disabled' } : { ids: [foreign], managerId: null }
      ;(await client.post(`${AFFILIATES}/${path}`).bearerToken(a.token).json(body)).assertStatus(422)
    }
    const stored = await db.from('users').where('id', foreign).first()
    assert.equal(stored.name, 'Org B affiliate')
    assert.equal(stored.status, 'active')
    // An affiliate of org A cannot reach org B's affiliate through /me either.
    const affiliate = await addUser(a.org.id, 'affiliate')
    const me = await client.get(ME).bearerToken(affiliate.token)
    assert.equal(me.body().data.id, affiliate.user.id)
    assert.notInclude(JSON.stringify(me.body()), CPF)
  })

  test('the affiliates lookup and contracts know only live affiliates of the organisation', async ({ assert }) => {
    const { existingIds } = await import('@affix/core/kernel')
    const { affiliateNames } = await import('../../src/contracts.js')
    const { org } = await createTenant('admin')
    const live = await addUser(org.id, 'affiliate')
    const deleted = await addUser(org.id, 'affiliate', 'deleted')
    const admin = await addUser(org.id, 'sub-admin')
    const foreign = await addUser((await createTenant('admin')).org.id, 'affiliate')
    const ids = [live.user.id, deleted.user.id, admin.user.id, foreign.user.id]
    assert.deepEqual([...(await existingIds(org.id, 'affiliates', ids))], [live.user.id])
    assert.deepEqual([...(await affiliateNames(org.id, ids))], [[live.user.id, 'affiliate user']])
  })
})
