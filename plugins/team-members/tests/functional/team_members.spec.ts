import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant, followInvitation, Organization, User } from '@affix/core/testing'

const MEMBERS = '/api/v1/team-members'
const PASSWORD = 'Member#2024'

/** A valid creation body with a fresh address. */
function newMember(extra: Record<string, unknown> = {}) {
  return {
    name: 'Ana Souza',
    email: `member-${Math.random().toString(36).slice(2, 10)}@test.affix.dev`,
    role: 'afm',
    ...extra,
  }
}

/** No password, hash or hash-like value anywhere in a response. */
function assertNoSecrets(assert: any, body: unknown) {
  const json = JSON.stringify(body)
  assert.notInclude(json, '"password"')
  assert.notInclude(json, '$scrypt')
  assert.notInclude(json, PASSWORD)
}

async function timeline(orgId: number, action: string) {
  return db.from('organization_timeline').where('organization_id', orgId).where('action', action).orderBy('id')
}

/** Live campaigns of the organisation (only the table is needed: a brand and a title). */
async function insertCampaigns(organizationId: number, count: number) {
  const [brand] = await db
    .insertQuery()
    .table('brands')
    .insert({ organization_id: organizationId, name: `Brand ${Math.random().toString(36).slice(2, 8)}` })
    .returning('id')
  const ids: number[] = []
  for (let index = 0; index < count; index++) {
    const [row] = await db
      .insertQuery()
      .table('campaigns')
      .insert({
        organization_id: organizationId,
        brand_id: Number(brand.id),
        title: `Campaign ${index}`,
        default_url: 'https://lucky.example/?c={click_id}',
        currency: 'USD',
      })
      .returning('id')
    ids.push(Number(row.id))
  }
  return ids
}

/** A member created by the API, who then follows the invitation and logs in. */
async function memberWithSession(client: any, token: string, body = newMember()) {
  const member = (await client.post(MEMBERS).bearerToken(token).json(body)).body().data
  await followInvitation(member.id, PASSWORD)
  const session = (await client.post('/api/v1/auth/login').json({ email: body.email, password: PASSWORD })).body().data
  return { member, body, session: session.token as string }
}

async function count(table: string, where: Record<string, unknown>) {
  return Number((await db.from(table).where(where).count('* as n'))[0].n)
}

test.group('team members: CRUD', () => {
  test('an admin creates, lists, reads, updates and deletes a team member; no secret ever leaves', async ({
    client,
    assert,
  }) => {
    const { org, token, user: admin } = await createTenant('admin')
    const [seven, nine] = await insertCampaigns(org.id, 2)
    const body = newMember({
      skype: 'ana.souza',
      contactNumber: '+55 11 91234-5678',
      reportScope: { affiliates: 'assigned', campaigns: [seven, seven, nine], reports: ['campaign'] },
    })
    const created = await client.post(MEMBERS).bearerToken(token).json(body)
    created.assertStatus(201)
    const member = created.body().data
    assert.containsSubset(member, {
      name: 'Ana Souza',
      email: body.email,
      role: 'afm',
      status: 'active',
      owner: false,
      skype: 'ana.souza',
      contactNumber: '+55 11 91234-5678',
      reportScope: { affiliates: 'assigned', campaigns: [seven, nine], reports: ['campaign'] },
      affiliateCount: 0,
    })
    assertNoSecrets(assert, created.body())
    // No password until the member follows the invitation mailed to them; then only theirs.
    const stored = await db.from('users').where('id', member.id).first()
    assert.match(stored.password, /^!unusable:/)
    assert.equal(await count('password_resets', { user_id: member.id, purpose: 'invitation' }), 1)
    await followInvitation(member.id, PASSWORD)
    assert.match((await db.from('users').where('id', member.id).first()).password, /^\$scrypt/)
    const login = await client.post('/api/v1/auth/login').json({ email: body.email, password: PASSWORD })
    login.assertStatus(200)
    assert.equal(login.body().data.user.role, 'afm')

    await client
      .post(MEMBERS)
      .bearerToken(token)
      .json(newMember({ name: 'Bruno Lima', role: 'adm', status: 'disabled' }))
    await client
      .post(MEMBERS)
      .bearerToken(token)
      .json(newMember({ name: 'Carla Dias', role: 'sub-admin' }))
    // Affiliates and admins of the organisation are not team members.
    await addUser(org.id, 'affiliate')

    const all = await client.get(`${MEMBERS}?sort=name`).bearerToken(token)
    all.assertStatus(200)
    assert.deepEqual(
      all.body().data.map((row: any) => row.name),
      ['Ana Souza', 'Bruno Lima', 'Carla Dias']
    )
    assert.equal(all.header('content-range'), 'team-members 0-2/3')
    assertNoSecrets(assert, all.body())
    const afms = await client.get(`${MEMBERS}?role=adm`).bearerToken(token)
    assert.deepEqual(
      afms.body().data.map((row: any) => row.name),
      ['Bruno Lima']
    )
    const disabled = await client
      .get(`${MEMBERS}?filter=${encodeURIComponent('{"status":"disabled"}')}`)
      .bearerToken(token)
    assert.deepEqual(
      disabled.body().data.map((row: any) => row.name),
      ['Bruno Lima']
    )
    const searched = await client.get(`${MEMBERS}?q=carla`).bearerToken(token)
    assert.deepEqual(
      searched.body().data.map((row: any) => row.name),
      ['Carla Dias']
    )
    const byMail = await client.get(`${MEMBERS}?q=${encodeURIComponent(body.email.slice(0, 14))}`).bearerToken(token)
    assert.deepEqual(
      byMail.body().data.map((row: any) => row.name),
      ['Ana Souza']
    )
    const paged = await client.get(`${MEMBERS}?sort=-name&limit=2&page=2`).bearerToken(token)
    assert.deepEqual(
      paged.body().data.map((row: any) => row.name),
      ['Ana Souza']
    )
    ;(await client.get(`${MEMBERS}?role=affiliate`).bearerToken(token)).assertStatus(422)
    ;(await client.get(`${MEMBERS}?sort=password`).bearerToken(token)).assertStatus(422)

    const shown = await client.get(`${MEMBERS}/${member.id}`).bearerToken(token)
    shown.assertStatus(200)
    assert.equal(shown.body().data.email, body.email)
    assertNoSecrets(assert, shown.body())

    const updated = await client
      .patch(`${MEMBERS}/${member.id}`)
      .bearerToken(token)
      .json({ name: 'Ana S. Souza', role: 'adm', skype: '', reportScope: { reports: null } })
    updated.assertStatus(200)
    assert.containsSubset(updated.body().data, {
      name: 'Ana S. Souza',
      role: 'adm',
      skype: null,
      reportScope: { affiliates: 'assigned', campaigns: [seven, nine], reports: null },
    })
    assertNoSecrets(assert, updated.body())

    const deleted = await client.delete(`${MEMBERS}/${member.id}`).bearerToken(token)
    deleted.assertStatus(200)
    assert.equal(deleted.body().data.status, 'deleted')
    ;(await client.get(`${MEMBERS}/${member.id}`).bearerToken(token)).assertStatus(404)
    ;(await client.patch(`${MEMBERS}/${member.id}`).bearerToken(token).json({ name: 'Back' })).assertStatus(404)
    ;(await client.delete(`${MEMBERS}/${member.id}`).bearerToken(token)).assertStatus(404)
    const after = await client.get(MEMBERS).bearerToken(token)
    assert.notInclude(
      after.body().data.map((row: any) => row.id),
      member.id
    )
    // The deleted member's session is gone.
    ;(await client.get('/api/v1/account').bearerToken(login.body().data.token)).assertStatus(401)
    ;(await client.get(`${MEMBERS}/abc`).bearerToken(token)).assertStatus(404)

    // Every change is in the organisation's timeline, without the password.
    assert.lengthOf(await timeline(org.id, 'team_member.created'), 3)
    const updates = await timeline(org.id, 'team_member.updated')
    assert.lengthOf(updates, 1)
    assert.equal(updates[0].user_id, admin.id)
    assert.deepEqual(updates[0].changes.role, { from: 'afm', to: 'adm' })
    assert.lengthOf(await timeline(org.id, 'team_member.deleted'), 1)
    assert.notInclude(JSON.stringify(await db.from('organization_timeline').where('organization_id', org.id)), PASSWORD)
  })

  test('a deleted member can be added again with the same address', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const body = newMember()
    const first = (await client.post(MEMBERS).bearerToken(token).json(body)).body().data
    await followInvitation(first.id, PASSWORD)
    ;(await client.delete(`${MEMBERS}/${first.id}`).bearerToken(token)).assertStatus(200)
    const again = await client
      .post(MEMBERS)
      .bearerToken(token)
      .json({ ...body, name: 'Returned', role: 'adm' })
    again.assertStatus(201)
    assert.containsSubset(again.body().data, { name: 'Returned', role: 'adm', status: 'active' })
    // The returning member starts without the old password and gets a new invitation.
    ;(await client.post('/api/v1/auth/login').json({ email: body.email, password: PASSWORD })).assertStatus(401)
    await followInvitation(again.body().data.id, 'Other#2024x')
    ;(await client.post('/api/v1/auth/login').json({ email: body.email, password: 'Other#2024x' })).assertStatus(200)
    ;(await client.get(`${MEMBERS}/${again.body().data.id}`).bearerToken(token)).assertStatus(200)
  })
})

test.group('team members: validation', () => {
  test('every rule answers 422 with its message in en and pt, and writes nothing', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const affiliate = await addUser(org.id, 'affiliate')
    const long = 'x'.repeat(351)
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', newMember({ name: undefined }), 'name', 'Name is required'],
      ['pt', newMember({ name: undefined }), 'name', 'Nome é obrigatório'],
      ['en', newMember({ name: long }), 'name', 'Name must be at most 350 characters'],
      ['pt', newMember({ skype: long }), 'skype', 'Skype deve ter no máximo 350 caracteres'],
      ['en', newMember({ email: 'not-an-email' }), 'email', 'Email must be a valid email address'],
      ['pt', newMember({ email: 'not-an-email' }), 'email', 'E-mail deve ser um e-mail válido'],
      [
        'en',
        newMember({ password: 'Chosen#2024', passwordConfirmation: 'Chosen#2024' }),
        'password',
        'A password is chosen only by its person: leave it out, and an invitation to set it is mailed to the address.',
      ],
      [
        'pt',
        newMember({ passwordConfirmation: 'Other#2024' }),
        'passwordConfirmation',
        'A senha é escolhida apenas pela própria pessoa: deixe-a de fora, e um convite para defini-la é enviado ao endereço.',
      ],
      ['en', newMember({ role: 'admin' }), 'role', 'Role must be sub-admin, afm or adm'],
      ['pt', newMember({ role: 'affiliate' }), 'role', 'A função deve ser sub-admin, afm ou adm'],
      ['en', newMember({ status: 'deleted' }), 'status', 'Status must be active or disabled'],
      ['en', newMember({ contactNumber: '12ab' }), 'contactNumber', 'Invalid phone number'],
      ['pt', newMember({ contactNumber: '12ab' }), 'contactNumber', 'Número de telefone inválido'],
      ['en', newMember({ email: affiliate.user.email }), 'email', 'Username is already taken'],
      ['pt', newMember({ email: affiliate.user.email.toUpperCase() }), 'email', 'O nome de usuário já está em uso'],
      ['en', newMember({ reportScope: { affiliates: 'some' } }), 'reportScope.affiliates', 'Please select a value'],
      [
        'en',
        newMember({ reportScope: { campaigns: [1.5] } }),
        'reportScope.campaigns.0',
        'Campaign ids must be whole numbers greater than 0',
      ],
      [
        'pt',
        newMember({ reportScope: { campaigns: [-3] } }),
        'reportScope.campaigns.0',
        'Os ids de campanhas devem ser números inteiros maiores que 0',
      ],
      [
        'en',
        newMember({ reportScope: { campaigns: [999999] } }),
        'reportScope.campaigns',
        'These ids are not campaigns of your organisation: 999999',
      ],
      [
        'tr',
        newMember({ reportScope: { campaigns: [999998] } }),
        'reportScope.campaigns',
        'Bu kimlikler kuruluşunuzun kampanyaları değil: 999998',
      ],
      [
        'en',
        newMember({ reportScope: { reports: ['campaign', 'secret'] } }),
        'reportScope.reports.1',
        'Unknown report: choose from campaign, affiliate, customer, activity, click, brand, media, conversion, referral, installs, payout',
      ],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.post(MEMBERS).bearerToken(token).header('accept-language', locale).json(body)
      assert.equal(response.status(), 422, `${locale} ${JSON.stringify(body)}`)
      const found = response.body().error.fields.find((entry: any) => entry.field === field)
      assert.equal(found?.message, message, `${locale} ${field} ${JSON.stringify(response.body().error)}`)
    }
    assert.equal(await count('users', { organization_id: org.id }), 2)
    assert.lengthOf(await timeline(org.id, 'team_member.created'), 0)
  })

  test('an update refuses cleared required fields, a taken address, a password and foreign campaigns', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const stranger = await createTenant('admin')
    const [foreign] = await insertCampaigns(stranger.org.id, 1)
    const member = (await client.post(MEMBERS).bearerToken(token).json(newMember())).body().data
    const other = (await client.post(MEMBERS).bearerToken(token).json(newMember())).body().data
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', { name: '' }, 'name', 'Name is required'],
      ['pt', { email: '' }, 'email', 'E-mail é obrigatório'],
      ['en', { email: other.email }, 'email', 'Username is already taken'],
      ['pt', { email: other.email.toUpperCase() }, 'email', 'O nome de usuário já está em uso'],
      [
        'en',
        { password: 'New#Pass2024', passwordConfirmation: 'New#Pass2024' },
        'password',
        'A password is chosen only by its person: leave it out, and an invitation to set it is mailed to the address.',
      ],
      [
        'tr',
        { password: 'New#Pass2024' },
        'password',
        'Şifreyi yalnızca kişinin kendisi seçer: şifreyi göndermeyin, belirlemesi için adrese bir davet gönderilir.',
      ],
      [
        'en',
        { reportScope: { campaigns: [foreign] } },
        'reportScope.campaigns',
        `These ids are not campaigns of your organisation: ${foreign}`,
      ],
      ['pt', { contactNumber: 'call me' }, 'contactNumber', 'Número de telefone inválido'],
      [
        'en',
        { reportScope: { reports: ['nope'] } },
        'reportScope.reports.0',
        'Unknown report: choose from campaign, affiliate, customer, activity, click, brand, media, conversion, referral, installs, payout',
      ],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client
        .patch(`${MEMBERS}/${member.id}`)
        .bearerToken(token)
        .header('accept-language', locale)
        .json(body)
      assert.equal(response.status(), 422, `${locale} ${JSON.stringify(body)}`)
      const found = response.body().error.fields.find((entry: any) => entry.field === field)
      assert.equal(found?.message, message, `${locale} ${JSON.stringify(body)}`)
    }
    const unchanged = await db.from('users').where('id', member.id).first()
    assert.equal(unchanged.email, member.email)
    assert.match(unchanged.password, /^!unusable:/)
    assert.lengthOf(await timeline(org.id, 'team_member.updated'), 0)
  })
})

test.group('team members: passwords and sessions', () => {
  test("an address of a person in another organisation gets an invitation, never that person's password", async ({
    client,
    assert,
  }) => {
    const elsewhere = await createTenant('admin')
    const { token } = await createTenant('admin')
    const created = await client
      .post(MEMBERS)
      .bearerToken(token)
      .json(newMember({ email: elsewhere.user.email.toUpperCase() }))
    created.assertStatus(201)
    const memberId = created.body().data.id
    const stored = await db.from('users').where('id', memberId).first()
    assert.match(stored.password, /^!unusable:/)
    // The person's password elsewhere does not open the new panel…
    const lent = await client.post('/api/v1/auth/login').json({
      email: elsewhere.user.email,
      password: elsewhere.password,
      organizationId: created.body().data.organizationId,
    })
    lent.assertStatus(401)
    // …until the person follows the invitation, which sets their password on both panels.
    await followInvitation(memberId, 'Chosen#2024')
    const login = await client.post('/api/v1/auth/login').json({
      email: elsewhere.user.email,
      password: 'Chosen#2024',
      organizationId: created.body().data.organizationId,
    })
    login.assertStatus(200)
    assert.equal(login.body().data.user.id, memberId)
    ;(
      await client
        .post('/api/v1/auth/login')
        .json({ email: elsewhere.user.email, password: 'Chosen#2024', organizationId: elsewhere.org.id })
    ).assertStatus(200)
    ;(await client.patch(`${MEMBERS}/${memberId}`).bearerToken(token).json({ password: 'Takeover#2024' })).assertStatus(
      422
    )
  })

  test("a new address clears the member's password, ends the sessions and invites the new address", async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const { member, body, session } = await memberWithSession(client, token)
    const newEmail = `moved-${Math.random().toString(36).slice(2, 8)}@test.affix.dev`
    const changed = await client.patch(`${MEMBERS}/${member.id}`).bearerToken(token).json({ email: newEmail })
    changed.assertStatus(200)
    assertNoSecrets(assert, changed.body())
    ;(await client.get('/api/v1/account').bearerToken(session)).assertStatus(401)
    // Neither the old address's password nor anything the admin knows opens the panel now.
    ;(await client.post('/api/v1/auth/login').json({ email: newEmail, password: PASSWORD })).assertStatus(401)
    ;(await client.post('/api/v1/auth/login').json({ email: body.email, password: PASSWORD })).assertStatus(401)
    assert.equal(await count('password_resets', { user_id: member.id, purpose: 'invitation' }), 1)
    await followInvitation(member.id, 'Fresh#2024')
    ;(await client.post('/api/v1/auth/login').json({ email: newEmail, password: 'Fresh#2024' })).assertStatus(200)
  })

  test('a disabled member is logged out at once (406) and cannot log in; enabling does not revive old sessions', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const { member, body, session } = await memberWithSession(client, token)
    ;(await client.get('/api/v1/account').bearerToken(session)).assertStatus(200)

    ;(await client.patch(`${MEMBERS}/${member.id}`).bearerToken(token).json({ status: 'disabled' })).assertStatus(200)
    const forced = await client.get('/api/v1/account').bearerToken(session)
    forced.assertStatus(406)
    assert.equal(forced.body().type, 'forced_logout')
    ;(await client.post('/api/v1/auth/login').json({ email: body.email, password: PASSWORD })).assertStatus(403)

    ;(await client.patch(`${MEMBERS}/${member.id}`).bearerToken(token).json({ status: 'active' })).assertStatus(200)
    ;(await client.get('/api/v1/account').bearerToken(session)).assertStatus(401)
    ;(await client.post('/api/v1/auth/login').json({ email: body.email, password: PASSWORD })).assertStatus(200)
  })
})

test.group('team members: roles', () => {
  test('admins, parents and owner sub-admins manage the team; other roles get 403', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const member = (await client.post(MEMBERS).bearerToken(token).json(newMember())).body().data

    for (const role of ['sub-admin', 'afm', 'adm', 'affiliate', 'brand'] as const) {
      const caller = await addUser(org.id, role)
      ;(await client.get(MEMBERS).bearerToken(caller.token)).assertStatus(403)
      ;(await client.get(`${MEMBERS}/${member.id}`).bearerToken(caller.token)).assertStatus(403)
      ;(await client.post(MEMBERS).bearerToken(caller.token).json(newMember())).assertStatus(403)
      ;(await client.patch(`${MEMBERS}/${member.id}`).bearerToken(caller.token).json({ name: 'x' })).assertStatus(403)
      ;(await client.delete(`${MEMBERS}/${member.id}`).bearerToken(caller.token)).assertStatus(403)
      ;(
        await client
          .post(`${MEMBERS}/${member.id}/affiliates`)
          .bearerToken(caller.token)
          .json({ affiliateIds: [1] })
      ).assertStatus(403)
    }

    const owner = await addUser(org.id, 'sub-admin')
    await User.query().where('id', owner.user.id).update({ owner: true })
    const account = await client.get('/api/v1/account').bearerToken(owner.token)
    const abilities = account.body().data.abilities.map((a: any) => `${a.subject}:${a.action}`)
    assert.includeMembers(abilities, ['team_members:read', 'team_members:manage'])
    ;(await client.get(MEMBERS).bearerToken(owner.token)).assertStatus(200)
    const byOwner = await client
      .post(MEMBERS)
      .bearerToken(owner.token)
      .json(newMember({ role: 'adm' }))
    byOwner.assertStatus(201)
    ;(
      await client.patch(`${MEMBERS}/${byOwner.body().data.id}`).bearerToken(owner.token).json({ name: 'By owner' })
    ).assertStatus(200)

    const parent = await createTenant('parent')
    ;(await client.post(MEMBERS).bearerToken(parent.token).json(newMember())).assertStatus(201)
  })

  test('the owner and the caller cannot be disabled, demoted or deleted', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const owner = await addUser(org.id, 'sub-admin')
    await User.query().where('id', owner.user.id).update({ owner: true })

    const disable = await client.patch(`${MEMBERS}/${owner.user.id}`).bearerToken(token).json({ status: 'disabled' })
    disable.assertStatus(422)
    assert.equal(
      disable.body().error.message,
      'The organisation owner cannot be disabled, deleted or given another role.'
    )
    assert.equal(disable.body().error.fields[0].field, 'status')
    const demote = await client
      .patch(`${MEMBERS}/${owner.user.id}`)
      .bearerToken(token)
      .header('accept-language', 'pt')
      .json({ role: 'afm' })
    demote.assertStatus(422)
    assert.equal(
      demote.body().error.message,
      'O proprietário da organização não pode ser desativado, excluído nem receber outra função.'
    )
    ;(await client.delete(`${MEMBERS}/${owner.user.id}`).bearerToken(token)).assertStatus(422)
    // Other changes to the owner are fine.
    ;(await client.patch(`${MEMBERS}/${owner.user.id}`).bearerToken(token).json({ skype: 'owner.skype' })).assertStatus(
      200
    )

    // The owner on themself: the self rule.
    const selfDelete = await client.delete(`${MEMBERS}/${owner.user.id}`).bearerToken(owner.token)
    selfDelete.assertStatus(422)
    assert.equal(selfDelete.body().error.message, 'You cannot disable or delete yourself, or change your own role.')
    const selfDisable = await client
      .patch(`${MEMBERS}/${owner.user.id}`)
      .bearerToken(owner.token)
      .header('accept-language', 'pt')
      .json({ status: 'disabled' })
    assert.equal(
      selfDisable.body().error.message,
      'Você não pode desativar nem excluir a si mesmo, nem mudar a sua própria função.'
    )
    ;(await client.patch(`${MEMBERS}/${owner.user.id}`).bearerToken(owner.token).json({ role: 'adm' })).assertStatus(
      422
    )
    const row = await db.from('users').where('id', owner.user.id).first()
    assert.equal(row.status, 'active')
    assert.equal(row.role, 'sub-admin')
    ;(await client.get('/api/v1/account').bearerToken(owner.token)).assertStatus(200)
  })

  test("an admin of a parent acting on a child cannot manage the child's team", async ({ client }) => {
    const { org, token } = await createTenant('admin')
    const child = await Organization.create({
      name: 'Child',
      type: 'child',
      panelType: 'network',
      parentId: org.id,
      preferences: {},
    })
    ;(await client.get(`${MEMBERS}?coid=${child.id}`).bearerToken(token)).assertStatus(403)
    ;(await client.post(`${MEMBERS}?coid=${child.id}`).bearerToken(token).json(newMember())).assertStatus(403)
  })
})

test.group('team members: tenant isolation', () => {
  test('an admin of another organisation can neither see nor change a member, nor assign its affiliates', async ({
    client,
    assert,
  }) => {
    const a = await createTenant('admin')
    const b = await createTenant('admin')
    const memberA = (await client.post(MEMBERS).bearerToken(a.token).json(newMember())).body().data
    const memberB = (await client.post(MEMBERS).bearerToken(b.token).json(newMember())).body().data
    const affiliateA = await addUser(a.org.id, 'affiliate')

    ;(await client.get(`${MEMBERS}/${memberA.id}`).bearerToken(b.token)).assertStatus(404)
    ;(
      await client.patch(`${MEMBERS}/${memberA.id}`).bearerToken(b.token).json({ name: 'Hijacked', status: 'disabled' })
    ).assertStatus(404)
    ;(await client.delete(`${MEMBERS}/${memberA.id}`).bearerToken(b.token)).assertStatus(404)
    ;(await client.get(`${MEMBERS}/${memberA.id}/affiliates`).bearerToken(b.token)).assertStatus(404)
    ;(
      await client
        .post(`${MEMBERS}/${memberA.id}/affiliates`)
        .bearerToken(b.token)
        .json({ affiliateIds: [affiliateA.user.id] })
    ).assertStatus(404)
    const foreign = await client
      .post(`${MEMBERS}/${memberB.id}/affiliates`)
      .bearerToken(b.token)
      .json({ affiliateIds: [affiliateA.user.id] })
    foreign.assertStatus(422)
    assert.deepEqual(foreign.body().error.invalidIds, [affiliateA.user.id])
    const listed = await client.get(MEMBERS).bearerToken(b.token)
    assert.deepEqual(
      listed.body().data.map((row: any) => row.id),
      [memberB.id]
    )

    const untouched = await db.from('users').where('id', memberA.id).first()
    assert.equal(untouched.name, 'Ana Souza')
    assert.equal(untouched.status, 'active')
    assert.equal(await count('team_member_affiliates', { member_id: memberB.id }), 0)
  })
})

test.group('team members: affiliates and team scope', () => {
  test('affiliates are assigned and unassigned; wrong ids are named and nothing is written', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const member = (await client.post(MEMBERS).bearerToken(token).json(newMember())).body().data
    const first = await addUser(org.id, 'affiliate')
    const second = await addUser(org.id, 'affiliate')
    const third = await addUser(org.id, 'affiliate')
    const brand = await addUser(org.id, 'brand')
    const gone = await addUser(org.id, 'affiliate', 'deleted')
    const url = `${MEMBERS}/${member.id}/affiliates`

    const assigned = await client
      .post(url)
      .bearerToken(token)
      .json({ affiliateIds: [second.user.id, first.user.id, first.user.id] })
    assigned.assertStatus(200)
    assert.deepEqual(
      assigned.body().data.map((row: any) => row.id),
      [first.user.id, second.user.id].sort((x, y) => x - y)
    )
    assert.containsSubset(assigned.body().data[0], { email: first.user.email, status: 'active' })
    assertNoSecrets(assert, assigned.body())
    // Assigning again keeps the others.
    ;(
      await client
        .post(url)
        .bearerToken(token)
        .json({ affiliateIds: [first.user.id, third.user.id] })
    ).assertStatus(200)
    const listed = await client.get(url).bearerToken(token)
    assert.lengthOf(listed.body().data, 3)
    assert.equal((await client.get(`${MEMBERS}/${member.id}`).bearerToken(token)).body().data.affiliateCount, 3)

    const bad = await client
      .post(url)
      .bearerToken(token)
      .json({ affiliateIds: [first.user.id, brand.user.id, gone.user.id, 999999] })
    bad.assertStatus(422)
    assert.equal(
      bad.body().error.message,
      `These ids are not affiliates of your organisation: ${brand.user.id}, ${gone.user.id}, 999999`
    )
    assert.deepEqual(bad.body().error.invalidIds, [brand.user.id, gone.user.id, 999999])
    assert.equal(bad.body().error.fields[0].field, 'affiliateIds')
    const badPt = await client
      .delete(url)
      .bearerToken(token)
      .header('accept-language', 'pt')
      .json({ affiliateIds: [brand.user.id] })
    badPt.assertStatus(422)
    assert.equal(badPt.body().error.message, `Estes ids não são afiliados da sua organização: ${brand.user.id}`)
    assert.equal(await count('team_member_affiliates', { member_id: member.id }), 3)

    const empty = await client.post(url).bearerToken(token).json({ affiliateIds: [] })
    empty.assertStatus(422)
    assert.equal(empty.body().error.fields[0].message, 'Select at least one affiliate')
    const missingPt = await client.post(url).bearerToken(token).header('accept-language', 'pt').json({})
    assert.equal(missingPt.body().error.fields[0].message, 'Selecione pelo menos um afiliado')
    const notNumbers = await client
      .post(url)
      .bearerToken(token)
      .json({ affiliateIds: ['abc'] })
    assert.equal(notNumbers.body().error.fields[0].message, 'Affiliate ids must be whole numbers greater than 0')

    const unassigned = await client
      .delete(url)
      .bearerToken(token)
      .json({ affiliateIds: [first.user.id, third.user.id] })
    unassigned.assertStatus(200)
    assert.deepEqual(
      unassigned.body().data.map((row: any) => row.id),
      [second.user.id]
    )

    const assignedLog = await timeline(org.id, 'team_member.affiliates_assigned')
    assert.lengthOf(assignedLog, 2)
    assert.sameMembers(assignedLog[0].changes.affiliateIds, [first.user.id, second.user.id])
    assert.deepEqual(assignedLog[1].changes.affiliateIds, [third.user.id])
    const unassignedLog = await timeline(org.id, 'team_member.affiliates_unassigned')
    assert.sameMembers(unassignedLog[0].changes.affiliateIds, [first.user.id, third.user.id])

    // Deleting the member drops the assignments.
    ;(await client.delete(`${MEMBERS}/${member.id}`).bearerToken(token)).assertStatus(200)
    assert.equal(await count('team_member_affiliates', { member_id: member.id }), 0)
  })

  test('GET /account/scope: admins see all, team members their scope and assignments, affiliates themselves', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const all = { affiliates: 'all', affiliateIds: null, campaigns: null, reports: null }
    const adminScope = await client.get('/api/v1/account/scope').bearerToken(token)
    adminScope.assertStatus(200)
    assert.deepEqual(adminScope.body().data, all)

    const [eleven, twelve] = await insertCampaigns(org.id, 2)
    const body = newMember({
      reportScope: { affiliates: 'assigned', campaigns: [eleven, twelve], reports: ['campaign', 'affiliate'] },
    })
    const member = (await client.post(MEMBERS).bearerToken(token).json(body)).body().data
    await followInvitation(member.id, PASSWORD)
    const affiliate = await addUser(org.id, 'affiliate')
    const other = await addUser(org.id, 'affiliate')
    await client
      .post(`${MEMBERS}/${member.id}/affiliates`)
      .bearerToken(token)
      .json({ affiliateIds: [affiliate.user.id] })
    const memberToken = (await client.post('/api/v1/auth/login').json({ email: body.email, password: PASSWORD })).body()
      .data.token
    const memberScope = await client.get('/api/v1/account/scope').bearerToken(memberToken)
    assert.deepEqual(memberScope.body().data, {
      affiliates: 'assigned',
      affiliateIds: [affiliate.user.id],
      campaigns: [eleven, twelve],
      reports: ['campaign', 'affiliate'],
    })

    // An affiliate deleted later drops out of the scope.
    await db.from('users').where('id', affiliate.user.id).update({ status: 'deleted' })
    assert.deepEqual((await client.get('/api/v1/account/scope').bearerToken(memberToken)).body().data.affiliateIds, [])

    ;(
      await client
        .patch(`${MEMBERS}/${member.id}`)
        .bearerToken(token)
        .json({ reportScope: { affiliates: 'all', campaigns: null } })
    ).assertStatus(200)
    assert.deepEqual((await client.get('/api/v1/account/scope').bearerToken(memberToken)).body().data, {
      ...all,
      reports: ['campaign', 'affiliate'],
    })

    const affiliateScope = await client.get('/api/v1/account/scope').bearerToken(other.token)
    assert.deepEqual(affiliateScope.body().data, {
      affiliates: 'assigned',
      affiliateIds: [other.user.id],
      campaigns: null,
      reports: null,
    })

    const owner = await addUser(org.id, 'sub-admin')
    await db
      .from('users')
      .where('id', owner.user.id)
      .update({ owner: true, report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: [1], reports: [] }) })
    assert.deepEqual((await client.get('/api/v1/account/scope').bearerToken(owner.token)).body().data, all)
  })
})
