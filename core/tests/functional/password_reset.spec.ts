import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createTenant } from '#tests/helpers/fixtures'
import { startSmtpServer } from '#tests/helpers/smtp'

const codeFrom = (text: string) => /\/password\/reset\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1]

test.group('password reset, with mail through a real SMTP server', (group) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  group.setup(async () => {
    smtp = await startSmtpServer()
    process.env.SMTP_URL = smtp.url
    return async () => {
      delete process.env.SMTP_URL
      await smtp.close()
    }
  })

  test('forgot → mail with a single-use link → new password; old sessions end', async ({ client, assert }) => {
    const { user, token } = await createTenant('admin')
    const forgot = await client.post('/api/v1/auth/password/forgot').json({ email: user.email.toUpperCase() })
    forgot.assertStatus(200)
    assert.equal(
      forgot.body().data.message,
      'If an account uses this address, we sent it a link to reset the password.'
    )
    const mail = smtp.inbox.find((entry) => entry.to.includes(user.email))!
    assert.exists(mail)
    assert.include(mail.raw, 'Subject: Reset your Affix password')
    const code = codeFrom(mail.text)!
    assert.exists(code)
    const stored = await db.from('password_resets').where('user_id', user.id).first()
    assert.notEqual(stored.code_hash, code)

    const reset = await client
      .post('/api/v1/auth/password/reset')
      .json({ code, password: 'Newpass#2026', passwordConfirmation: 'Newpass#2026' })
    reset.assertStatus(200)
    ;(await client.get('/api/v1/account').bearerToken(token)).assertStatus(401)
    ;(await client.post('/api/v1/auth/login').json({ email: user.email, password: 'Test#12345' })).assertStatus(401)
    ;(await client.post('/api/v1/auth/login').json({ email: user.email, password: 'Newpass#2026' })).assertStatus(200)

    const reused = await client
      .post('/api/v1/auth/password/reset')
      .header('accept-language', 'pt')
      .json({ code, password: 'Other#2026', passwordConfirmation: 'Other#2026' })
    reused.assertStatus(422)
    assert.equal(reused.body().error.message, 'Este link de redefinição é inválido ou já foi usado.')
  })

  test('an unknown address gets the same answer and no mail', async ({ client, assert }) => {
    const before = smtp.inbox.length
    const response = await client.post('/api/v1/auth/password/forgot').json({ email: 'nobody@nowhere.example' })
    response.assertStatus(200)
    assert.equal(
      response.body().data.message,
      'If an account uses this address, we sent it a link to reset the password.'
    )
    assert.equal(smtp.inbox.length, before)
  })

  test('an expired code, a weak or mismatched password are refused and change nothing', async ({ client, assert }) => {
    const { user } = await createTenant('admin')
    user.locale = 'pt'
    await user.save()
    await client.post('/api/v1/auth/password/forgot').json({ email: user.email })
    const mail = smtp.inbox.find((entry) => entry.to.includes(user.email))!
    assert.include(mail.text, 'Alguém pediu para redefinir a senha')
    const code = codeFrom(mail.text)!

    const weak = await client
      .post('/api/v1/auth/password/reset')
      .json({ code, password: 'weak', passwordConfirmation: 'weak' })
    weak.assertStatus(422)
    assert.equal(weak.body().error.fields[0].field, 'password')
    const mismatch = await client
      .post('/api/v1/auth/password/reset')
      .header('accept-language', 'pt')
      .json({ code, password: 'Strong#2026', passwordConfirmation: 'Strong#2027' })
    mismatch.assertStatus(422)
    assert.equal(mismatch.body().error.message, 'As senhas devem coincidir')

    await db
      .from('password_resets')
      .where('user_id', user.id)
      .update({ expires_at: new Date(Date.now() - 1000) })
    const expired = await client
      .post('/api/v1/auth/password/reset')
      .json({ code, password: 'Strong#2026', passwordConfirmation: 'Strong#2026' })
    expired.assertStatus(422)
    assert.equal(expired.body().error.message, 'This reset link has expired. Please request a new one.')
    ;(await client.post('/api/v1/auth/login').json({ email: user.email, password: 'Test#12345' })).assertStatus(200)

    const unknown = await client
      .post('/api/v1/auth/password/reset')
      .json({ code: 'x'.repeat(43), password: 'Strong#2026', passwordConfirmation: 'Strong#2026' })
    unknown.assertStatus(422)
    assert.equal(unknown.body().error.fields[0].field, 'code')
  })

  test('reset requests are rate limited per address', async ({ client, assert }) => {
    const { user } = await createTenant('admin')
    let last
    for (let attempt = 0; attempt < 6; attempt++)
      last = await client.post('/api/v1/auth/password/forgot').json({ email: user.email })
    last!.assertStatus(429)
    assert.equal(
      await db
        .from('password_resets')
        .where('user_id', user.id)
        .whereNull('used_at')
        .count('* as n')
        .then((r) => Number(r[0].n)),
      1
    )
  })
})
