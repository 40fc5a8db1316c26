/*
 * OIDC sign-in as a platform plugin: on for every organisation, never switched by one; and
 * installed on databases that already had `oidc_states` from the time it was part of core.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { createTenant } from '@affix/core/testing'

test.group('OIDC plugin: platform-level', () => {
  test('listed as a platform plugin, always on; an organisation cannot switch it off (en, pt, tr)', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const listed = (await client.get('/api/v1/plugins').bearerToken(token)).body().data as any[]
    assert.deepInclude(
      listed.map(({ id, enabled, platform }) => ({ id, enabled, platform })),
      { id: 'oidc', enabled: true, platform: true }
    )
    assert.isFalse(listed.find((plugin) => plugin.id === 'brands').platform)

    const messages = {
      en: 'This feature is part of the platform: it is on for every organisation and cannot be switched off here.',
      pt: 'Este recurso faz parte da plataforma: está ativo para todas as organizações e não pode ser desativado aqui.',
      tr: 'Bu özellik platformun bir parçasıdır: her kuruluş için açıktır ve burada kapatılamaz.',
    }
    for (const [locale, message] of Object.entries(messages)) {
      const refused = await client
        .patch('/api/v1/plugins/oidc')
        .bearerToken(token)
        .header('accept-language', locale)
        .json({ enabled: false })
      refused.assertStatus(422)
      assert.equal(refused.body().error.message, message)
    }
    assert.notExists(
      await db.from('organization_plugins').where({ organization_id: org.id, plugin_id: 'oidc' }).first()
    )

    // Not even a stored row (written before it became platform-level) turns it off.
    await db.table('organization_plugins').insert({ organization_id: org.id, plugin_id: 'oidc', enabled: false })
    const after = (await client.get('/api/v1/plugins').bearerToken(token)).body().data as any[]
    assert.isTrue(after.find((plugin) => plugin.id === 'oidc').enabled)
    ;(await client.get('/api/v1/auth/oidc/url')).assertStatus(200)
  })

  test('the sign-in keeps the API it had in core: paths, the auth tag and operation names', async ({
    client,
    assert,
  }) => {
    const document = (await client.get('/api/openapi.json')).body()
    assert.equal(document.paths['/api/v1/auth/oidc/url'].get.operationId, 'authOidcUrl')
    assert.equal(document.paths['/api/v1/auth/oidc/login'].post.operationId, 'authOidcLogin')
    assert.deepEqual(document.paths['/api/v1/auth/oidc/login'].post.tags, ['auth'])
    assert.deepEqual(document.paths['/api/v1/auth/oidc/login'].post.security, [])
    // All of its routes are under a tag of core's: the document lists no empty `oidc` tag.
    assert.notInclude(
      document.tags.map((tag: { name: string }) => tag.name),
      'oidc'
    )
  })
})

test.group('OIDC plugin: upgrading a database from core OIDC sign-in', () => {
  test('the plugin migration finds the table core made, keeps its rows and is recorded', async ({ assert }) => {
    const recorded = await db.from('adonis_schema').whereLike('name', '%1700001300001_create_oidc_states_table').first()
    assert.exists(recorded, 'the plugin migration ran on the test database')
    assert.exists(await db.from('adonis_schema').whereLike('name', '%1700000000012_create_oidc_states_table').first())
    // A pending sign-in made before the upgrade.
    const [pending] = await db
      .table('oidc_states')
      .insert({
        state_hash: 'f'.repeat(64),
        nonce: 'n',
        code_verifier: 'v',
        redirect_uri: 'https://panel.affix.test/auth/verify/google',
        expires_at: new Date(Date.now() + 60_000),
      })
      .returning('id')
    await db.from('adonis_schema').where('id', recorded.id).delete()

    // Not closed afterwards: close() ends the connection the rest of the suite shares.
    const runner = new MigrationRunner(db, app, { direction: 'up' })
    await runner.run()
    assert.isNull(runner.error)
    assert.deepEqual(
      Object.values(runner.migratedFiles).map((file) => [file.file.name, file.status]),
      [[recorded.name, 'completed']]
    )
    assert.exists(await db.from('adonis_schema').where('name', recorded.name).first())
    assert.exists(await db.from('oidc_states').where('id', pending.id).first())
    await db.from('oidc_states').where('id', pending.id).delete()
  })
})
