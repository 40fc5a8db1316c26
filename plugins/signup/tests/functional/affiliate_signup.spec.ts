import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant, startSmtpServer } from '@affix/core/testing'

const SETTINGS = '/api/v1/signup/settings'
const signupPath = (orgId: number, campaignId?: number) =>
  `/api/v1/signup/affiliate/${orgId}${campaignId ? `/${campaignId}` : ''}`
const newEmail = () => `aff-${randomUUID()}@signup.affix.dev`
/** The Subject header, unfolded (long headers are wrapped over several lines). */
const subjectOf = (mail: { raw: string }) =>
  /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1].replace(/\r?\n(?=[ \t])/g, '')
const count = async (table: string) => Number((await db.from(table).count('* as n'))[0].n)

const FIELDS = [
  {
    name: 'website',
    label: 'Website',
    type: 'text',
    required: true,
    validation: { enabled: true, type: 'min', value: 5 },
  },
  {
    name: 'nickname',
    label: 'Nickname',
    type: 'text',
    validation: { enabled: true, type: 'max', value: 10, message: 'Keep the nickname short' },
  },
  { name: 'traffic', label: 'Monthly traffic', type: 'numeric' },
  { name: 'city', label: 'City', type: 'alphabets' },
  { name: 'partner_code', label: 'Partner code', type: 'text', validation: { enabled: true, type: 'alphanumeric' } },
  { name: 'channel', label: 'Channel', type: 'select', required: true, options: ['SEO', 'Social'] },
  { name: 'internal_note', label: 'Internal', type: 'text', hidden: true, required: true },
  { name: 'id_document', label: 'ID document', type: 'file' },
]
const ANSWERS = {
  website: 'https://blog.example',
  nickname: 'ana',
  traffic: 12000,
  city: 'São Paulo',
  partner_code: 'AB12',
  channel: 'SEO',
  id_document: 'uploads/doc-1.pdf',
}

const person = (extra: Record<string, unknown> = {}) => ({
  name: 'Ana Affiliate',
  email: newEmail(),
  password: 'Strong#2026',
  passwordConfirmation: 'Strong#2026',
  acceptTerms: true,
  fields: ANSWERS,
  ...extra,
})

/** A campaign of the organisation (active and public unless told otherwise); only the table is needed. */
async function insertCampaign(organizationId: number, extra: Record<string, unknown> = {}) {
  const [brand] = await db
    .insertQuery()
    .table('brands')
    .insert({ organization_id: organizationId, name: `Brand ${randomUUID().slice(0, 6)}` })
    .returning('id')
  const [row] = await db
    .insertQuery()
    .table('campaigns')
    .insert({
      organization_id: organizationId,
      brand_id: Number(brand.id),
      title: 'Welcome CPA',
      default_url: 'https://lucky.example/?c={click_id}',
      currency: 'USD',
      ...extra,
    })
    .returning('id')
  return Number(row.id)
}

/** An organisation (with an active admin) whose signup form has the fields above. */
async function organization(client: ApiClient, autoApprove: boolean) {
  const tenant = await createTenant('admin', `Signup Org ${randomUUID().slice(0, 6)}`)
  ;(await client.put(SETTINGS).bearerToken(tenant.token).json({ autoApprove, fields: FIELDS })).assertStatus(200)
  return tenant
}

test.group('signup settings (admin)', () => {
  test('an admin reads the defaults, replaces them, and the change is on the timeline', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const initial = await client.get(SETTINGS).bearerToken(token)
    initial.assertStatus(200)
    assert.deepEqual(initial.body().data, { autoApprove: false, fields: [] })

    const saved = await client.put(SETTINGS).bearerToken(token).json({ autoApprove: true, fields: FIELDS })
    saved.assertStatus(200)
    const channel = saved.body().data.fields.find((field: any) => field.name === 'channel')
    assert.deepEqual(channel, {
      name: 'channel',
      label: 'Channel',
      type: 'select',
      required: true,
      hidden: false,
      options: ['SEO', 'Social'],
      validation: null,
    })
    const website = saved.body().data.fields.find((field: any) => field.name === 'website')
    assert.deepEqual(website.validation, { enabled: true, type: 'min', value: 5, message: null })
    assert.deepEqual((await client.get(SETTINGS).bearerToken(token)).body().data, saved.body().data)
    const entry = await db
      .from('organization_timeline')
      .where({ organization_id: org.id, action: 'organization.signup_settings_changed' })
      .first()
    assert.equal(entry.changes.to.fields.length, FIELDS.length)
    assert.isFalse(entry.changes.from.autoApprove)
    // Saving the same again records nothing new.
    await client.put(SETTINGS).bearerToken(token).json({ autoApprove: true, fields: FIELDS })
    assert.equal(
      Number(
        (
          await db
            .from('organization_timeline')
            .where({ organization_id: org.id, action: 'organization.signup_settings_changed' })
            .count('* as n')
        )[0].n
      ),
      1
    )
  })

  test('affiliates and sub-admins cannot read or change them', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const { token: affiliate } = await addUser(org.id, 'affiliate')
    const { token: subAdmin } = await addUser(org.id, 'sub-admin')
    for (const caller of [affiliate, subAdmin]) {
      ;(await client.get(SETTINGS).bearerToken(caller)).assertStatus(403)
      ;(await client.put(SETTINGS).bearerToken(caller).json({ autoApprove: true, fields: [] })).assertStatus(403)
    }
    ;(await client.get(SETTINGS)).assertStatus(401)
    assert.deepEqual((await client.get(SETTINGS).bearerToken(token)).body().data, { autoApprove: false, fields: [] })
  })

  test('every settings rule refuses with its message in en and pt and changes nothing', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const field = (extra: Record<string, unknown>) => ({ name: 'site', label: 'Site', type: 'text', ...extra })
    const cases: Array<[unknown, string, string, string]> = [
      [
        [field({ name: 'Bad Name' })],
        'fields.0.name',
        'Field names may contain only lowercase letters, numbers and underscores',
        'Os nomes dos campos podem conter apenas letras minúsculas, números e sublinhados',
      ],
      [
        [field({ name: 'x'.repeat(65) })],
        'fields.0.name',
        'Name must be at most 64 characters',
        'Nome deve ter no máximo 64 caracteres',
      ],
      [
        [field({}), field({ label: 'Again' })],
        'fields',
        'Field names must be unique',
        'Os nomes dos campos devem ser únicos',
      ],
      [
        Array.from({ length: 51 }, (_, index) => field({ name: `f${index}` })),
        'fields',
        'A form has at most 50 fields',
        'Um formulário tem no máximo 50 campos',
      ],
      [[field({ type: 'date' })], 'fields.0.type', 'Please select a value', 'Por favor, selecione um valor'],
      [
        [field({ label: 'l'.repeat(351) })],
        'fields.0.label',
        'Label must be at most 350 characters',
        'Rótulo deve ter no máximo 350 caracteres',
      ],
      [[field({ label: '' })], 'fields.0.label', 'Label is required', 'Rótulo é obrigatório'],
      [
        [field({ type: 'select' })],
        'fields.0.options',
        'A select field needs at least one option',
        'Um campo de seleção precisa de pelo menos uma opção',
      ],
      [
        [field({ options: ['a'] })],
        'fields.0.options',
        'Only select fields have options',
        'Somente campos de seleção têm opções',
      ],
      [
        [field({ type: 'select', options: Array.from({ length: 101 }, (_, index) => `o${index}`) })],
        'fields.0.options',
        'A select field has at most 100 options',
        'Um campo de seleção tem no máximo 100 opções',
      ],
      [
        [field({ type: 'select', options: ['a', 'a'] })],
        'fields.0.options',
        'Options must be unique',
        'As opções devem ser únicas',
      ],
      [
        [field({ validation: { enabled: true, type: 'min' } })],
        'fields.0.validation.value',
        'Min and max validations need a value',
        'As validações de mínimo e máximo precisam de um valor',
      ],
      [
        [field({ validation: { enabled: true, type: 'max', value: 1.5 } })],
        'fields.0.validation.value',
        'Value must be an integer',
        'Valor deve ser um número inteiro',
      ],
      [
        [field({ validation: { enabled: true, type: 'regex' } })],
        'fields.0.validation.type',
        'Please select a value',
        'Por favor, selecione um valor',
      ],
      [
        [field({ validation: { enabled: true, type: 'numeric', message: 'm'.repeat(351) } })],
        'fields.0.validation.message',
        'Message must be at most 350 characters',
        'Mensagem deve ter no máximo 350 caracteres',
      ],
      ['nope', 'fields', 'Form fields must be a list', 'Campos do formulário deve ser uma lista'],
    ]
    for (const [fields, path, english, portuguese] of cases) {
      for (const [language, expected] of [
        ['en', english],
        ['pt', portuguese],
      ]) {
        const response = await client
          .put(SETTINGS)
          .bearerToken(token)
          .header('accept-language', language)
          .json({ autoApprove: true, fields })
        response.assertStatus(422)
        assert.equal(response.body().error.message, expected, `${path} (${language})`)
        assert.equal(response.body().error.fields[0].field, path)
      }
    }
    const missing = await client.put(SETTINGS).bearerToken(token).json({ fields: [] })
    assert.equal(missing.body().error.message, 'Auto approve is required')
    assert.deepEqual((await db.from('organizations').where('id', org.id).first()).signup_settings, {
      autoApprove: false,
      fields: [],
    })
    assert.equal(
      Number(
        (
          await db
            .from('organization_timeline')
            .where({ organization_id: org.id, action: 'organization.signup_settings_changed' })
            .count('* as n')
        )[0].n
      ),
      0
    )
  })
})

test.group('affiliate and brand signup, with mail through a real SMTP server', (group) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  group.setup(async () => {
    smtp = await startSmtpServer()
    process.env.SMTP_URL = smtp.url
    return async () => {
      delete process.env.SMTP_URL
      await smtp.close()
    }
  })
  const mailTo = (email: string) => smtp.inbox.filter((mail) => mail.to.includes(email))

  test('the form shows the organisation, theme colour and visible fields; unknown ones are 404', async ({
    client,
    assert,
  }) => {
    const { org } = await organization(client, false)
    await db
      .from('organizations')
      .where('id', org.id)
      .update({ preferences: JSON.stringify({ themeColor: '#112233' }) })
    const form = await client.get(signupPath(org.id))
    form.assertStatus(200)
    const data = form.body().data
    assert.include(data, {
      type: 'affiliate',
      organizationId: org.id,
      organizationName: org.name,
      themeColor: '#112233',
      campaignId: null,
    })
    assert.deepEqual(
      data.fields.map((field: any) => field.name),
      ['website', 'nickname', 'traffic', 'city', 'partner_code', 'channel', 'id_document']
    )
    assert.deepEqual(data.fields.find((field: any) => field.name === 'nickname').validation, {
      type: 'max',
      value: 10,
      message: 'Keep the nickname short',
    })

    const open = await insertCampaign(org.id)
    const campaign = await client.get(signupPath(org.id, open))
    assert.equal(campaign.body().data.campaignId, open)
    const typed = await client.get(`/api/v1/signup/affiliate/${org.id}`)
    assert.equal(typed.body().data.type, 'affiliate')
    const brand = await client.get(`/api/v1/signup/brand/${org.id}`)
    brand.assertStatus(200)
    assert.include(brand.body().data, { type: 'brand', organizationName: org.name })
    assert.deepEqual(brand.body().data.fields, [])
    // Defaults: theme colour purple.
    const { org: plain } = await createTenant('admin')
    assert.equal((await client.get(signupPath(plain.id))).body().data.themeColor, 'purple')

    for (const path of [
      signupPath(999999),
      '/api/v1/signup/affiliate/abc',
      `/api/v1/signup/affiliate/${org.id}/0`,
      `/api/v1/signup/publisher/${org.id}`,
    ]) {
      const response = await client.get(path)
      response.assertStatus(404)
      assert.equal(response.body().error.message, 'Sorry, the page you visited does not exist.')
    }
    ;(await client.post(`/api/v1/signup/publisher/${org.id}`).json(person())).assertStatus(404)
  })

  test('auto approve on: an active affiliate with a session; answers and campaign kept; mails sent', async ({
    client,
    assert,
  }) => {
    const { org, user: admin } = await organization(client, true)
    const { user: disabledAdmin } = await addUser(org.id, 'admin', 'disabled')
    const body = person({ phone: '+90 532 123 45 67' })
    const seven = await insertCampaign(org.id)
    const response = await client.post(signupPath(org.id, seven)).json(body)
    response.assertStatus(201)
    const data = response.body().data
    assert.include(data, {
      organizationId: org.id,
      role: 'affiliate',
      status: 'active',
      message: `Welcome to ${org.name}! Your account is active.`,
    })
    assert.equal(data.session.user.id, data.id)
    const account = await client.get('/api/v1/account').bearerToken(data.session.token)
    account.assertStatus(200)
    assert.equal(account.body().data.user.role, 'affiliate')

    const row = await db.from('users').where('id', data.id).first()
    assert.include(row, {
      organization_id: org.id,
      role: 'affiliate',
      status: 'active',
      phone: '+90 532 123 45 67',
      owner: false,
    })
    assert.deepEqual(row.signup_details, {
      answers: {
        website: 'https://blog.example',
        nickname: 'ana',
        traffic: '12000',
        city: 'São Paulo',
        partner_code: 'AB12',
        channel: 'SEO',
        id_document: 'uploads/doc-1.pdf',
      },
      campaignId: seven,
    })
    assert.notEqual(row.password, body.password)

    const [welcome] = mailTo(body.email)
    assert.equal(subjectOf(welcome), `Welcome to ${org.name}`)
    assert.include(welcome.text, `Your affiliate account at ${org.name} is active.`)
    const [note] = mailTo(admin.email)
    assert.equal(subjectOf(note), `New affiliate signup: ${body.email}`)
    assert.include(note.text, 'Status: active (auto approved).')
    assert.lengthOf(mailTo(disabledAdmin.email), 0)
    const entry = await db
      .from('organization_timeline')
      .where({ organization_id: org.id, action: 'registration.affiliate_signed_up' })
      .first()
    assert.equal(entry.changes.userId, data.id)
  })

  test('auto approve off: pending, no session, login refused; mails say so (in pt when asked)', async ({
    client,
    assert,
  }) => {
    const { org, user: admin } = await organization(client, false)
    const body = person()
    const response = await client.post(signupPath(org.id)).header('accept-language', 'pt').json(body)
    response.assertStatus(201)
    const data = response.body().data
    assert.include(data, {
      status: 'pending',
      message: `Obrigado por se cadastrar em ${org.name}. Sua conta está aguardando aprovação.`,
    })
    assert.isNull(data.session)
    assert.equal(Number((await db.from('auth_access_tokens').where('tokenable_id', data.id).count('* as n'))[0].n), 0)
    const login = await client.post('/api/v1/auth/login').json({ email: body.email, password: body.password })
    login.assertStatus(403)
    assert.equal(login.body().type, 'account_inactive')

    assert.include(mailTo(body.email)[0].text, 'Sua conta está aguardando aprovação')
    // The admin reads it in their own language (the organisation's: en).
    assert.include(mailTo(admin.email)[0].text, 'Status: waiting for your approval.')
  })

  test('custom field rules refuse with their messages in en and pt and write nothing', async ({ client, assert }) => {
    const { org } = await organization(client, true)
    const before = await count('users')
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ website: undefined }, 'fields.website', 'Website is required', 'Website é obrigatório'],
      [{ website: '   ' }, 'fields.website', 'Website is required', 'Website é obrigatório'],
      [
        { website: 'abc' },
        'fields.website',
        'Website must be at least 5 characters',
        'Website deve ter pelo menos 5 caracteres',
      ],
      [{ nickname: 'much-too-long-nickname' }, 'fields.nickname', 'Keep the nickname short', 'Keep the nickname short'],
      [
        { traffic: '12k' },
        'fields.traffic',
        'Monthly traffic must contain only numbers',
        'Monthly traffic deve conter apenas números',
      ],
      [
        { traffic: -5 },
        'fields.traffic',
        'Monthly traffic must contain only numbers',
        'Monthly traffic deve conter apenas números',
      ],
      [{ city: 'Rio 2' }, 'fields.city', 'City must contain only letters', 'City deve conter apenas letras'],
      [
        { partner_code: 'AB-12' },
        'fields.partner_code',
        'Partner code must contain only letters and numbers',
        'Partner code deve conter apenas letras e números',
      ],
      [{ channel: 'Email' }, 'fields.channel', 'Please select a value', 'Por favor, selecione um valor'],
      [{ channel: undefined }, 'fields.channel', 'Channel is required', 'Channel é obrigatório'],
      [
        { id_document: { path: 'x' } },
        'fields.id_document',
        'ID document must be valid',
        'ID document deve ser válido',
      ],
      [
        { website: 'w'.repeat(351) },
        'fields.website',
        'Website must be at most 350 characters',
        'Website deve ter no máximo 350 caracteres',
      ],
      [
        { favourite_colour: 'blue' },
        'fields.favourite_colour',
        'favourite_colour is not a field of this form',
        'favourite_colour não é um campo deste formulário',
      ],
      [
        { internal_note: 'sneaky' },
        'fields.internal_note',
        'internal_note is not a field of this form',
        'internal_note não é um campo deste formulário',
      ],
    ]
    for (const [change, path, english, portuguese] of cases) {
      for (const [language, expected] of [
        ['en', english],
        ['pt', portuguese],
      ]) {
        const response = await client
          .post(signupPath(org.id))
          .header('accept-language', language)
          .json(person({ fields: { ...ANSWERS, ...change } }))
        response.assertStatus(422)
        assert.equal(response.body().error.message, expected, `${path} (${language})`)
        assert.equal(response.body().error.fields[0].field, path)
      }
    }
    // The form's own fields and the custom fields are reported together.
    const both = await client
      .post(signupPath(org.id))
      .json(person({ password: 'weak', passwordConfirmation: 'weak', fields: { website: 'abc' } }))
    assert.deepEqual(
      both.body().error.fields.map((field: any) => field.field),
      ['password', 'fields.website', 'fields.channel']
    )
    const notAnObject = await client.post(signupPath(org.id)).json(person({ fields: 'x' }))
    assert.equal(notAnObject.body().error.message, 'Form fields must be valid')
    assert.equal(await count('users'), before)
  })

  test('the form fields refuse with their messages in en and pt; an address of this organisation is taken', async ({
    client,
    assert,
  }) => {
    const { org, user: admin } = await organization(client, true)
    const before = await count('users')
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [
        { password: 'short#1', passwordConfirmation: 'short#1' },
        'password',
        'Password must be 8 to 32 characters with at least one letter, one number and one special character (#?!@$%^&*-)',
        'A senha deve ter de 8 a 32 caracteres, com pelo menos uma letra, um número e um caractere especial (#?!@$%^&*-)',
      ],
      [
        { passwordConfirmation: 'Other#2026' },
        'passwordConfirmation',
        'Passwords must match',
        'As senhas devem coincidir',
      ],
      [{ phone: 'call me' }, 'phone', 'Invalid phone number', 'Número de telefone inválido'],
      [{ acceptTerms: false }, 'acceptTerms', 'Terms must be accepted', 'Os termos devem ser aceitos'],
      [{ acceptTerms: undefined }, 'acceptTerms', 'Terms must be accepted', 'Os termos devem ser aceitos'],
      [
        { name: 'n'.repeat(351) },
        'name',
        'Name must be at most 350 characters',
        'Nome deve ter no máximo 350 caracteres',
      ],
      [{ email: admin.email.toUpperCase() }, 'email', 'Username is already taken', 'O nome de usuário já está em uso'],
    ]
    for (const [change, field, english, portuguese] of cases) {
      for (const [language, expected] of [
        ['en', english],
        ['pt', portuguese],
      ]) {
        const response = await client.post(signupPath(org.id)).header('accept-language', language).json(person(change))
        response.assertStatus(422)
        assert.equal(response.body().error.message, expected, `${field} (${language})`)
        assert.equal(response.body().error.fields[0].field, field)
      }
    }
    assert.equal(await count('users'), before)
    assert.lengthOf(mailTo(admin.email), 0)
  })

  test('the same person at a second organisation: a panel of its own, whatever the password; panels elsewhere are neither revealed nor lent', async ({
    client,
    assert,
  }) => {
    const { org: first } = await organization(client, true)
    const { org: second } = await organization(client, true)
    const body = person()
    const firstPanel = (await client.post(signupPath(first.id)).json(body)).body().data
    assert.equal(firstPanel.status, 'active')

    // Another password at the second organisation: a panel of its own, not "taken", and its
    // session shows no other organisation.
    const secondSignup = await client
      .post(signupPath(second.id))
      .json({ ...body, email: body.email.toUpperCase(), password: 'Other#2026', passwordConfirmation: 'Other#2026' })
    secondSignup.assertStatus(201)
    const secondPanel = secondSignup.body().data
    assert.equal(secondPanel.organizationId, second.id)
    assert.deepEqual(
      secondPanel.session.panels.map((panel: any) => panel.organizationId),
      [second.id]
    )
    const rows = await db.from('users').whereRaw('lower(email) = ?', [body.email.toLowerCase()]).orderBy('id')
    assert.lengthOf(rows, 2)
    assert.notEqual(rows[1].password, rows[0].password)

    // Each password opens its own panel only.
    const firstLogin = await client.post('/api/v1/auth/login').json({ email: body.email, password: body.password })
    assert.equal(firstLogin.body().data.org.id, first.id)
    ;(
      await client
        .post('/api/v1/auth/login')
        .json({ email: body.email, password: body.password, organizationId: second.id })
    ).assertStatus(401)
    const secondLogin = await client
      .post('/api/v1/auth/login')
      .json({ email: body.email, password: 'Other#2026', organizationId: second.id })
    secondLogin.assertStatus(200)
    assert.equal(secondLogin.body().data.user.id, secondPanel.id)
    const firstToken = firstLogin.body().data.token
    ;(await client.post(`/api/v1/auth/panels/${secondPanel.id}/switch`).bearerToken(firstToken)).assertStatus(404)

    // A reset link mailed to the address proves it: both panels get the new password and
    // become one credential the person switches between.
    ;(await client.post('/api/v1/auth/password/forgot').json({ email: body.email })).assertStatus(200)
    const link = /\/password\/reset\/([\w-]+)/.exec(mailTo(body.email).at(-1)!.text)![1]
    ;(
      await client
        .post('/api/v1/auth/password/reset')
        .json({ code: link, password: 'United#2026', passwordConfirmation: 'United#2026' })
    ).assertStatus(200)
    const united = await client
      .post('/api/v1/auth/login')
      .json({ email: body.email, password: 'United#2026', organizationId: second.id })
    united.assertStatus(200)
    const panels = await client.get('/api/v1/auth/panels').bearerToken(united.body().data.token)
    assert.sameMembers(
      panels.body().data.map((panel: any) => panel.organizationId),
      [first.id, second.id]
    )

    // Signing up again where the person already has a panel: taken.
    const again = await client.post(signupPath(second.id)).json(body)
    again.assertStatus(422)
    assert.equal(again.body().error.message, 'Username is already taken')
  })

  test('a campaign link names an active public campaign of the organisation; anything else is 404 and writes nothing', async ({
    client,
    assert,
  }) => {
    const { org } = await organization(client, true)
    const { org: other } = await organization(client, true)
    const open = await insertCampaign(org.id)
    const cases = [
      await insertCampaign(other.id),
      await insertCampaign(org.id, { visibility: 'private' }),
      await insertCampaign(org.id, { status: 'paused' }),
      await insertCampaign(org.id, { deleted_at: new Date() }),
      999999,
    ]
    const before = await count('users')
    for (const campaignId of cases) {
      const form = await client.get(signupPath(org.id, campaignId)).header('accept-language', 'pt')
      form.assertStatus(404)
      assert.equal(form.body().error.message, 'Esta campanha não existe ou não aceita cadastros.')
      const signup = await client.post(signupPath(org.id, campaignId)).json(person())
      signup.assertStatus(404)
      assert.equal(signup.body().error.message, 'This campaign does not exist or does not take signups.')
    }
    assert.equal(await count('users'), before)
    const accepted = await client.post(signupPath(org.id, open)).json(person())
    accepted.assertStatus(201)
    const row = await db.from('users').where('id', accepted.body().data.id).first()
    assert.equal(row.signup_details.campaignId, open)
  })

  test('a brand signs up pending (even with auto approve); the admin is told; custom fields are not its form', async ({
    client,
    assert,
  }) => {
    const { org, user: admin } = await organization(client, true)
    const body = person({ fields: undefined, name: 'Bet Brand' })
    const response = await client.post(`/api/v1/signup/brand/${org.id}`).json(body)
    response.assertStatus(201)
    assert.include(response.body().data, { role: 'brand', status: 'pending' })
    assert.isNull(response.body().data.session)
    const row = await db.from('users').where('id', response.body().data.id).first()
    assert.include(row, { role: 'brand', status: 'pending' })
    assert.include(mailTo(body.email)[0].text, `Thanks for signing up as an advertiser at ${org.name}`)
    const note = mailTo(admin.email)[0]
    assert.equal(subjectOf(note), `New brand signup: ${body.email}`)
    assert.include(note.text, 'Bet Brand')

    const withFields = await client.post(`/api/v1/signup/brand/${org.id}`).json(person({ name: 'Other Brand' }))
    withFields.assertStatus(422)
    assert.equal(withFields.body().error.fields[0].field, 'fields.website')
    assert.equal(withFields.body().error.message, 'website is not a field of this form')
  })

  test('signups are rate limited per address', async ({ client, assert }) => {
    const { org } = await organization(client, false)
    const body = person()
    ;(await client.post(signupPath(org.id)).json(body)).assertStatus(201)
    for (let attempt = 0; attempt < 4; attempt++) (await client.post(signupPath(org.id)).json(body)).assertStatus(422)
    const limited = await client.post(signupPath(org.id)).json(body)
    limited.assertStatus(429)
    assert.equal(
      limited.body().error.message,
      "Hold up! Looks like you've been moving too fast. Why not take a sip of coffee and wait a moment before trying again?"
    )
  })
})

test.group('signup plugin switched off', () => {
  test('the forms answer 404, nobody can sign up, the login page offers no link; on again, all is back', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin', `Signup Off ${randomUUID().slice(0, 6)}`)
    const meta = async () =>
      (await client.get(`/api/v1/auth/meta?orgId=${org.id}`)).body().data.affiliateSignupUrl as string | null
    assert.match((await meta())!, new RegExp(`/register/affiliate/${org.id}$`))
    ;(await client.patch('/api/v1/plugins/signup').bearerToken(token).json({ enabled: false })).assertStatus(200)
    const before = await count('users')
    ;(await client.get(signupPath(org.id))).assertStatus(404)
    ;(await client.get(`/api/v1/signup/brand/${org.id}`)).assertStatus(404)
    ;(await client.post(signupPath(org.id)).json(person())).assertStatus(404)
    ;(await client.get(SETTINGS).bearerToken(token)).assertStatus(404)
    assert.equal(await count('users'), before)
    assert.isNull(await meta())
    ;(await client.patch('/api/v1/plugins/signup').bearerToken(token).json({ enabled: true })).assertStatus(200)
    ;(await client.get(signupPath(org.id))).assertStatus(200)
    assert.match((await meta())!, new RegExp(`/register/affiliate/${org.id}$`))
  })
})
