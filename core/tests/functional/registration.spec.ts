import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createTenant } from '#tests/helpers/fixtures'
import { startSmtpServer } from '#tests/helpers/smtp'

const REGISTER = '/api/v1/auth/register'
const tokenFrom = (text: string) => /\/auth\/verify\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1]
const newEmail = () => `owner-${randomUUID()}@register.affix.dev`
const valid = (extra: Record<string, unknown> = {}) => ({
  organizationName: 'Acme Network',
  name: 'Ana Owner',
  email: newEmail(),
  password: 'Strong#2026',
  passwordConfirmation: 'Strong#2026',
  phone: '+55 11 91234-5678',
  acceptTerms: true,
  ...extra,
})
const count = async (table: string) => Number((await db.from(table).count('* as n'))[0].n)

test.group('organisation registration, with mail through a real SMTP server', (group) => {
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

  test('register → activation mail → verify → logged in, onboarding pending', async ({ client, assert }) => {
    const body = valid()
    const registered = await client.post(REGISTER).json(body)
    registered.assertStatus(201)
    assert.equal(
      registered.body().data.message,
      `Thanks for registering! We sent a link to ${body.email} to activate your account. It works once, for 24 hours.`
    )
    assert.notProperty(registered.body().data, 'token')

    const user = await db.from('users').where('email', body.email).first()
    assert.include(user, {
      role: 'admin',
      status: 'pending',
      owner: true,
      phone: '+55 11 91234-5678',
      name: 'Ana Owner',
    })
    assert.isNull(user.email_verified_at)
    assert.notEqual(user.password, body.password)
    const org = await db.from('organizations').where('id', user.organization_id).first()
    assert.include(org, { name: 'Acme Network', type: 'parent', panel_type: 'network', onboarding_pending: true })
    assert.equal(org.preferences.language, 'en')
    assert.deepEqual(org.signup_settings, { autoApprove: false, fields: [] })

    // Not active yet: login is refused.
    const early = await client.post('/api/v1/auth/login').json({ email: body.email, password: body.password })
    early.assertStatus(403)
    assert.equal(early.body().type, 'account_inactive')

    const [mail] = mailTo(body.email)
    assert.include(mail.raw, 'Subject: Activate your Affix account')
    const token = tokenFrom(mail.text)!
    assert.exists(token)
    const stored = await db.from('verification_tokens').where('user_id', user.id).first()
    assert.equal(stored.purpose, 'account')
    assert.notEqual(stored.token_hash, token)
    assert.notInclude(JSON.stringify(stored), token)
    const hoursValid = (new Date(stored.expires_at).getTime() - Date.now()) / 3_600_000
    assert.isAbove(hoursValid, 23.9)
    assert.isAtMost(hoursValid, 24)

    const verified = await client.post('/api/v1/auth/verify').json({ token })
    verified.assertStatus(200)
    const session = verified.body().data
    assert.equal(session.type, 'bearer')
    assert.equal(session.user.status, 'active')
    assert.isTrue(session.onboardingPending)

    const account = await client.get('/api/v1/account').bearerToken(session.token)
    account.assertStatus(200)
    assert.isTrue(account.body().data.onboardingPending)
    assert.equal(account.body().data.org.name, 'Acme Network')
    const after = await db.from('users').where('id', user.id).first()
    assert.equal(after.status, 'active')
    assert.isNotNull(after.email_verified_at)
    ;(await client.post('/api/v1/auth/login').json({ email: body.email, password: body.password })).assertStatus(200)
  })

  test('the mail and the organisation speak the chosen language', async ({ client, assert }) => {
    const body = valid({ language: 'pt' })
    const registered = await client.post(REGISTER).header('accept-language', 'pt').json(body)
    registered.assertStatus(201)
    assert.match(registered.body().data.message, /^Obrigado por se cadastrar!/)
    const [mail] = mailTo(body.email)
    assert.include(mail.text, 'Bem-vindo ao Affix! Ative sua conta')
    const user = await db.from('users').where('email', body.email).first()
    assert.equal(user.locale, 'pt')
    assert.equal((await db.from('organizations').where('id', user.organization_id).first()).preferences.language, 'pt')

    // Turkish from the request language when none is given.
    const turkish = valid()
    ;(await client.post(REGISTER).header('accept-language', 'tr').json(turkish)).assertStatus(201)
    assert.include(mailTo(turkish.email)[0].text, 'Hesabınızı etkinleştirip')
  })

  test('the organisation keeps the time zone chosen at registration; an unknown zone is refused', async ({
    client,
    assert,
  }) => {
    const body = valid({ timezone: 'America/Sao_Paulo' })
    ;(await client.post(REGISTER).json(body)).assertStatus(201)
    const user = await db.from('users').where('email', body.email).first()
    const org = await db.from('organizations').where('id', user.organization_id).first()
    assert.equal(org.preferences.timezone, 'America/Sao_Paulo')

    const before = await count('organizations')
    const unknown = await client
      .post(REGISTER)
      .header('accept-language', 'pt')
      .json(valid({ timezone: 'Mars/Olympus_Mons' }))
    unknown.assertStatus(422)
    assert.include(unknown.body().error.fields[0], {
      field: 'timezone',
      rule: 'in',
      message: 'Por favor, selecione um valor',
    })
    assert.equal(await count('organizations'), before)
  })

  test('an address with panels elsewhere neither shows nor blocks: the same answer, a mail, a panel of its own', async ({
    client,
    assert,
  }) => {
    const existing = await createTenant('affiliate')
    const fresh = await client.post(REGISTER).json(valid())
    const known = await client
      .post(REGISTER)
      .json(
        valid({ email: existing.user.email.toUpperCase(), password: 'Mine#2026x', passwordConfirmation: 'Mine#2026x' })
      )
    known.assertStatus(201)
    assert.equal(fresh.status(), known.status())
    assert.deepEqual(Object.keys(known.body().data), Object.keys(fresh.body().data))
    assert.equal(
      known.body().data.message,
      `Thanks for registering! We sent a link to ${existing.user.email.toLowerCase()} to activate your account. It works once, for 24 hours.`
    )
    // The person gets the activation mail; the panel they had keeps its own password.
    const token = tokenFrom(mailTo(existing.user.email.toLowerCase()).at(-1)!.text)!
    ;(
      await client
        .post('/api/v1/auth/login')
        .json({ email: existing.user.email, password: existing.password, organizationId: existing.org.id })
    ).assertStatus(200)
    const verified = await client.post('/api/v1/auth/verify').json({ token })
    verified.assertStatus(200)
    const session = verified.body().data
    assert.notEqual(session.org.id, existing.org.id)
    // The new panel shows no other organisation and cannot open the existing panel.
    assert.deepEqual(
      session.panels.map((panel: any) => panel.organizationId),
      [session.org.id]
    )
    ;(await client.post(`/api/v1/auth/panels/${existing.user.id}/switch`).bearerToken(session.token)).assertStatus(404)
    ;(
      await client
        .post('/api/v1/auth/login')
        .json({ email: existing.user.email, password: 'Mine#2026x', organizationId: existing.org.id })
    ).assertStatus(401)
  })

  test('every rule refuses with its message in en and pt, and writes nothing', async ({ client, assert }) => {
    const before = [await count('organizations'), await count('users'), await count('verification_tokens')]
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [
        { password: 'weak', passwordConfirmation: 'weak' },
        'password',
        'Password must be 8 to 32 characters with at least one letter, one number and one special character (#?!@$%^&*-)',
        'A senha deve ter de 8 a 32 caracteres, com pelo menos uma letra, um número e um caractere especial (#?!@$%^&*-)',
      ],
      [
        { password: 'NoSpecial2026', passwordConfirmation: 'NoSpecial2026' },
        'password',
        'Password must be 8 to 32 characters with at least one letter, one number and one special character (#?!@$%^&*-)',
        'A senha deve ter de 8 a 32 caracteres, com pelo menos uma letra, um número e um caractere especial (#?!@$%^&*-)',
      ],
      [
        { password: 'Strong#2026' + 'x'.repeat(30), passwordConfirmation: 'Strong#2026' + 'x'.repeat(30) },
        'password',
        'Password must be 8 to 32 characters with at least one letter, one number and one special character (#?!@$%^&*-)',
        'A senha deve ter de 8 a 32 caracteres, com pelo menos uma letra, um número e um caractere especial (#?!@$%^&*-)',
      ],
      [
        { passwordConfirmation: 'Strong#2027' },
        'passwordConfirmation',
        'Passwords must match',
        'As senhas devem coincidir',
      ],
      [{ phone: '12ab' }, 'phone', 'Invalid phone number', 'Número de telefone inválido'],
      [{ acceptTerms: false }, 'acceptTerms', 'Terms must be accepted', 'Os termos devem ser aceitos'],
      [{ acceptTerms: undefined }, 'acceptTerms', 'Terms must be accepted', 'Os termos devem ser aceitos'],
      [
        { organizationName: 'x'.repeat(351) },
        'organizationName',
        'Organisation name must be at most 350 characters',
        'Nome da organização deve ter no máximo 350 caracteres',
      ],
      [
        { organizationName: '' },
        'organizationName',
        'Organisation name is required',
        'Nome da organização é obrigatório',
      ],
      [
        { name: 'y'.repeat(351) },
        'name',
        'Name must be at most 350 characters',
        'Nome deve ter no máximo 350 caracteres',
      ],
      [{ email: 'not-an-email' }, 'email', 'Email must be a valid email address', 'E-mail deve ser um e-mail válido'],
      [{ language: 'de' }, 'language', 'Please select a value', 'Por favor, selecione um valor'],
    ]
    for (const [change, field, english, portuguese] of cases) {
      for (const [language, expected] of [
        ['en', english],
        ['pt', portuguese],
      ]) {
        const response = await client.post(REGISTER).header('accept-language', language).json(valid(change))
        response.assertStatus(422)
        assert.equal(response.body().error.message, expected, `${JSON.stringify(change).slice(0, 60)} (${language})`)
        assert.equal(response.body().error.fields[0].field, field)
      }
    }
    // Exactly 350 characters is fine.
    ;(
      await client.post(REGISTER).json(valid({ organizationName: 'o'.repeat(350), name: 'n'.repeat(350) }))
    ).assertStatus(201)
    const after = [await count('organizations'), await count('users'), await count('verification_tokens')]
    assert.deepEqual(
      after,
      before.map((n) => n + 1)
    )
  })
})
