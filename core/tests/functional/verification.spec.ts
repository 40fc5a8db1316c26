import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant } from '#tests/helpers/fixtures'
import { startSmtpServer } from '#tests/helpers/smtp'
import { issueVerificationToken } from '#services/registration'

const VERIFY = '/api/v1/auth/verify'
const RESEND = '/api/v1/auth/verify/email'
const SEND_EMAIL_LINK = '/api/v1/account/email/verification'
const tokenFrom = (text: string) => /\/auth\/verify\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1]

test.group('verification links, with mail through a real SMTP server', (group) => {
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
  const lastToken = (email: string) => tokenFrom(mailTo(email).at(-1)!.text)!

  /** Registers an organisation through the API; returns the owner's address. */
  async function register(client: ApiClient) {
    const email = `owner-${randomUUID()}@verify.affix.dev`
    const response = await client.post('/api/v1/auth/register').json({
      organizationName: 'Verify Org',
      name: 'Owner',
      email,
      password: 'Strong#2026',
      passwordConfirmation: 'Strong#2026',
      acceptTerms: true,
    })
    response.assertStatus(201)
    return email
  }

  test('a used link is refused, in en and pt, and opens no second session', async ({ client, assert }) => {
    const email = await register(client)
    const token = lastToken(email)
    ;(await client.post(VERIFY).json({ token })).assertStatus(200)
    const tokensBefore = Number((await db.from('auth_access_tokens').count('* as n'))[0].n)
    const reused = await client.post(VERIFY).json({ token })
    reused.assertStatus(422)
    assert.equal(reused.body().error.message, 'This verification link is invalid or has already been used.')
    assert.equal(reused.body().error.fields[0].field, 'token')
    const pt = await client.post(VERIFY).header('accept-language', 'pt').json({ token })
    assert.equal(pt.body().error.message, 'Este link de verificação é inválido ou já foi usado.')
    assert.equal(Number((await db.from('auth_access_tokens').count('* as n'))[0].n), tokensBefore)
  })

  test('an expired link is refused with its own message and leaves the panel pending', async ({ client, assert }) => {
    const email = await register(client)
    const token = lastToken(email)
    const user = await db.from('users').where('email', email).first()
    await db
      .from('verification_tokens')
      .where('user_id', user.id)
      .update({ expires_at: new Date(Date.now() - 1000) })
    const expired = await client.post(VERIFY).json({ token })
    expired.assertStatus(422)
    assert.equal(expired.body().error.message, 'This verification link has expired. Please request a new one.')
    const pt = await client.post(VERIFY).header('accept-language', 'pt').json({ token })
    assert.equal(pt.body().error.message, 'Este link de verificação expirou. Solicite um novo.')
    const after = await db.from('users').where('id', user.id).first()
    assert.equal(after.status, 'pending')
    assert.isNull(after.email_verified_at)
    assert.isNull((await db.from('verification_tokens').where('user_id', user.id).first()).used_at)
  })

  test('unknown and malformed links are refused', async ({ client, assert }) => {
    const unknown = await client.post(VERIFY).json({ token: 'x'.repeat(43) })
    unknown.assertStatus(422)
    assert.equal(unknown.body().error.message, 'This verification link is invalid or has already been used.')
    const short = await client.post(VERIFY).header('accept-language', 'pt').json({ token: 'abc' })
    short.assertStatus(422)
    assert.equal(short.body().error.message, 'Link de verificação deve ter pelo menos 20 caracteres')
    const missing = await client.post(VERIFY).json({})
    missing.assertStatus(422)
    assert.equal(missing.body().error.message, 'Verification link is required')
  })

  test('a link of a panel disabled since is refused', async ({ client, assert }) => {
    const email = await register(client)
    await db.from('users').where('email', email).update({ status: 'disabled' })
    const response = await client.post(VERIFY).json({ token: lastToken(email) })
    response.assertStatus(422)
    assert.equal(response.body().error.message, 'This verification link is invalid or has already been used.')
    assert.equal((await db.from('users').where('email', email).first()).status, 'disabled')
  })

  test('resend: a new link replaces the old one; unknown and other addresses get the same answer and no mail', async ({
    client,
    assert,
  }) => {
    const email = await register(client)
    const first = lastToken(email)
    const resent = await client.post(RESEND).json({ email: email.toUpperCase() })
    resent.assertStatus(200)
    const answer = 'If a registration with this address is waiting for activation, we sent it a new link.'
    assert.equal(resent.body().data.message, answer)
    assert.lengthOf(mailTo(email), 2)
    const second = lastToken(email)
    assert.notEqual(second, first)
    ;(await client.post(VERIFY).json({ token: first })).assertStatus(422)
    ;(await client.post(VERIFY).json({ token: second })).assertStatus(200)

    const inboxSize = smtp.inbox.length
    const unknown = await client.post(RESEND).json({ email: `nobody-${randomUUID()}@nowhere.example` })
    unknown.assertStatus(200)
    assert.equal(unknown.body().data.message, answer)
    // Already active, and a pending affiliate awaiting approval: no link either.
    const active = await client.post(RESEND).json({ email })
    assert.equal(active.body().data.message, answer)
    const { org } = await createTenant('admin')
    const { user: pendingAffiliate } = await addUser(org.id, 'affiliate', 'pending')
    const affiliate = await client.post(RESEND).json({ email: pendingAffiliate.email })
    assert.equal(affiliate.body().data.message, answer)
    assert.equal(smtp.inbox.length, inboxSize)
    assert.equal(
      Number((await db.from('verification_tokens').where('user_id', pendingAffiliate.id).count('* as n'))[0].n),
      0
    )

    const pt = await client
      .post(RESEND)
      .header('accept-language', 'pt')
      .json({ email: `nobody-${randomUUID()}@nowhere.example` })
    assert.equal(
      pt.body().data.message,
      'Se um cadastro com este endereço estiver aguardando ativação, enviamos um novo link.'
    )
  })

  test('resend is rate limited per address', async ({ client, assert }) => {
    const email = await register(client)
    for (let attempt = 0; attempt < 3; attempt++) (await client.post(RESEND).json({ email })).assertStatus(200)
    const limited = await client.post(RESEND).json({ email })
    limited.assertStatus(429)
    assert.equal(limited.body().type, 'rate_limited')
    assert.lengthOf(mailTo(email), 4)
  })

  test('a signed-in panel verifies its address: status unchanged, no session from the link', async ({
    client,
    assert,
  }) => {
    const { user, token } = await createTenant('affiliate')
    const sent = await client.post(SEND_EMAIL_LINK).bearerToken(token)
    sent.assertStatus(200)
    assert.equal(sent.body().data.message, `We sent a verification link to ${user.email}.`)
    const [mail] = mailTo(user.email)
    assert.include(mail.raw, 'Subject: Verify your e-mail address')
    const link = tokenFrom(mail.text)!
    assert.equal((await db.from('verification_tokens').where('user_id', user.id).first()).purpose, 'email')

    const verified = await client.post(VERIFY).json({ token: link })
    verified.assertStatus(200)
    assert.deepEqual(verified.body().data, { message: 'Your e-mail address is verified.' })
    const after = await db.from('users').where('id', user.id).first()
    assert.isNotNull(after.email_verified_at)
    assert.equal(after.status, 'active')

    const again = await client.post(SEND_EMAIL_LINK).bearerToken(token).header('accept-language', 'pt')
    again.assertStatus(422)
    assert.equal(again.body().error.message, 'Seu endereço de e-mail já está verificado.')
    ;(await client.post(VERIFY).json({ token: link })).assertStatus(422)
  })

  test('an e-mail link never activates a pending panel', async ({ client, assert }) => {
    const { org } = await createTenant('admin')
    const { user } = await addUser(org.id, 'affiliate', 'pending')
    const link = await db.transaction((trx) => issueVerificationToken(user.id, 'email', trx))
    const verified = await client.post(VERIFY).json({ token: link })
    verified.assertStatus(200)
    assert.notProperty(verified.body().data, 'token')
    const after = await db.from('users').where('id', user.id).first()
    assert.equal(after.status, 'pending')
    assert.isNotNull(after.email_verified_at)
  })

  test('asking for an e-mail link needs a signed-in person, not an API key', async ({ client }) => {
    ;(await client.post(SEND_EMAIL_LINK)).assertStatus(401)
    const { token } = await createTenant('admin')
    const key = (
      await client
        .post('/api/v1/api-keys')
        .bearerToken(token)
        .json({ name: 'k', scopes: [{ resource: 'brands', operations: ['read'] }] })
    ).body().data.key
    ;(await client.post(SEND_EMAIL_LINK).bearerToken(key)).assertStatus(403)
  })
})
