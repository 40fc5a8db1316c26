/*
 * Spec §6 against the real API, table-driven: for each role, each route is either
 * allowed (2xx) or refused with 403. Expectations are written out here, not derived
 * from the catalogue, so a wrong grant in a manifest fails this test.
 */
import { test } from '@japa/runner'
import { ROLES, type Role } from '#kernel/permissions'
import { addUser, createTenant, csv } from '#tests/helpers/fixtures'

type Call = { name: string; run: (client: any, token: string, ids: { brandId: number }) => Promise<any> }

const CALLS: Call[] = [
  { name: 'list brands', run: (c, t) => c.get('/api/v1/brands/brands').bearerToken(t) },
  { name: 'get brand', run: (c, t, ids) => c.get(`/api/v1/brands/brands/${ids.brandId}`).bearerToken(t) },
  {
    name: 'create brand',
    run: (c, t) =>
      c
        .post('/api/v1/brands/brands')
        .bearerToken(t)
        .json({ name: `B ${Math.random()}` }),
  },
  {
    name: 'update brand',
    run: (c, t, ids) =>
      c.patch(`/api/v1/brands/brands/${ids.brandId}`).bearerToken(t).json({ contact: '+5511999990000' }),
  },
  {
    name: 'bulk brand status',
    run: (c, t, ids) =>
      c
        .post('/api/v1/brands/brands/status')
        .bearerToken(t)
        .json({ ids: [ids.brandId], status: 'active' }),
  },
  { name: 'list products', run: (c, t) => c.get('/api/v1/brands/products').bearerToken(t) },
  {
    name: 'create product',
    run: (c, t, ids) =>
      c
        .post('/api/v1/brands/products')
        .bearerToken(t)
        .json({ name: `P ${Math.random()}`, brandId: ids.brandId }),
  },
  {
    name: 'import products',
    run: (c, t) =>
      c
        .post('/api/v1/brands/products/import')
        .bearerToken(t)
        .file('file', csv(['name,brand_id', `Imported ${Math.random()},999999`]), { filename: 'p.csv' }),
  },
  { name: 'list plugins', run: (c, t) => c.get('/api/v1/plugins').bearerToken(t) },
  { name: 'switch plugin', run: (c, t) => c.patch('/api/v1/plugins/brands').bearerToken(t).json({ enabled: true }) },
  { name: 'import history', run: (c, t) => c.get('/api/v1/imports').bearerToken(t) },
  { name: 'own account', run: (c, t) => c.get('/api/v1/account').bearerToken(t) },
]

const A = true
const x = false
// prettier-ignore
const EXPECTED: Record<Role, boolean[]> = {
  //            list  get  create update bulk  listP createP import plugins switch history account
  'admin':      [A,   A,   A,     A,     A,    A,    A,      A,     A,      A,     A,      A],
  'sub-admin':  [A,   A,   A,     A,     A,    A,    A,      A,     A,      x,     A,      A],
  'parent':     [A,   A,   x,     x,     x,    A,    x,      x,     A,      x,     x,      A],
  'afm':        [A,   A,   x,     x,     x,    A,    x,      x,     x,      x,     A,      A],
  'adm':        [A,   A,   x,     x,     x,    A,    x,      x,     x,      x,     x,      A],
  'brand':      [A,   A,   x,     x,     x,    A,    A,      x,     x,      x,     x,      A],
  'affiliate':  [x,   x,   x,     x,     x,    x,    x,      x,     x,      x,     x,      A],
  'superadmin': [x,   x,   x,     x,     x,    x,    x,      x,     x,      x,     x,      A],
}

test.group('permissions: role × route (spec §6)', () => {
  for (const role of ROLES) {
    test(`${role}`, async ({ client, assert }) => {
      const { org, token: adminToken } = await createTenant('admin')
      const brandId = (
        await client.post('/api/v1/brands/brands').bearerToken(adminToken).json({ name: 'Matrix Brand' })
      ).body().data.id
      const { token, user } = role === 'admin' ? { token: adminToken, user: null } : await addUser(org.id, role)
      // A brand panel works for one brand (it sees and manages only that brand's catalogue).
      if (role === 'brand')
        await client
          .post(`/api/v1/brands/brands/${brandId}/panels`)
          .bearerToken(adminToken)
          .json({ userId: user!.id })
          .then((response: any) => response.assertStatus(201))
      const outcome: string[] = []
      const expected: string[] = []
      for (const [index, call] of CALLS.entries()) {
        const response = await call.run(client, token, { brandId })
        const status = response.status()
        assert.notEqual(status, 500, `${role} ${call.name}`)
        outcome.push(`${call.name}: ${status === 403 ? 'refused' : status < 300 ? 'allowed' : `status ${status}`}`)
        expected.push(`${call.name}: ${EXPECTED[role][index] ? 'allowed' : 'refused'}`)
        if (status === 403)
          assert.equal(response.body().error.message, 'Sorry, you are not authorized to access this page.')
      }
      assert.deepEqual(outcome, expected)
    })
  }
})

test.group('permissions: feature flags narrow abilities', () => {
  test('the account lists abilities of the role; sub-admin lacks configuration, billing, team members, settings and help', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const subAdmin = await addUser(org.id, 'sub-admin')
    const admin = (await client.get('/api/v1/account').bearerToken(token)).body().data.abilities
    const sub = (await client.get('/api/v1/account').bearerToken(subAdmin.token)).body().data.abilities
    for (const subject of ['configuration', 'billing', 'team_members', 'settings', 'help']) {
      assert.deepInclude(admin, { subject, action: 'read' })
      assert.notDeepInclude(sub, { subject, action: 'read' })
    }
  })
})

/** Identity and organisation routes (spec §6 and the auth/account/organisation families of §7). */
const IDENTITY_CALLS: Array<Omit<Call, 'run'> & { run: (client: any, token: string) => Promise<any> }> = [
  { name: 'organisation', run: (c, t) => c.get('/api/v1/organization').bearerToken(t) },
  { name: 'timeline', run: (c, t) => c.get('/api/v1/organization/timeline').bearerToken(t) },
  { name: 'children', run: (c, t) => c.get('/api/v1/organization/child').bearerToken(t) },
  { name: 'report switches', run: (c, t) => c.get('/api/v1/organization/features').bearerToken(t) },
  {
    name: 'change report switches',
    run: (c, t) => c.patch('/api/v1/organization/features').bearerToken(t).json({ disabledReports: [] }),
  },
  { name: 'signup settings', run: (c, t) => c.get('/api/v1/signup/settings').bearerToken(t) },
  { name: 'team members', run: (c, t) => c.get('/api/v1/team-members').bearerToken(t) },
  { name: 'api keys', run: (c, t) => c.get('/api/v1/api-keys').bearerToken(t) },
  { name: 'oauth apps', run: (c, t) => c.get('/api/v1/oauth/apps').bearerToken(t) },
  { name: 'login-as audit', run: (c, t) => c.get('/api/v1/auth/login-as').bearerToken(t) },
  { name: 'accounts', run: (c, t) => c.get('/api/v1/superadmin/accounts').bearerToken(t) },
  { name: 'profile', run: (c, t) => c.get('/api/v1/account/profile').bearerToken(t) },
  { name: 'panels', run: (c, t) => c.get('/api/v1/auth/panels').bearerToken(t) },
]

// prettier-ignore
const IDENTITY_EXPECTED: Record<Role, boolean[]> = {
  //            org  tline child sw   chsw signup team keys oauth loginas accts profile panels
  'admin':      [A,  A,    A,    A,   A,   A,     A,   A,   A,    A,      x,    A,      A],
  'sub-admin':  [A,  A,    A,    A,   x,   x,     x,   x,   x,    x,      x,    A,      A],
  'parent':     [A,  A,    A,    A,   x,   x,     A,   x,   x,    x,      x,    A,      A],
  'afm':        [x,  x,    x,    x,   x,   x,     x,   x,   x,    x,      x,    A,      A],
  'adm':        [x,  x,    x,    x,   x,   x,     x,   x,   x,    x,      x,    A,      A],
  'brand':      [x,  x,    x,    x,   x,   x,     x,   x,   x,    x,      x,    A,      A],
  'affiliate':  [x,  x,    x,    x,   x,   x,     x,   A,   A,    x,      x,    A,      A],
  'superadmin': [x,  x,    x,    x,   x,   x,     x,   x,   x,    A,      A,    A,      A],
}

test.group('permissions: role × identity route (spec §6)', () => {
  for (const role of ROLES) {
    test(`${role}`, async ({ client, assert }) => {
      const { org, token: adminToken } = await createTenant('admin')
      const { token } = role === 'admin' ? { token: adminToken } : await addUser(org.id, role)
      const outcome: string[] = []
      const expected: string[] = []
      for (const [index, call] of IDENTITY_CALLS.entries()) {
        const response = await call.run(client, token)
        const status = response.status()
        assert.notEqual(status, 500, `${role} ${call.name}`)
        outcome.push(`${call.name}: ${status === 403 ? 'refused' : status < 300 ? 'allowed' : `status ${status}`}`)
        expected.push(`${call.name}: ${IDENTITY_EXPECTED[role][index] ? 'allowed' : 'refused'}`)
      }
      assert.deepEqual(outcome, expected)
    })
  }

  test('an owner sub-admin manages team members; a plain sub-admin does not', async ({ client, assert }) => {
    const { org } = await createTenant('admin')
    const plain = await addUser(org.id, 'sub-admin')
    const owner = await addUser(org.id, 'sub-admin')
    owner.user.owner = true
    await owner.user.save()
    assert.equal((await client.get('/api/v1/team-members').bearerToken(plain.token)).status(), 403)
    assert.equal((await client.get('/api/v1/team-members').bearerToken(owner.token)).status(), 200)
  })
})
