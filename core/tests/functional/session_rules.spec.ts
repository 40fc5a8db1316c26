import { test } from '@japa/runner'
import Organization from '#models/organization'
import { addUser, createTenant } from '#tests/helpers/fixtures'

test.group('session rules (spec §4, §8)', () => {
  test('an unpaid invoice or an ended trial answers 401 with the typed error; account and logout still work', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    await Organization.query().where('id', org.id).update({ billing_state: 'invoice_due' })
    const due = await client.get('/api/v1/brands/brands').bearerToken(token)
    due.assertStatus(401)
    assert.equal(due.body().type, '127.0.0.1.invoice.due')
    assert.equal(due.body().error.message, 'Your invoice is due. Please pay it to keep using the platform.')
    const account = await client.get('/api/v1/account').bearerToken(token)
    account.assertStatus(200)
    assert.deepEqual(account.body().data.billing, { state: 'invoice_due', panelLocked: false })

    await Organization.query().where('id', org.id).update({ billing_state: 'trial_end' })
    const trial = await client.get('/api/v1/organization').bearerToken(token).header('accept-language', 'pt')
    trial.assertStatus(401)
    assert.equal(trial.body().type, '127.0.0.1.trial-end')
    assert.equal(trial.body().error.message, 'Seu período de teste terminou. Escolha um plano para continuar.')
    ;(await client.post('/api/v1/auth/logout').bearerToken(token)).assertStatus(200)
  })

  test('a locked panel blocks admins and sub-admins but not other panels', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const subAdmin = await addUser(org.id, 'sub-admin')
    const brandUser = await addUser(org.id, 'brand')
    await Organization.query().where('id', org.id).update({ panel_locked: true, onboarding_pending: true })
    for (const caller of [token, subAdmin.token]) {
      const locked = await client.get('/api/v1/brands/brands').bearerToken(caller)
      locked.assertStatus(403)
      assert.equal(locked.body().type, 'panel_locked')
      assert.equal(locked.body().error.message, 'Your panel is locked. Please go to billing to unlock it.')
    }
    ;(await client.get('/api/v1/brands/brands').bearerToken(brandUser.token)).assertStatus(200)
    const account = await client.get('/api/v1/account').bearerToken(token)
    account.assertStatus(200)
    assert.isTrue(account.body().data.billing.panelLocked)
    assert.isTrue(account.body().data.onboardingPending)
  })
})
