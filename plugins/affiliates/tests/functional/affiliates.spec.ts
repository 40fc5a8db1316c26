import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant, followInvitation, installTestPlugin, User } from '@affix/core/testing'
import { groupUsage } from '../../src/contracts.js'

const AFFILIATES = '/api/v1/affiliates/affiliates'
const ME = '/api/v1/affiliates/me'
const GROUPS = '/api/v1/affiliates/groups'
const VALID_CPF = '52998224725'
const newEmail = () => `aff-${randomUUID().slice(0, 12)}@test.affix.dev`

async function createAffiliate(client: ApiClient, token: string, extra: Record<string, unknown> = {}) {
  const response = await client
    .post(AFFILIATES)
    .bearerToken(token)
    .json({ email: newEmail(), name: 'Test Affiliate', ...extra })
  response.assertStatus(201)
  return response.body().data
}

/** Posts and answers the 422's field → message map, in the given language. */
async function fieldErrors(
  client: ApiClient,
  token: string,
  body: Record<string, unknown>,
  language = 'en',
  path = AFFILIATES,
  method: 'post' | 'patch' | 'put' = 'post'
) {
  const response = await client[method](path).bearerToken(token).header('accept-language', language).json(body)
  response.assertStatus(422)
  return Object.fromEntries(
    (response.body().error.fields as Array<{ field: string; message: string }>).map((field) => [
      field.field,
      field.message,
    ])
  )
}

test.group('affiliates: CRUD', () => {
  test('create with every field, read, update, list and delete', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const manager = await addUser(org.id, 'afm')
    const referrer = await createAffiliate(client, token, { name: 'Referrer' })
    const created = await client
      .post(AFFILIATES)
      .bearerToken(token)
      .json({
        email: '  New.Partner@Example.com ',
        name: 'New Partner',
        contact: '+55 11 99999-0000',
        skype: 'new.partner',
        tags: ['vip', 'seo'],
        companyName: 'Partner Media',
        country: 'br',
        state: 'SP',
        city: 'São Paulo',
        address: 'Av. Paulista 1000',
        zipcode: '01310-100',
        taxId: '12.345.678/0001-90',
        managerId: manager.user.id,
        currency: 'brl',
        externalId: 'EXT-1',
        referredById: referrer.id,
        emailNotification: false,
        negativeCarryover: true,
        feePercent: '12.5',
        paymentDetails: {
          defaultMethod: 'bank',
          bankName: 'Banco do Brasil',
          accountHolderName: 'New Partner',
          accountNumber: '12345-6',
          swiftCode: 'brasbrrj',
          ifsc: null,
        },
      })
    created.assertStatus(201)
    const affiliate = created.body().data
    assert.equal(affiliate.email, 'new.partner@example.com')
    assert.equal(affiliate.status, 'active')
    assert.equal(affiliate.country, 'BR')
    assert.equal(affiliate.currency, 'BRL')
    assert.equal(affiliate.feePercent, '12.50')
    assert.deepEqual(affiliate.tags, ['vip', 'seo'])
    assert.equal(affiliate.managerId, manager.user.id)
    assert.equal(affiliate.managerName, 'afm user')
    assert.equal(affiliate.referredById, referrer.id)
    assert.equal(affiliate.referredByName, 'Referrer')
    assert.isFalse(affiliate.emailNotification)
    assert.isTrue(affiliate.negativeCarryover)
    assert.isFalse(affiliate.hasPassword)
    assert.equal(affiliate.paymentDetails.swiftCode, 'BRASBRRJ')
    assert.equal(affiliate.paymentDetails.defaultMethod, 'bank')
    assert.notProperty(affiliate, 'password')
    assert.match(affiliate.referralLink, new RegExp(`/register/affiliate/${org.id}\\?ref=${affiliate.id}$`))
    // The manager is assigned the affiliate, so its team scope lets it see it.
    assert.exists(
      await db.from('team_member_affiliates').where({ member_id: manager.user.id, affiliate_id: affiliate.id }).first()
    )
    const panel = await db.from('users').where('id', affiliate.id).first()
    assert.equal(panel.role, 'affiliate')
    assert.match(panel.password, /^!unusable:/)

    // The affiliate follows the invitation mailed to them, and their own password works.
    assert.exists(await db.from('password_resets').where({ user_id: affiliate.id, purpose: 'invitation' }).first())
    await followInvitation(affiliate.id, 'Partner#2026')
    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: 'new.partner@example.com', password: 'Partner#2026' })
    login.assertStatus(200)
    assert.isTrue((await client.get(`${AFFILIATES}/${affiliate.id}`).bearerToken(token)).body().data.hasPassword)

    const fetched = await client.get(`${AFFILIATES}/${affiliate.id}`).bearerToken(token)
    fetched.assertStatus(200)
    assert.equal(fetched.body().data.companyName, 'Partner Media')

    const updated = await client
      .patch(`${AFFILIATES}/${affiliate.id}`)
      .bearerToken(token)
      .json({
        status: 'disabled',
        companyName: null,
        tags: ['seo'],
        feePercent: 0,
        paymentDetails: { defaultMethod: 'paypal', paypalEmail: 'pay@example.com' },
      })
    updated.assertStatus(200)
    assert.equal(updated.body().data.status, 'disabled')
    assert.isNull(updated.body().data.companyName)
    assert.deepEqual(updated.body().data.tags, ['seo'])
    assert.equal(updated.body().data.feePercent, '0.00')
    assert.equal(updated.body().data.paymentDetails.paypalEmail, 'pay@example.com')
    // Fields of the earlier method are kept; only the default changes.
    assert.equal(updated.body().data.paymentDetails.bankName, 'Banco do Brasil')

    // react-admin sends the whole record with PUT, read-only fields included.
    const replaced = await client
      .put(`${AFFILIATES}/${affiliate.id}`)
      .bearerToken(token)
      .json({ ...updated.body().data, name: 'Renamed Partner' })
    replaced.assertStatus(200)
    assert.equal(replaced.body().data.name, 'Renamed Partner')

    const cleared = await client
      .patch(`${AFFILIATES}/${affiliate.id}`)
      .bearerToken(token)
      .header('accept-language', 'pt')
      .json({ name: '' })
    cleared.assertStatus(422)
    assert.equal(cleared.body().error.message, 'Nome é obrigatório')

    const deleted = await client.delete(`${AFFILIATES}/${affiliate.id}`).bearerToken(token)
    deleted.assertStatus(200)
    assert.equal((await db.from('users').where('id', affiliate.id).first()).status, 'deleted')
    ;(await client.get(`${AFFILIATES}/${affiliate.id}`).bearerToken(token)).assertStatus(404)
    ;(await client.patch(`${AFFILIATES}/${affiliate.id}`).bearerToken(token).json({ name: 'x' })).assertStatus(404)
    const listed = await client.get(AFFILIATES).bearerToken(token)
    assert.notInclude(
      listed.body().data.map((row: any) => row.id),
      affiliate.id
    )
    // Deleting frees nothing: the address stays taken in the organisation.
    const again = await client
      .post(AFFILIATES)
      .bearerToken(token)
      .json({ email: 'new.partner@example.com', name: 'Again' })
    again.assertStatus(422)
    assert.equal(again.body().error.message, 'Username is already taken')
  })

  test('an affiliate signed up without a profile reads as defaults and gets one on first write', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const { user } = await addUser(org.id, 'affiliate')
    const fetched = await client.get(`${AFFILIATES}/${user.id}`).bearerToken(token)
    fetched.assertStatus(200)
    assert.deepEqual(fetched.body().data.tags, [])
    assert.isTrue(fetched.body().data.emailNotification)
    assert.isFalse(fetched.body().data.negativeCarryover)
    assert.isNull(fetched.body().data.paymentDetails.defaultMethod)
    assert.notExists(await db.from('affiliate_profiles').where('user_id', user.id).first())
    ;(await client.patch(`${AFFILIATES}/${user.id}`).bearerToken(token).json({ currency: 'EUR' })).assertStatus(200)
    const profile = await db.from('affiliate_profiles').where('user_id', user.id).first()
    assert.equal(profile.currency, 'EUR')
    assert.isTrue(profile.email_notification)
  })

  test('lists filter, search, sort and page with Content-Range', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const manager = await addUser(org.id, 'adm')
    const alpha = await createAffiliate(client, token, {
      name: 'Alpha',
      country: 'BR',
      currency: 'BRL',
      managerId: manager.user.id,
    })
    const bravo = await createAffiliate(client, token, {
      name: 'Bravo',
      status: 'pending',
      country: 'TR',
      companyName: 'Bravo Media',
      referredById: alpha.id,
    })
    await createAffiliate(client, token, { name: 'Charlie', status: 'banned', country: 'BR', externalId: 'CH-9' })
    const names = async (query: string) => {
      const response = await client.get(`${AFFILIATES}?${query}`).bearerToken(token)
      response.assertStatus(200)
      return response.body().data.map((row: any) => row.name)
    }
    assert.deepEqual(await names('sort=name'), ['Alpha', 'Bravo', 'Charlie'])
    assert.deepEqual(await names('sort=-name&limit=1'), ['Charlie'])
    assert.deepEqual(await names('status=pending'), ['Bravo'])
    assert.deepEqual(
      await names(`filter=${encodeURIComponent(JSON.stringify({ status: ['pending', 'banned'] }))}&sort=name`),
      ['Bravo', 'Charlie']
    )
    assert.deepEqual(await names('country=BR&sort=name'), ['Alpha', 'Charlie'])
    assert.deepEqual(await names('currency=BRL'), ['Alpha'])
    assert.deepEqual(await names(`managerId=${manager.user.id}`), ['Alpha'])
    assert.deepEqual(await names(`referredBy=${alpha.id}`), ['Bravo'])
    assert.deepEqual(await names('q=bravo%20med'), ['Bravo'])
    assert.deepEqual(await names('q=ch-9'), ['Charlie'])
    const page = await client.get(`${AFFILIATES}?range=[1,1]&sort=["name","ASC"]`).bearerToken(token)
    assert.equal(page.header('content-range'), 'affiliates 1-1/3')
    assert.deepEqual(
      page.body().data.map((row: any) => row.id),
      [bravo.id]
    )
    ;(await client.get(`${AFFILIATES}?sort=password`).bearerToken(token)).assertStatus(422)
    ;(await client.get(`${AFFILIATES}?status=deleted`).bearerToken(token)).assertStatus(422)
  })

  test('export has the list columns and never a password or payment secret', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const exported = await createAffiliate(client, token, {
      name: 'Exported',
      paymentDetails: { defaultMethod: 'cpf', cpf: VALID_CPF },
    })
    await followInvitation(exported.id, 'Secret#2026')
    const response = await client.get(`${AFFILIATES}/export?sort=name`).bearerToken(token)
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'text/csv')
    const csv = response.text()
    const [header] = csv.split('\n')
    assert.include(header, 'email')
    assert.include(csv, 'Exported')
    for (const secret of ['password', 'cpf', 'account_number', 'paypal', 'crypto', 'swift', VALID_CPF, 'scrypt'])
      assert.notInclude(csv.toLowerCase(), secret.toLowerCase())
  })
})

test.group('affiliates: validation', () => {
  test('required fields, formats and ranges (en and pt)', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const en = await fieldErrors(client, token, {})
    assert.equal(en.email, 'Email is required')
    assert.equal(en.name, 'Name is required')
    const pt = await fieldErrors(client, token, {}, 'pt')
    assert.equal(pt.email, 'E-mail é obrigatório')

    const bad = {
      email: 'not-an-email',
      name: 'x'.repeat(351),
      contact: 'call me',
      skype: 'y'.repeat(351),
      feePercent: '100.5',
      currency: 'XYZ',
      country: 'XX',
      status: 'deleted',
    }
    const errors = await fieldErrors(client, token, bad)
    assert.equal(errors.email, 'Email must be a valid email address')
    assert.equal(errors.name, 'Name must be at most 350 characters')
    assert.equal(errors.contact, 'Invalid phone number')
    assert.equal(errors.skype, 'Skype must be at most 350 characters')
    assert.equal(errors.feePercent, 'Fee % must not be greater than 100')
    assert.equal(errors.currency, 'Currency must be a valid 3-letter currency code (ISO 4217)')
    assert.equal(errors.country, 'Country must be a valid 2-letter country code (ISO 3166)')
    assert.equal(errors.status, 'Please select a value')
    const ptErrors = await fieldErrors(client, token, bad, 'pt')
    assert.equal(ptErrors.contact, 'Número de telefone inválido')
    assert.equal(ptErrors.feePercent, 'Taxa % não pode ser maior que 100')
    assert.equal(ptErrors.currency, 'Moeda deve ser um código de moeda válido de 3 letras (ISO 4217)')
    assert.equal(ptErrors.country, 'País deve ser um código de país válido de 2 letras (ISO 3166)')

    // Only the person chooses a password (through the invitation): the field is refused.
    assert.equal(
      (await fieldErrors(client, token, { email: newEmail(), name: 'A', password: 'Partner#2026' })).password,
      'A password is chosen only by its person: leave it out, and an invitation to set it is mailed to the address.'
    )
    assert.equal(
      (await fieldErrors(client, token, { email: newEmail(), name: 'A', password: 'Partner#2026' }, 'pt')).password,
      'A senha é escolhida apenas pela própria pessoa: deixe-a de fora, e um convite para defini-la é enviado ao endereço.'
    )

    const decimals = await fieldErrors(client, token, { email: newEmail(), name: 'A', feePercent: '10.555' })
    assert.equal(decimals.feePercent, 'Fee % must have at most 2 decimal digits')
    assert.equal(
      (await fieldErrors(client, token, { email: newEmail(), name: 'A', feePercent: -1 })).feePercent,
      'Fee % must not be less than 0'
    )
    assert.equal((await createAffiliate(client, token, { feePercent: '1.5' })).feePercent, '1.50')
    assert.equal((await createAffiliate(client, token, { feePercent: 100 })).feePercent, '100.00')
  }).timeout(30_000)

  test('payment details required per default method (spec wording, en and pt)', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const base = () => ({ email: newEmail(), name: 'Payee' })
    const bank = await fieldErrors(client, token, { ...base(), paymentDetails: { defaultMethod: 'bank' } })
    assert.deepEqual(bank, {
      'paymentDetails.bankName': 'Bank name is required',
      'paymentDetails.accountHolderName': 'Account name is required',
      'paymentDetails.accountNumber': 'Account number is required',
      'paymentDetails.swiftCode': 'Swift code is required',
    })
    const bankPt = await fieldErrors(client, token, { ...base(), paymentDetails: { defaultMethod: 'bank' } }, 'pt')
    assert.equal(bankPt['paymentDetails.accountHolderName'], 'Nome da conta é obrigatório')
    assert.equal(bankPt['paymentDetails.swiftCode'], 'Código swift é obrigatório')
    const paypal = await fieldErrors(client, token, { ...base(), paymentDetails: { defaultMethod: 'paypal' } })
    assert.deepEqual(paypal, { 'paymentDetails.paypalId': 'Paypal ID is required' })
    // Paypal needs the ID or the e-mail.
    ;(
      await client
        .post(AFFILIATES)
        .bearerToken(token)
        .json({ ...base(), paymentDetails: { defaultMethod: 'paypal', paypalEmail: 'p@example.com' } })
    ).assertStatus(201)
    assert.deepEqual(await fieldErrors(client, token, { ...base(), paymentDetails: { defaultMethod: 'cpf' } }), {
      'paymentDetails.cpf': 'CPF is required',
    })
    assert.deepEqual(
      await fieldErrors(client, token, {
        ...base(),
        paymentDetails: { defaultMethod: 'crypto', cryptoNetwork: 'TRC20' },
      }),
      { 'paymentDetails.cryptoAddress': 'Crypto address is required' }
    )
    assert.deepEqual(
      await fieldErrors(
        client,
        token,
        { ...base(), paymentDetails: { defaultMethod: 'custom', customPaymentName: 'Pix' } },
        'pt'
      ),
      { 'paymentDetails.customPaymentDetails': 'Detalhes do pagamento personalizado é obrigatório' }
    )
    const formats = await fieldErrors(client, token, {
      ...base(),
      paymentDetails: {
        defaultMethod: 'paypal',
        paypalId: 'me',
        paypalEmail: 'nope',
        swiftCode: '12',
        ifsc: 'bad',
      },
    })
    assert.equal(formats['paymentDetails.paypalEmail'], 'Email must be a valid email address')
    assert.equal(formats['paymentDetails.swiftCode'], 'Invalid swift code')
    assert.equal(formats['paymentDetails.ifsc'], 'Invalid IFSC')
    // A field the document does not name is refused, not silently dropped.
    const unknown = await fieldErrors(client, token, {
      ...base(),
      paymentDetails: { defaultMethod: 'paypal', paypalId: 'me', defaultMethodX: 1 },
    })
    assert.deepEqual(unknown, { 'paymentDetails.defaultMethodX': 'defaultMethodX is not a field of this request' })
    const method = await fieldErrors(client, token, { ...base(), paymentDetails: { defaultMethod: 'cash' } })
    assert.equal(method['paymentDetails.defaultMethod'], 'Please select a value')
    // Nothing was half-written by the refused creates.
    assert.equal(
      Number((await db.from('users').whereILike('email', 'aff-%').where('name', 'Payee').count('* as n'))[0].n),
      1
    )
  })

  test('CPF: 11 digits with valid check digits', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const me = await addUser(org.id, 'affiliate')
    for (const cpf of [VALID_CPF, '529.982.247-25', '11144477735', '39053344705']) {
      ;(await client.put(`${ME}/payment`).bearerToken(me.token).json({ defaultMethod: 'cpf', cpf })).assertStatus(200)
    }
    // A wrong first or second check digit, all-same digits.
    for (const cpf of ['52998224715', '52998224724', '11111111111', '00000000000']) {
      const errors = await fieldErrors(client, me.token, { defaultMethod: 'cpf', cpf }, 'en', `${ME}/payment`, 'put')
      assert.equal(errors.cpf, 'Invalid CPF: it must have 11 digits with valid check digits', cpf)
    }
    assert.equal(
      (await fieldErrors(client, me.token, { defaultMethod: 'cpf', cpf: '5299822472' }, 'en', `${ME}/payment`, 'put'))
        .cpf,
      'CPF must have 11 digits'
    )
    const digits = await fieldErrors(client, token, {
      email: newEmail(),
      name: 'C',
      paymentDetails: { defaultMethod: 'cpf', cpf: '123' },
    })
    assert.equal(digits['paymentDetails.cpf'], 'CPF must have 11 digits')
    const check = await fieldErrors(client, token, {
      email: newEmail(),
      name: 'C',
      paymentDetails: { defaultMethod: 'cpf', cpf: '52998224724' },
    })
    assert.equal(check['paymentDetails.cpf'], 'Invalid CPF: it must have 11 digits with valid check digits')
    const same = await fieldErrors(
      client,
      token,
      { email: newEmail(), name: 'C', paymentDetails: { defaultMethod: 'cpf', cpf: '22222222222' } },
      'pt'
    )
    assert.equal(same['paymentDetails.cpf'], 'CPF inválido: deve ter 11 dígitos com dígitos verificadores válidos')
    const ok = await createAffiliate(client, token, { paymentDetails: { defaultMethod: 'cpf', cpf: '529.982.247-25' } })
    assert.equal(ok.paymentDetails.cpf, VALID_CPF)
  })

  test('references: manager, referrer, group, external id and the e-mail', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const other = await createTenant('admin')
    const brand = await addUser(org.id, 'brand')
    const deletedAfm = await addUser(org.id, 'afm', 'deleted')
    const foreignAfm = await addUser(other.org.id, 'afm')
    for (const managerId of [brand.user.id, deletedAfm.user.id, foreignAfm.user.id, 999999]) {
      const errors = await fieldErrors(client, token, { email: newEmail(), name: 'M', managerId })
      assert.equal(errors.managerId, 'Please select a valid manager')
    }
    const existing = await createAffiliate(client, token, { externalId: 'EXT-7' })
    const foreignAffiliate = await createAffiliate(client, other.token)
    assert.equal(
      (await fieldErrors(client, token, { email: newEmail(), name: 'R', referredById: foreignAffiliate.id }))
        .referredById,
      'Please select a valid referring affiliate'
    )
    assert.equal((await createAffiliate(client, token, { referredById: existing.id })).referredById, existing.id)
    const self = await fieldErrors(
      client,
      token,
      { referredById: existing.id },
      'en',
      `${AFFILIATES}/${existing.id}`,
      'patch'
    )
    assert.equal(self.referredById, 'An affiliate cannot refer itself')
    const selfPt = await fieldErrors(
      client,
      token,
      { referredById: existing.id },
      'pt',
      `${AFFILIATES}/${existing.id}`,
      'patch'
    )
    assert.equal(selfPt.referredById, 'Um afiliado não pode indicar a si mesmo')
    assert.equal(
      (await fieldErrors(client, token, { email: newEmail(), name: 'G', groupId: 999999 })).groupId,
      'Please select a valid affiliate group'
    )
    assert.equal(
      (await fieldErrors(client, token, { email: newEmail(), name: 'E', externalId: 'ext-7' })).externalId,
      'This external affiliate ID is already used by another affiliate'
    )
    const taken = await fieldErrors(client, token, { email: existing.email.toUpperCase(), name: 'Dup' }, 'pt')
    assert.equal(taken.email, 'O nome de usuário já está em uso')
    // Another organisation may use the same address and external id.
    ;(
      await client
        .post(AFFILIATES)
        .bearerToken(other.token)
        .json({ email: existing.email, name: 'Same person', externalId: 'EXT-7' })
    ).assertStatus(201)
  })
})

test.group('affiliates: statuses, sessions and passwords', () => {
  test('an admin-created affiliate has no password until the person follows the invitation', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const affiliate = await createAffiliate(client, token)
    assert.isFalse(affiliate.hasPassword)
    const panel = await db.from('users').where('id', affiliate.id).first()
    assert.match(panel.password, /^!unusable:/)
    for (const password of ['', 'Test#12345', panel.password]) {
      const login = await client.post('/api/v1/auth/login').json({ email: affiliate.email, password })
      assert.oneOf(login.status(), [401, 422])
    }
    // A person who holds a panel elsewhere does not lend it their password either: the new
    // panel waits for the invitation (which then sets the person's password on both).
    const other = await createTenant('admin')
    const person = await addUser(other.org.id, 'affiliate')
    const again = await createAffiliate(client, token, { email: person.user.email })
    assert.isFalse(again.hasPassword)
    const organizationId = (await User.findOrFail(again.id)).organizationId
    ;(
      await client
        .post('/api/v1/auth/login')
        .json({ email: person.user.email, password: person.password, organizationId })
    ).assertStatus(401)
    await followInvitation(again.id, 'Person#2026')
    ;(
      await client
        .post('/api/v1/auth/login')
        .json({ email: person.user.email, password: 'Person#2026', organizationId })
    ).assertStatus(200)
  })

  test('bulk status changes: affiliates no longer active are logged out (406); active again, old sessions end', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const one = await addUser(org.id, 'affiliate')
    const two = await addUser(org.id, 'affiliate')
    const foreign = await addUser((await createTenant('admin')).org.id, 'affiliate')
    ;(await client.get(ME).bearerToken(one.token)).assertStatus(200)
    const refused = await client
      .post(`${AFFILIATES}/status`)
      .bearerToken(token)
      .json({ ids: [one.user.id, foreign.user.id], status: 'disabled' })
    refused.assertStatus(422)
    assert.equal(refused.body().error.message, 'Some of the selected affiliates do not exist.')
    assert.equal((await User.findOrFail(one.user.id)).status, 'active')
    const invalid = await fieldErrors(
      client,
      token,
      { ids: [one.user.id], status: 'deleted' },
      'pt',
      `${AFFILIATES}/status`
    )
    assert.equal(invalid.status, 'Por favor, selecione um valor')

    const changed = await client
      .post(`${AFFILIATES}/status`)
      .bearerToken(token)
      .json({ ids: [one.user.id, two.user.id], status: 'fraud' })
    changed.assertStatus(200)
    assert.equal(changed.body().data.updated, 2)
    assert.equal((await User.findOrFail(one.user.id)).status, 'fraud')
    const forced = await client.get(ME).bearerToken(one.token)
    forced.assertStatus(406)
    assert.equal(forced.body().type, 'forced_logout')
    for (const status of ['rejected', 'banned', 'pending', 'active']) {
      ;(
        await client
          .post(`${AFFILIATES}/status`)
          .bearerToken(token)
          .json({ ids: [two.user.id], status })
      ).assertStatus(200)
      assert.equal((await User.findOrFail(two.user.id)).status, status)
    }
    // Active again: the sessions from before do not come back.
    ;(await client.get(ME).bearerToken(two.token)).assertStatus(401)
  })

  test('a disabled affiliate is logged out (406); a deleted one loses its sessions', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const disabled = await addUser(org.id, 'affiliate')
    const deleted = await addUser(org.id, 'affiliate')
    ;(
      await client.patch(`${AFFILIATES}/${disabled.user.id}`).bearerToken(token).json({ status: 'disabled' })
    ).assertStatus(200)
    ;(await client.delete(`${AFFILIATES}/${deleted.user.id}`).bearerToken(token)).assertStatus(200)
    const forced = await client.get(ME).bearerToken(disabled.token)
    forced.assertStatus(406)
    assert.equal(forced.body().type, 'forced_logout')
    assert.notExists(await db.from('auth_access_tokens').where('tokenable_id', deleted.user.id).first())
    ;(await client.get(ME).bearerToken(deleted.token)).assertStatus(401)
  })

  test('an e-mail change kills reset codes, sessions and the password, and invites the new address', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const affiliate = await addUser(org.id, 'affiliate')
    await db
      .table('password_resets')
      .insert({ user_id: affiliate.user.id, code_hash: 'x'.repeat(64), expires_at: new Date(Date.now() + 3_600_000) })
    const address = newEmail()
    ;(
      await client.patch(`${AFFILIATES}/${affiliate.user.id}`).bearerToken(token).json({ email: address })
    ).assertStatus(200)
    assert.notExists(await db.from('password_resets').where({ user_id: affiliate.user.id, purpose: 'reset' }).first())
    assert.exists(await db.from('password_resets').where({ user_id: affiliate.user.id, purpose: 'invitation' }).first())
    assert.notExists(await db.from('auth_access_tokens').where('tokenable_id', affiliate.user.id).first())
    ;(await client.post('/api/v1/auth/login').json({ email: address, password: affiliate.password })).assertStatus(401)
    // Moving to an address a person already uses elsewhere: that person's password is not lent,
    // and no password may be set here.
    const elsewhere = await addUser((await createTenant('admin')).org.id, 'admin')
    const refused = await fieldErrors(
      client,
      token,
      { email: elsewhere.user.email, password: 'Other#2026' },
      'en',
      `${AFFILIATES}/${affiliate.user.id}`,
      'patch'
    )
    assert.match(refused.password, /^A password is chosen only by its person/)
    ;(
      await client.patch(`${AFFILIATES}/${affiliate.user.id}`).bearerToken(token).json({ email: elsewhere.user.email })
    ).assertStatus(200)
    const moved = await db.from('users').where('id', affiliate.user.id).first()
    assert.match(moved.password, /^!unusable:/)
    ;(
      await client
        .post('/api/v1/auth/login')
        .json({ email: elsewhere.user.email, password: elsewhere.password, organizationId: org.id })
    ).assertStatus(401)
  })
})

test.group('affiliates: bulk manager and group, notes, referrals', () => {
  test('bulk manager sets the manager and the team assignment; only live team members', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const afm = await addUser(org.id, 'afm')
    await db
      .from('users')
      .where('id', afm.user.id)
      .update({ report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: null, reports: null }) })
    const one = await createAffiliate(client, token)
    const two = await createAffiliate(client, token)
    assert.lengthOf((await client.get(AFFILIATES).bearerToken(afm.token)).body().data, 0)
    const response = await client
      .post(`${AFFILIATES}/manager`)
      .bearerToken(token)
      .json({ ids: [one.id, two.id], managerId: afm.user.id })
    response.assertStatus(200)
    assert.equal(response.body().data.updated, 2)
    const seen = await client.get(`${AFFILIATES}?sort=id`).bearerToken(afm.token)
    assert.deepEqual(
      seen.body().data.map((row: any) => row.id),
      [one.id, two.id]
    )
    assert.equal(seen.body().data[0].managerId, afm.user.id)
    const cleared = await client
      .post(`${AFFILIATES}/manager`)
      .bearerToken(token)
      .json({ ids: [one.id], managerId: null })
    cleared.assertStatus(200)
    assert.isNull((await client.get(`${AFFILIATES}/${one.id}`).bearerToken(token)).body().data.managerId)
    const admin = (await db.from('users').where({ organization_id: org.id, role: 'admin' }).first()).id
    const notTeam = await fieldErrors(client, token, { ids: [one.id], managerId: admin }, 'pt', `${AFFILIATES}/manager`)
    assert.equal(notTeam.managerId, 'Por favor, selecione um gerente válido')
    const missing = await fieldErrors(client, token, { ids: [one.id] }, 'en', `${AFFILIATES}/manager`)
    assert.equal(missing.managerId, 'Account manager is required')
  })

  test('bulk group checks the group through the lookup', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const other = await createTenant('admin')
    const one = await createAffiliate(client, token)
    const refused = await fieldErrors(client, token, { ids: [one.id], groupId: 424242 }, 'en', `${AFFILIATES}/group`)
    assert.equal(refused.groupId, 'Please select a valid affiliate group')
    const [foreignGroup] = await db
      .table('affiliate_groups')
      .insert({ organization_id: other.org.id, name: 'Foreign' })
      .returning('id')
    assert.equal(
      (await fieldErrors(client, token, { ids: [one.id], groupId: foreignGroup.id }, 'en', `${AFFILIATES}/group`))
        .groupId,
      'Please select a valid affiliate group'
    )
    const [group] = await db.table('affiliate_groups').insert({ organization_id: org.id, name: 'VIP' }).returning('id')
    const response = await client
      .post(`${AFFILIATES}/group`)
      .bearerToken(token)
      .json({ ids: [one.id], groupId: group.id })
    response.assertStatus(200)
    const fetched = (await client.get(`${AFFILIATES}/${one.id}`).bearerToken(token)).body().data
    assert.equal(fetched.groupId, group.id)
    assert.equal(fetched.groupName, 'VIP')
    assert.exists(await db.from('affiliate_group_members').where({ group_id: group.id, affiliate_id: one.id }).first())
    assert.deepEqual(
      (await client.get(`${AFFILIATES}?groupId=${group.id}`).bearerToken(token)).body().data.map((row: any) => row.id),
      [one.id]
    )
  })

  test('notes: add, list, delete; empty notes refused', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const affiliate = await createAffiliate(client, token)
    const notes = `${AFFILIATES}/${affiliate.id}/notes`
    assert.equal((await fieldErrors(client, token, { body: '   ' }, 'en', notes)).body, 'Note cannot be empty')
    assert.equal((await fieldErrors(client, token, {}, 'pt', notes)).body, 'A nota não pode estar vazia')
    const first = await client.post(notes).bearerToken(token).json({ body: 'First call done' })
    first.assertStatus(201)
    assert.equal(first.body().data.authorName, 'admin user')
    await client.post(notes).bearerToken(token).json({ body: 'Second' })
    const listed = await client.get(notes).bearerToken(token)
    assert.deepEqual(
      listed.body().data.map((note: any) => note.body),
      ['Second', 'First call done']
    )
    assert.equal(listed.header('content-range'), 'notes 0-1/2')
    ;(await client.delete(`${notes}/${first.body().data.id}`).bearerToken(token)).assertStatus(200)
    ;(await client.delete(`${notes}/${first.body().data.id}`).bearerToken(token)).assertStatus(404)
    // A note of another affiliate cannot be deleted through this one.
    const other = await createAffiliate(client, token)
    const foreign = await client.post(`${AFFILIATES}/${other.id}/notes`).bearerToken(token).json({ body: 'Other' })
    ;(await client.delete(`${notes}/${foreign.body().data.id}`).bearerToken(token)).assertStatus(404)
    // The affiliate never reaches notes.
    const own = await addUser(org.id, 'affiliate')
    ;(await client.get(`${AFFILIATES}/${own.user.id}/notes`).bearerToken(own.token)).assertStatus(403)
  })

  test('referral link: a signup with ?ref records the referrer; a foreign or bogus ref is ignored', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const referrer = await createAffiliate(client, token, { name: 'Referrer' })
    const foreignReferrer = await createAffiliate(client, (await createTenant('admin')).token)
    const signup = async (ref: unknown) => {
      const email = newEmail()
      const response = await client.post(`/api/v1/signup/affiliate/${org.id}`).json({
        name: 'Referred One',
        email,
        password: 'Strong#2026',
        passwordConfirmation: 'Strong#2026',
        acceptTerms: true,
        ref,
      })
      response.assertStatus(201)
      return response.body().data.id as number
    }
    const referred = await signup(referrer.id)
    const foreign = await signup(foreignReferrer.id)
    const bogus = await signup(987654)
    assert.equal((await db.from('affiliate_profiles').where('user_id', referred).first()).referred_by, referrer.id)
    assert.notExists(await db.from('affiliate_profiles').where('user_id', foreign).first())
    assert.notExists(await db.from('affiliate_profiles').where('user_id', bogus).first())
    const list = await client.get(`${AFFILIATES}/${referrer.id}/referred`).bearerToken(token)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().data.map((row: any) => row.id),
      [referred]
    )
    assert.equal(list.body().data[0].referredByName, 'Referrer')
    assert.equal(list.body().data[0].status, 'pending')
  })
})

test.group('affiliates: the affiliate panel (/me)', () => {
  test('reads and updates its own profile and payment details only', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const me = await addUser(org.id, 'affiliate')
    await client.patch(`${AFFILIATES}/${me.user.id}`).bearerToken(token).json({ feePercent: '5', managerId: null })
    const shown = await client.get(ME).bearerToken(me.token)
    shown.assertStatus(200)
    assert.equal(shown.body().data.id, me.user.id)
    assert.equal(shown.body().data.feePercent, '5.00')
    assert.property(shown.body().data, 'paymentDetails')
    assert.match(shown.body().data.referralLink, new RegExp(`\\?ref=${me.user.id}$`))
    // No link while the signup form it opens is off (it would lead to a 404), back when it is on.
    ;(await client.patch('/api/v1/plugins/signup').bearerToken(token).json({ enabled: false })).assertStatus(200)
    assert.isNull((await client.get(ME).bearerToken(me.token)).body().data.referralLink)
    assert.isNull((await client.get(`${AFFILIATES}/${me.user.id}`).bearerToken(token)).body().data.referralLink)
    ;(await client.patch('/api/v1/plugins/signup').bearerToken(token).json({ enabled: true })).assertStatus(200)
    assert.match((await client.get(ME).bearerToken(me.token)).body().data.referralLink, /\?ref=/)

    const updated = await client
      .patch(ME)
      .bearerToken(me.token)
      .json({ companyName: 'My Media', contact: '+90 212 555 0101', country: 'tr' })
    updated.assertStatus(200)
    assert.equal(updated.body().data.companyName, 'My Media')
    assert.equal(updated.body().data.contact, '+90 212 555 0101')
    assert.equal(updated.body().data.country, 'TR')
    // Fields only an admin sets are refused, and change nothing.
    const adminOnly = await client.patch(ME).bearerToken(me.token).json({ feePercent: '99', status: 'active' })
    adminOnly.assertStatus(422)
    assert.deepEqual(
      adminOnly.body().error.fields.map((field: any) => field.field),
      ['feePercent', 'status']
    )
    assert.equal((await client.get(ME).bearerToken(me.token)).body().data.feePercent, '5.00')
    assert.equal(
      (await fieldErrors(client, me.token, { contact: 'nope' }, 'pt', ME, 'patch')).contact,
      'Número de telefone inválido'
    )

    const payment = await fieldErrors(
      client,
      me.token,
      { defaultMethod: 'bank', bankName: 'Itaú' },
      'en',
      `${ME}/payment`,
      'put'
    )
    assert.deepEqual(payment, {
      accountHolderName: 'Account name is required',
      accountNumber: 'Account number is required',
      swiftCode: 'Swift code is required',
    })
    const paypalPt = await fieldErrors(client, me.token, { defaultMethod: 'paypal' }, 'pt', `${ME}/payment`, 'put')
    assert.deepEqual(paypalPt, { paypalId: 'ID do Paypal é obrigatório' })
    const saved = await client
      .put(`${ME}/payment`)
      .bearerToken(me.token)
      .json({ defaultMethod: 'cpf', cpf: '529.982.247-25' })
    saved.assertStatus(200)
    assert.equal(saved.body().data.cpf, VALID_CPF)
    assert.equal((await client.get(`${ME}/payment`).bearerToken(me.token)).body().data.defaultMethod, 'cpf')
  })

  test('an affiliate never reads another affiliate nor its payment details', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const me = await addUser(org.id, 'affiliate')
    const other = await createAffiliate(client, token, { paymentDetails: { defaultMethod: 'cpf', cpf: VALID_CPF } })
    for (const path of [
      AFFILIATES,
      `${AFFILIATES}/${other.id}`,
      `${AFFILIATES}/${me.user.id}`,
      `${AFFILIATES}/export`,
      `${AFFILIATES}/${other.id}/referred`,
    ]) {
      const response = await client.get(path).bearerToken(me.token)
      response.assertStatus(403)
      assert.notInclude(JSON.stringify(response.body()), VALID_CPF)
    }
    ;(
      await client
        .patch(`${AFFILIATES}/${other.id}`)
        .bearerToken(me.token)
        .json({ paymentDetails: { defaultMethod: 'cpf', cpf: VALID_CPF } })
    ).assertStatus(403)
    ;(
      await client
        .post(`${AFFILIATES}/status`)
        .bearerToken(me.token)
        .json({ ids: [other.id], status: 'disabled' })
    ).assertStatus(403)
    const mine = await client.get(`${ME}/payment`).bearerToken(me.token)
    assert.notInclude(JSON.stringify(mine.body()), VALID_CPF)
    // /me is only for affiliates.
    ;(await client.get(ME).bearerToken(token)).assertStatus(403)
  })

  test('its referred affiliates: names and status only; hidden with dra_aff', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const me = await addUser(org.id, 'affiliate')
    const referred = await createAffiliate(client, token, {
      name: 'Child',
      referredById: me.user.id,
      paymentDetails: { defaultMethod: 'cpf', cpf: VALID_CPF },
    })
    await createAffiliate(client, token, { name: 'Unrelated' })
    const list = await client.get(`${ME}/referred`).bearerToken(me.token)
    list.assertStatus(200)
    assert.deepEqual(list.body().data, [
      { id: referred.id, name: 'Child', status: 'active', createdAt: referred.createdAt },
    ])
    assert.lengthOf(
      (await client.get(`${ME}/referred?q=${encodeURIComponent(referred.email)}`).bearerToken(me.token)).body().data,
      0
    )
    await db
      .from('organizations')
      .where('id', org.id)
      .update({ features: JSON.stringify({ dra_aff: true }) })
    ;(await client.get(`${ME}/referred`).bearerToken(me.token)).assertStatus(403)
  })
})

test.group('affiliates: groups and managers stay consistent', () => {
  async function makeGroup(client: ApiClient, token: string, name: string, affiliateIds: number[]) {
    const response = await client.post(GROUPS).bearerToken(token).json({ name, affiliateIds })
    response.assertStatus(201)
    return response.body().data.id as number
  }
  const groupOf = async (client: ApiClient, token: string, id: number) =>
    (await client.get(`${GROUPS}/${id}`).bearerToken(token)).body().data
  const read = async (client: ApiClient, token: string, id: number) =>
    (await client.get(`${AFFILIATES}/${id}`).bearerToken(token)).body().data
  const membersOf = async (groupId: number) =>
    (await db.from('affiliate_group_members').where('group_id', groupId).orderBy('affiliate_id')).map(
      (row) => row.affiliate_id
    )

  test('the primary group is a membership: groups list their primaries; otherGroupIds never holds the primary', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const filler = await createAffiliate(client, token)
    const [a, b, c] = [
      await makeGroup(client, token, 'A', [filler.id]),
      await makeGroup(client, token, 'B', [filler.id]),
      await makeGroup(client, token, 'C', [filler.id]),
    ]

    const affiliate = await createAffiliate(client, token, { groupId: a, otherGroupIds: [a, b] })
    assert.equal(affiliate.groupId, a)
    assert.deepEqual(affiliate.otherGroupIds, [b])
    assert.include(await groupOf(client, token, a), { affiliateCount: 2 })
    assert.deepEqual((await groupOf(client, token, a)).affiliateIds, [filler.id, affiliate.id])
    // The list's group filter matches every membership, not only the primary group.
    const inGroup = async (...ids: number[]) =>
      (await client.get(`${AFFILIATES}?${ids.map((id) => `groupId=${id}`).join('&')}&sort=id`).bearerToken(token))
        .body()
        .data.map((row: any) => row.id)
    assert.deepEqual(await inGroup(b), [filler.id, affiliate.id])
    assert.deepEqual(await inGroup(a, b), [filler.id, affiliate.id])
    const exported = (await client.get(`${AFFILIATES}/export?groupId=${b}`).bearerToken(token)).text()
    assert.include(exported, affiliate.email)

    // A new primary group: it joins that one and leaves the previous one; its other groups stay.
    const moved = await client.patch(`${AFFILIATES}/${affiliate.id}`).bearerToken(token).json({ groupId: c })
    moved.assertStatus(200)
    assert.include(moved.body().data, { groupId: c, groupName: 'C' })
    assert.deepEqual(moved.body().data.otherGroupIds, [b])
    assert.deepEqual(await membersOf(a), [filler.id])
    assert.deepEqual((await groupOf(client, token, c)).affiliateIds, [filler.id, affiliate.id])
    // The previous primary stays when it is kept among the other groups (react-admin's PUT of the whole record).
    const kept = await client
      .put(`${AFFILIATES}/${affiliate.id}`)
      .bearerToken(token)
      .json({ ...moved.body().data, groupId: a, otherGroupIds: [b, c] })
    kept.assertStatus(200)
    assert.deepEqual(kept.body().data.otherGroupIds, [b, c])
    assert.deepEqual(await membersOf(c), [filler.id, affiliate.id])
    // Giving the primary among the others changes nothing.
    const same = await client
      .patch(`${AFFILIATES}/${affiliate.id}`)
      .bearerToken(token)
      .json({ otherGroupIds: [a] })
    assert.deepEqual(same.body().data.otherGroupIds, [])
    assert.equal(same.body().data.groupId, a)
    assert.deepEqual(await membersOf(b), [filler.id])

    // Bulk: the affiliates join the group and leave their previous primary group.
    const second = await createAffiliate(client, token, { groupId: b })
    const bulk = await client
      .post(`${AFFILIATES}/group`)
      .bearerToken(token)
      .json({ ids: [affiliate.id, second.id], groupId: c })
    bulk.assertStatus(200)
    assert.deepEqual(await membersOf(c), [filler.id, affiliate.id, second.id])
    assert.deepEqual(await membersOf(a), [filler.id])
    assert.deepEqual(await membersOf(b), [filler.id])
    assert.deepEqual((await read(client, token, second.id)).otherGroupIds, [])

    // Removing an affiliate from its primary group on the group's screen clears its primary group.
    const trimmed = await client
      .patch(`${GROUPS}/${c}`)
      .bearerToken(token)
      .json({ affiliateIds: [filler.id, second.id] })
    trimmed.assertStatus(200)
    assert.include(await read(client, token, affiliate.id), { groupId: null, groupName: null })
    assert.equal((await read(client, token, second.id)).groupId, c)
    // Clearing the primary group leaves it.
    ;(await client.patch(`${AFFILIATES}/${second.id}`).bearerToken(token).json({ groupId: null })).assertStatus(200)
    assert.deepEqual(await membersOf(c), [filler.id])
  })

  test('no change through an affiliate leaves a group without affiliates (en, pt); deleting one is allowed', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    const alone = await createAffiliate(client, token)
    const other = await createAffiliate(client, token)
    const solo = await makeGroup(client, token, 'Solo', [alone.id])
    const spare = await makeGroup(client, token, 'Spare', [other.id])

    const asOther = await fieldErrors(client, token, { otherGroupIds: [] }, 'en', `${AFFILIATES}/${alone.id}`, 'patch')
    assert.equal(asOther.otherGroupIds, 'Affiliate group needs at least one affiliate')
    const asOtherPt = await fieldErrors(
      client,
      token,
      { otherGroupIds: [spare] },
      'pt',
      `${AFFILIATES}/${alone.id}`,
      'put'
    )
    assert.equal(asOtherPt.otherGroupIds, 'O grupo de afiliados precisa de pelo menos um afiliado')
    ;(
      await client
        .post(`${AFFILIATES}/group`)
        .bearerToken(token)
        .json({ ids: [alone.id], groupId: solo })
    ).assertStatus(200)
    const asPrimary = await fieldErrors(client, token, { groupId: spare }, 'en', `${AFFILIATES}/${alone.id}`, 'patch')
    assert.equal(asPrimary.groupId, 'Affiliate group needs at least one affiliate')
    const cleared = await fieldErrors(
      client,
      token,
      { groupId: null, name: 'Not saved' },
      'pt',
      `${AFFILIATES}/${alone.id}`,
      'patch'
    )
    assert.equal(cleared.groupId, 'O grupo de afiliados precisa de pelo menos um afiliado')
    const bulk = await fieldErrors(
      client,
      token,
      { ids: [alone.id, other.id], groupId: spare },
      'en',
      `${AFFILIATES}/group`
    )
    assert.equal(bulk.groupId, 'Affiliate group needs at least one affiliate')
    // Nothing was half-written.
    assert.include(await read(client, token, alone.id), { groupId: solo, name: 'Test Affiliate' })
    assert.isNull((await read(client, token, other.id)).groupId)
    assert.deepEqual(await membersOf(solo), [alone.id])
    // Once another affiliate joins, the first may leave.
    ;(
      await client
        .patch(`${AFFILIATES}/${other.id}`)
        .bearerToken(token)
        .json({ otherGroupIds: [solo, spare] })
    ).assertStatus(200)
    ;(await client.patch(`${AFFILIATES}/${alone.id}`).bearerToken(token).json({ groupId: spare })).assertStatus(200)
    assert.deepEqual(await membersOf(solo), [other.id])

    // Deleting the last affiliate of a group is allowed: the group shows none and needs one on its next update.
    ;(await client.delete(`${AFFILIATES}/${other.id}`).bearerToken(token)).assertStatus(200)
    assert.include(await groupOf(client, token, solo), { affiliateCount: 0 })
    assert.deepEqual((await groupOf(client, token, solo)).affiliateIds, [])
    const renamed = await client.patch(`${GROUPS}/${solo}`).bearerToken(token).json({ name: 'Renamed' })
    renamed.assertStatus(422)
    assert.equal(renamed.body().error.message, 'Affiliate group needs at least one affiliate')
    assert.equal(renamed.body().error.fields[0].field, 'affiliateIds')
    const renamedPt = await client
      .patch(`${GROUPS}/${solo}`)
      .bearerToken(token)
      .header('accept-language', 'pt')
      .json({ name: 'Renamed' })
    assert.equal(renamedPt.body().error.message, 'O grupo de afiliados precisa de pelo menos um afiliado')
    const refilled = await client
      .patch(`${GROUPS}/${solo}`)
      .bearerToken(token)
      .json({ name: 'Renamed', affiliateIds: [alone.id] })
    refilled.assertStatus(200)
    assert.include(refilled.body().data, { name: 'Renamed', affiliateCount: 1 })
  })

  test('a group in use gains and loses no member through the affiliate endpoints (spec §4)', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { token, org } = await createTenant('admin')
    const member = await createAffiliate(client, token)
    const primary = await createAffiliate(client, token)
    const outsider = await createAffiliate(client, token)
    const locked = await makeGroup(client, token, 'Locked', [member.id, primary.id])
    const free = await makeGroup(client, token, 'Free', [outsider.id])
    ;(
      await client
        .post(`${AFFILIATES}/group`)
        .bearerToken(token)
        .json({ ids: [primary.id], groupId: locked })
    ).assertStatus(200)
    const unregister = installTestPlugin({
      id: 'test-group-usage',
      dependsOn: ['affiliates'],
      hooks: [groupUsage.provide(async (organizationId, groupId) => organizationId === org.id && groupId === locked)],
    })
    cleanup(() => void unregister())

    const attempts: Array<[string, 'post' | 'patch' | 'put', string, Record<string, unknown>]> = [
      ['en', 'post', AFFILIATES, { email: newEmail(), name: 'New', groupId: locked }],
      ['pt', 'post', AFFILIATES, { email: newEmail(), name: 'New', otherGroupIds: [locked] }],
      ['en', 'patch', `${AFFILIATES}/${outsider.id}`, { otherGroupIds: [free, locked] }],
      ['en', 'patch', `${AFFILIATES}/${member.id}`, { otherGroupIds: [] }],
      ['pt', 'patch', `${AFFILIATES}/${primary.id}`, { groupId: free }],
      ['en', 'post', `${AFFILIATES}/group`, { ids: [outsider.id], groupId: locked }],
      ['en', 'post', `${AFFILIATES}/group`, { ids: [primary.id, member.id], groupId: free }],
    ]
    for (const [language, method, path, body] of attempts) {
      const response = await client[method](path).bearerToken(token).header('accept-language', language).json(body)
      assert.equal(response.status(), 409, `${method} ${path} ${JSON.stringify(body)}`)
      assert.equal(
        response.body().error.message,
        language === 'pt'
          ? 'Este grupo está vinculado a uma campanha e não pode ser atualizado'
          : 'This group is tied to a campaign and cannot be updated'
      )
    }
    assert.deepEqual(await membersOf(locked), [member.id, primary.id])
    assert.deepEqual(await membersOf(free), [outsider.id])
    assert.equal((await read(client, token, primary.id)).groupId, locked)
    assert.lengthOf(
      (
        await client
          .get(`${AFFILIATES}?filter=${encodeURIComponent(JSON.stringify({ name: 'New' }))}`)
          .bearerToken(token)
      ).body().data,
      0
    )

    // Changes that leave its members as they are go through (react-admin's PUT of the whole record).
    const unchanged = await read(client, token, primary.id)
    ;(
      await client
        .put(`${AFFILIATES}/${primary.id}`)
        .bearerToken(token)
        .json({ ...unchanged, city: 'Porto' })
    ).assertStatus(200)
    ;(
      await client
        .patch(`${AFFILIATES}/${member.id}`)
        .bearerToken(token)
        .json({ otherGroupIds: [locked, free] })
    ).assertStatus(200)
    assert.deepEqual(await membersOf(free), [member.id, outsider.id])
    // Deleting a member is allowed: it is the affiliate's life cycle, not a change of the group.
    ;(await client.delete(`${AFFILIATES}/${member.id}`).bearerToken(token)).assertStatus(200)
    assert.deepEqual((await groupOf(client, token, locked)).affiliateIds, [primary.id])

    unregister()
    ;(
      await client
        .patch(`${AFFILIATES}/${outsider.id}`)
        .bearerToken(token)
        .json({ otherGroupIds: [free, locked] })
    ).assertStatus(200)
    assert.deepEqual(await membersOf(locked), [member.id, primary.id, outsider.id])
  })

  test('the manager field and the team assignment move together', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const [first, second] = [await addUser(org.id, 'afm'), await addUser(org.id, 'adm')]
    await db
      .from('users')
      .whereIn('id', [first.user.id, second.user.id])
      .update({ report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: null, reports: null }) })
    const assigned = async (memberId: number) =>
      (
        await db
          .from('team_member_affiliates')
          .where({ organization_id: org.id, member_id: memberId })
          .orderBy('affiliate_id')
      ).map((row) => row.affiliate_id)
    const unmanaged = await createAffiliate(client, token)
    await db
      .table('team_member_affiliates')
      .insert({ organization_id: org.id, member_id: first.user.id, affiliate_id: unmanaged.id })

    const affiliate = await createAffiliate(client, token, { managerId: first.user.id })
    assert.deepEqual(await assigned(first.user.id), [unmanaged.id, affiliate.id])
    ;(await client.get(`${AFFILIATES}/${affiliate.id}`).bearerToken(first.token)).assertStatus(200)

    const moved = await client
      .patch(`${AFFILIATES}/${affiliate.id}`)
      .bearerToken(token)
      .json({ managerId: second.user.id })
    moved.assertStatus(200)
    assert.equal(moved.body().data.managerId, second.user.id)
    assert.deepEqual(await assigned(first.user.id), [unmanaged.id])
    assert.deepEqual(await assigned(second.user.id), [affiliate.id])
    ;(await client.get(`${AFFILIATES}/${affiliate.id}`).bearerToken(first.token)).assertStatus(404)
    ;(await client.get(`${AFFILIATES}/${affiliate.id}`).bearerToken(second.token)).assertStatus(200)
    // Other changes leave the assignment alone.
    ;(await client.patch(`${AFFILIATES}/${affiliate.id}`).bearerToken(token).json({ city: 'Lisbon' })).assertStatus(200)
    assert.deepEqual(await assigned(second.user.id), [affiliate.id])
    ;(await client.patch(`${AFFILIATES}/${affiliate.id}`).bearerToken(token).json({ managerId: null })).assertStatus(
      200
    )
    assert.deepEqual(await assigned(second.user.id), [])

    // Bulk: the same rule for every selected affiliate.
    const other = await createAffiliate(client, token, { managerId: second.user.id })
    ;(
      await client
        .post(`${AFFILIATES}/manager`)
        .bearerToken(token)
        .json({ ids: [affiliate.id, other.id], managerId: first.user.id })
    ).assertStatus(200)
    assert.deepEqual(await assigned(first.user.id), [unmanaged.id, affiliate.id, other.id])
    assert.deepEqual(await assigned(second.user.id), [])
    ;(
      await client
        .post(`${AFFILIATES}/manager`)
        .bearerToken(token)
        .json({ ids: [affiliate.id, other.id], managerId: second.user.id })
    ).assertStatus(200)
    assert.deepEqual(await assigned(first.user.id), [unmanaged.id])
    assert.deepEqual(await assigned(second.user.id), [affiliate.id, other.id])
    ;(
      await client
        .post(`${AFFILIATES}/manager`)
        .bearerToken(token)
        .json({ ids: [other.id], managerId: null })
    ).assertStatus(200)
    assert.deepEqual(await assigned(second.user.id), [affiliate.id])
    assert.isNull((await read(client, token, other.id)).managerId)

    // An assignment made on the team-members screen stays when the manager moves away.
    const onPurpose = (memberId: number, ids: number[]) =>
      client.post(`/api/v1/team-members/${memberId}/affiliates`).bearerToken(token).json({ affiliateIds: ids })
    ;(await onPurpose(second.user.id, [affiliate.id])).assertStatus(200)
    ;(
      await client.patch(`${AFFILIATES}/${affiliate.id}`).bearerToken(token).json({ managerId: first.user.id })
    ).assertStatus(200)
    assert.deepEqual(await assigned(second.user.id), [affiliate.id])
    // …also when the manager field came first and the screen confirmed it later.
    assert.deepEqual(await assigned(first.user.id), [unmanaged.id, affiliate.id])
    ;(await onPurpose(first.user.id, [affiliate.id])).assertStatus(200)
    ;(await client.patch(`${AFFILIATES}/${affiliate.id}`).bearerToken(token).json({ managerId: null })).assertStatus(
      200
    )
    assert.deepEqual(await assigned(first.user.id), [unmanaged.id, affiliate.id])
    // The affiliate assigned on purpose at the start keeps its member through a manager round trip.
    ;(
      await client.patch(`${AFFILIATES}/${unmanaged.id}`).bearerToken(token).json({ managerId: first.user.id })
    ).assertStatus(200)
    ;(
      await client.patch(`${AFFILIATES}/${unmanaged.id}`).bearerToken(token).json({ managerId: second.user.id })
    ).assertStatus(200)
    assert.deepEqual(await assigned(first.user.id), [unmanaged.id, affiliate.id])
    assert.deepEqual(await assigned(second.user.id), [unmanaged.id, affiliate.id])
  })
})
