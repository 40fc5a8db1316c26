import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import User from '#models/user'
import { addUser, createTenant } from '#tests/helpers/fixtures'

const PROFILE = '/api/v1/account/profile'
const CHANGE = '/api/v1/account/change-password'
const NEW_PASSWORD = 'Brand#New2024'

/** A second panel of the same person in another organisation (same address and password hash). */
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
  const panel = await User.findOrFail(Number(row.id ?? row))
  const token = (await User.accessTokens.create(panel)).value!.release()
  return { org, panel, token }
}

const login = (client: any, email: string, password: string, organizationId?: number) =>
  client.post('/api/v1/auth/login').json({ email, password, ...(organizationId ? { organizationId } : {}) })

test.group('profile', () => {
  test("reads and changes the caller's profile; an empty value clears a field; no secret leaves", async ({
    client,
    assert,
  }) => {
    const { org, user, token } = await createTenant('affiliate')
    const shown = await client.get(PROFILE).bearerToken(token)
    shown.assertStatus(200)
    assert.containsSubset(shown.body().data, {
      id: user.id,
      email: user.email,
      role: 'affiliate',
      phone: null,
      country: null,
    })

    const updated = await client.patch(PROFILE).bearerToken(token).json({
      name: '  Maria Silva ',
      phone: '+55 (11) 91234-5678',
      skype: 'maria.silva',
      city: 'São Paulo',
      address: 'Rua Augusta 100',
      state: 'SP',
      zipcode: '01305-000',
      country: 'br',
      locale: 'pt',
    })
    updated.assertStatus(200)
    assert.deepEqual(updated.body().data, {
      id: user.id,
      email: user.email,
      role: 'affiliate',
      name: 'Maria Silva',
      phone: '+55 (11) 91234-5678',
      skype: 'maria.silva',
      city: 'São Paulo',
      address: 'Rua Augusta 100',
      state: 'SP',
      zipcode: '01305-000',
      country: 'BR',
      locale: 'pt',
    })
    const json = JSON.stringify(updated.body())
    assert.notInclude(json, 'password')
    assert.notInclude(json, '$scrypt')
    // The chosen language applies to the next calls without Accept-Language.
    const account = await client.get('/api/v1/account').bearerToken(token)
    assert.equal(account.body().data.user.locale, 'pt')

    const cleared = await client.patch(PROFILE).bearerToken(token).json({ skype: '', city: null, locale: null })
    cleared.assertStatus(200)
    assert.containsSubset(cleared.body().data, { skype: null, city: null, locale: null, phone: '+55 (11) 91234-5678' })
    const stored = await db.from('users').where('id', user.id).first()
    assert.equal(stored.country, 'BR')
    assert.isNull(stored.skype)

    const entries = await db
      .from('organization_timeline')
      .where('organization_id', org.id)
      .where('action', 'profile.updated')
      .orderBy('id')
    assert.lengthOf(entries, 2)
    assert.sameMembers(entries[1].changes.fields, ['skype', 'city', 'locale'])
    // Nothing sent, nothing changed, nothing recorded.
    ;(await client.patch(PROFILE).bearerToken(token).json({ country: 'BR' })).assertStatus(200)
    assert.lengthOf(
      await db.from('organization_timeline').where('organization_id', org.id).where('action', 'profile.updated'),
      2
    )
  })

  test('each profile rule answers 422 with its message in en and pt', async ({ client, assert }) => {
    const { user, token } = await createTenant('admin')
    const long = 'y'.repeat(351)
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', { phone: 'call me' }, 'phone', 'Invalid phone number'],
      ['pt', { phone: '12' }, 'phone', 'Número de telefone inválido'],
      ['en', { country: 'XX' }, 'country', 'Please select a valid country'],
      ['pt', { country: 'Brazil' }, 'country', 'Por favor, selecione um país válido'],
      ['en', { city: long }, 'city', 'City must be at most 350 characters'],
      ['pt', { address: long }, 'address', 'Endereço deve ter no máximo 350 caracteres'],
      ['en', { state: long }, 'state', 'State must be at most 350 characters'],
      ['en', { skype: long }, 'skype', 'Skype must be at most 350 characters'],
      ['en', { name: long }, 'name', 'Name must be at most 350 characters'],
      ['en', { zipcode: '1'.repeat(33) }, 'zipcode', 'Zip code must be at most 32 characters'],
      ['pt', { zipcode: '1'.repeat(33) }, 'zipcode', 'O CEP deve ter no máximo 32 caracteres'],
      ['en', { locale: 'fr' }, 'locale', 'Language must be en, pt or tr'],
      ['pt', { locale: 'fr' }, 'locale', 'O idioma deve ser en, pt ou tr'],
      ['en', { name: '' }, 'name', 'Name is required'],
      ['pt', { name: null }, 'name', 'Nome é obrigatório'],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.patch(PROFILE).bearerToken(token).header('accept-language', locale).json(body)
      assert.equal(response.status(), 422, `${locale} ${JSON.stringify(body)}`)
      const found = response.body().error.fields.find((entry: any) => entry.field === field)
      assert.equal(found?.message, message, `${locale} ${JSON.stringify(response.body().error)}`)
    }
    const stored = await db.from('users').where('id', user.id).first()
    assert.isNull(stored.phone)
    assert.equal(stored.name, 'admin user')
  })

  test('profiles are per caller: a token never reads or changes another panel', async ({ client, assert }) => {
    const first = await createTenant('admin')
    const second = await createTenant('admin')
    await client.patch(PROFILE).bearerToken(first.token).json({ city: 'Lisbon' })
    const other = await client.get(PROFILE).bearerToken(second.token)
    assert.equal(other.body().data.id, second.user.id)
    assert.isNull(other.body().data.city)
    ;(await client.get(PROFILE)).assertStatus(401)
    ;(
      await client
        .post(CHANGE)
        .json({ currentPassword: 'x', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
    ).assertStatus(401)
  })
})

test.group('change password', () => {
  test('the new password applies to every panel of the person; other sessions end, this one stays', async ({
    client,
    assert,
  }) => {
    const { org, user, token, password } = await createTenant('admin')
    const other = await secondPanel(user)
    const sameOrgSecondSession = (await login(client, user.email, password, org.id)).body().data.token

    const changed = await client
      .post(CHANGE)
      .bearerToken(token)
      .json({ currentPassword: password, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
    changed.assertStatus(200)
    assert.equal(changed.body().data.message, 'Your password has been changed.')
    assert.notInclude(JSON.stringify(changed.body()), NEW_PASSWORD)

    ;(await client.get('/api/v1/account').bearerToken(token)).assertStatus(200)
    ;(await client.get('/api/v1/account').bearerToken(sameOrgSecondSession)).assertStatus(401)
    ;(await client.get('/api/v1/account').bearerToken(other.token)).assertStatus(401)

    ;(await login(client, user.email, password, org.id)).assertStatus(401)
    ;(await login(client, user.email, password, other.org.id)).assertStatus(401)
    ;(await login(client, user.email, NEW_PASSWORD, org.id)).assertStatus(200)
    const otherPanel = await login(client, user.email, NEW_PASSWORD, other.org.id)
    otherPanel.assertStatus(200)
    assert.equal(otherPanel.body().data.user.id, other.panel.id)

    const hashes = await db.from('users').whereRaw('lower(email) = ?', [user.email.toLowerCase()]).select('password')
    assert.lengthOf(hashes, 2)
    assert.equal(hashes[0].password, hashes[1].password)
    assert.match(hashes[0].password, /^\$scrypt/)
    const entry = await db
      .from('organization_timeline')
      .where('organization_id', org.id)
      .where('action', 'profile.password_changed')
      .first()
    assert.equal(entry.user_id, user.id)
    assert.notInclude(JSON.stringify(entry), NEW_PASSWORD)
  })

  test('a wrong current password, a weak or unconfirmed new one are refused in en and pt, and nothing changes', async ({
    client,
    assert,
  }) => {
    const { user, token, password } = await createTenant('affiliate')
    const before = (await db.from('users').where('id', user.id).first()).password
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      [
        'en',
        { currentPassword: 'Wrong#12345', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
        'currentPassword',
        'The current password is incorrect.',
      ],
      [
        'pt',
        { currentPassword: 'Wrong#12345', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
        'currentPassword',
        'A senha atual está incorreta.',
      ],
      [
        'en',
        { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
        'currentPassword',
        'Current password is required',
      ],
      [
        'pt',
        { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
        'currentPassword',
        'A senha atual é obrigatória',
      ],
      [
        'en',
        { currentPassword: password, password: NEW_PASSWORD, passwordConfirmation: 'Other#2024' },
        'passwordConfirmation',
        'Passwords must match',
      ],
      [
        'pt',
        { currentPassword: password, password: NEW_PASSWORD },
        'passwordConfirmation',
        'As senhas devem coincidir',
      ],
      [
        'en',
        { currentPassword: password, password: 'abc', passwordConfirmation: 'abc' },
        'password',
        'Password must be 8 to 32 characters with at least one letter, one number and one special character (#?!@$%^&*-)',
      ],
      [
        'pt',
        { currentPassword: password, password: 'x'.repeat(40) + '#1', passwordConfirmation: 'x'.repeat(40) + '#1' },
        'password',
        'A senha deve ter de 8 a 32 caracteres, com pelo menos uma letra, um número e um caractere especial (#?!@$%^&*-)',
      ],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.post(CHANGE).bearerToken(token).header('accept-language', locale).json(body)
      assert.equal(response.status(), 422, `${locale} ${JSON.stringify(body)}`)
      const found = response.body().error.fields.find((entry: any) => entry.field === field)
      assert.equal(found?.message, message, `${locale} ${JSON.stringify(response.body().error)}`)
    }
    assert.equal((await db.from('users').where('id', user.id).first()).password, before)
    ;(await client.get('/api/v1/account').bearerToken(token)).assertStatus(200)
  })

  test('not with an API key, not while logged in as someone else; repeated wrong guesses are limited', async ({
    client,
    assert,
  }) => {
    const { org, token, password } = await createTenant('admin')
    const key = (
      await client
        .post('/api/v1/api-keys')
        .bearerToken(token)
        .json({ name: 'all', scopes: [{ resource: 'account', operations: ['read', 'write'] }] })
    ).body().data.key
    const viaKey = await client
      .post(CHANGE)
      .bearerToken(key)
      .json({ currentPassword: password, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
    viaKey.assertStatus(403)
    assert.equal(
      viaKey.body().error.message,
      'This call needs your own panel session: API keys and OAuth tokens cannot make it.'
    )
    // The key still reads the profile.
    ;(await client.get(PROFILE).bearerToken(key)).assertStatus(200)

    const affiliate = await addUser(org.id, 'affiliate')
    const acting = await client.post('/api/v1/auth/login-as').bearerToken(token).json({ userId: affiliate.user.id })
    acting.assertStatus(200)
    const asAffiliate = await client
      .post(CHANGE)
      .bearerToken(acting.body().data.token)
      .header('accept-language', 'pt')
      .json({ currentPassword: affiliate.password, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
    asAffiliate.assertStatus(403)
    assert.equal(
      asAffiliate.body().error.message,
      'A senha não pode ser alterada enquanto você está conectado como outra pessoa.'
    )
    ;(await login(client, affiliate.user.email, affiliate.password)).assertStatus(200)

    const target = await addUser(org.id, 'afm')
    let last = 0
    for (let attempt = 0; attempt < 11; attempt++) {
      last = (
        await client
          .post(CHANGE)
          .bearerToken(target.token)
          .json({ currentPassword: `Wrong#${attempt}abc`, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
      ).status()
    }
    assert.equal(last, 429)
  })
})
