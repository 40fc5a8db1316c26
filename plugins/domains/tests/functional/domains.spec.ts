import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { organizationForHost, trackingBaseUrlFor } from '../../src/contracts.js'
import { addUser, createTenant } from '@affix/core/testing'

const DOMAINS = '/api/v1/domains/domains'
const host = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}.example.com`

test.group('domains API', () => {
  test('create, read, update, list and delete a domain', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const name = host('track')
    const created = await client
      .post(DOMAINS)
      .bearerToken(token)
      .json({ name: `  ${name.toUpperCase()} ` })
    created.assertStatus(201)
    const domain = created.body().data
    assert.include(domain, {
      name,
      protocol: 'https',
      ssl: true,
      visibility: 'public',
      type: 'tracking',
      status: 'active',
      isDefault: false,
      baseUrl: `https://${name}`,
    })
    assert.deepEqual(domain.affiliateIds, [])

    ;(await client.get(`${DOMAINS}/${domain.id}`).bearerToken(token)).assertStatus(200)
    const updated = await client
      .patch(`${DOMAINS}/${domain.id}`)
      .bearerToken(token)
      .json({ protocol: 'http', ssl: false, type: 'white_label' })
    updated.assertStatus(200)
    assert.include(updated.body().data, {
      protocol: 'http',
      ssl: false,
      type: 'white_label',
      baseUrl: `http://${name}`,
    })
    const replaced = await client
      .put(`${DOMAINS}/${domain.id}`)
      .bearerToken(token)
      .json({ ...updated.body().data, status: 'inactive' })
    replaced.assertStatus(200)
    assert.equal(replaced.body().data.status, 'inactive')

    const other = (
      await client
        .post(DOMAINS)
        .bearerToken(token)
        .json({ name: host('links') })
    ).body().data
    const filtered = await client
      .get(`${DOMAINS}?filter=${encodeURIComponent('{"status":"inactive"}')}`)
      .bearerToken(token)
    assert.deepEqual(
      filtered.body().data.map((row: any) => row.id),
      [domain.id]
    )
    assert.equal(filtered.header('content-range'), 'domains 0-0/1')
    assert.deepEqual(
      (await client.get(`${DOMAINS}?q=links-`).bearerToken(token)).body().data.map((row: any) => row.id),
      [other.id]
    )

    ;(await client.delete(`${DOMAINS}/${domain.id}`).bearerToken(token)).assertStatus(200)
    ;(await client.get(`${DOMAINS}/${domain.id}`).bearerToken(token)).assertStatus(404)
    assert.isNull(await db.from('domains').where('id', domain.id).first())
    assert.equal(Number((await db.from('domains').where('organization_id', org.id).count('* as n'))[0].n), 1)
  })

  test('validation messages, in English and Portuguese; nothing is written', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const other = await createTenant('admin')
    const affiliate = await addUser(org.id, 'affiliate')
    const foreign = await addUser(other.org.id, 'affiliate')
    const name = host('v')
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', {}, 'name', 'Domain name is required'],
      ['pt', {}, 'name', 'Nome do domínio é obrigatório'],
      ['en', { name: '   ' }, 'name', 'Domain name is required'],
      ['en', { name: 'https://track.example.com' }, 'name', 'Please enter a valid domain name, e.g. track.example.com'],
      [
        'pt',
        { name: 'track.example.com/path' },
        'name',
        'Por favor, informe um nome de domínio válido, por exemplo track.example.com',
      ],
      ['en', { name: 'localhost' }, 'name', 'Please enter a valid domain name, e.g. track.example.com'],
      ['en', { name: '10.0.0.1' }, 'name', 'Please enter a valid domain name, e.g. track.example.com'],
      ['en', { name: '-bad.example.com' }, 'name', 'Please enter a valid domain name, e.g. track.example.com'],
      ['en', { name: 'under_score.example.com' }, 'name', 'Please enter a valid domain name, e.g. track.example.com'],
      [
        'en',
        { name: `${'a'.repeat(64)}.example.com` },
        'name',
        'Please enter a valid domain name, e.g. track.example.com',
      ],
      ['en', { name: `${'abcdefghi.'.repeat(26)}com` }, 'name', 'Domain name must be at most 253 characters'],
      ['en', { name, protocol: 'ftp' }, 'protocol', 'Please select a value'],
      ['en', { name, protocol: 'https', ssl: false }, 'ssl', 'HTTPS requires SSL to be enabled'],
      ['pt', { name, ssl: false }, 'ssl', 'HTTPS exige que o SSL esteja ativado'],
      ['en', { name, visibility: 'private' }, 'affiliateIds', 'A private domain needs at least one affiliate'],
      [
        'pt',
        { name, visibility: 'private', affiliateIds: [] },
        'affiliateIds',
        'Um domínio privado precisa de pelo menos um afiliado',
      ],
      [
        'en',
        { name, affiliateIds: [affiliate.user.id] },
        'affiliateIds',
        'Only private domains are assigned to affiliates',
      ],
      [
        'en',
        { name, visibility: 'private', affiliateIds: [foreign.user.id] },
        'affiliateIds',
        'Please select valid affiliates',
      ],
      [
        'pt',
        { name, visibility: 'private', affiliateIds: [foreign.user.id] },
        'affiliateIds',
        'Por favor, selecione afiliados válidos',
      ],
      [
        'en',
        { name, visibility: 'private', affiliateIds: [affiliate.user.id], isDefault: true },
        'isDefault',
        'The default domain must be public',
      ],
      ['pt', { name, status: 'inactive', isDefault: true }, 'isDefault', 'O domínio padrão deve estar ativo'],
      ['en', { name, type: 'landing' }, 'type', 'Please select a value'],
      ['en', { name, ssl: 'maybe' }, 'ssl', 'SSL must be true or false'],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.post(DOMAINS).bearerToken(token).header('accept-language', locale).json(body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().error.message, message, JSON.stringify(body))
      assert.equal(response.body().error.fields[0].field, field, JSON.stringify(body))
    }
    assert.equal(Number((await db.from('domains').where('organization_id', org.id).count('* as n'))[0].n), 0)

    const kept = (await client.post(DOMAINS).bearerToken(token).json({ name })).body().data
    ;(await client.patch(`${DOMAINS}/${kept.id}`).bearerToken(token).json({ name: '' })).assertStatus(422)
    const insecure = await client.patch(`${DOMAINS}/${kept.id}`).bearerToken(token).json({ ssl: false })
    assert.equal(insecure.body().error.message, 'HTTPS requires SSL to be enabled')
    const row = await db.from('domains').where('id', kept.id).first()
    assert.deepEqual([row.name, row.ssl], [name, true])
  })

  test('a host serves one organisation: names are unique across every organisation', async ({ client, assert }) => {
    const first = await createTenant('admin')
    const second = await createTenant('admin')
    const name = host('shared')
    ;(await client.post(DOMAINS).bearerToken(first.token).json({ name })).assertStatus(201)
    for (const [locale, message] of [
      ['en', 'This domain is already in use'],
      ['pt', 'Este domínio já está em uso'],
    ]) {
      const clash = await client
        .post(DOMAINS)
        .bearerToken(second.token)
        .header('accept-language', locale)
        .json({ name: name.toUpperCase() })
      clash.assertStatus(422)
      assert.equal(clash.body().error.message, message)
      assert.equal(clash.body().error.fields[0].field, 'name')
    }
    ;(await client.post(DOMAINS).bearerToken(first.token).json({ name })).assertStatus(422)
    const mine = (
      await client
        .post(DOMAINS)
        .bearerToken(second.token)
        .json({ name: host('own') })
    ).body().data
    const renamed = await client.patch(`${DOMAINS}/${mine.id}`).bearerToken(second.token).json({ name })
    renamed.assertStatus(422)
    assert.equal(renamed.body().error.message, 'This domain is already in use')
    // Renaming to its own name is no clash.
    ;(await client.patch(`${DOMAINS}/${mine.id}`).bearerToken(second.token).json({ name: mine.name })).assertStatus(200)
    assert.equal(Number((await db.from('domains').whereRaw('lower(name) = ?', [name]).count('* as n'))[0].n), 1)
  })

  test('one default per organisation: a new default unsets the previous one', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const other = await createTenant('admin')
    const theirs = (
      await client
        .post(DOMAINS)
        .bearerToken(other.token)
        .json({ name: host('theirs'), isDefault: true })
    ).body().data
    const first = (
      await client
        .post(DOMAINS)
        .bearerToken(token)
        .json({ name: host('one'), isDefault: true })
    ).body().data
    assert.isTrue(first.isDefault)
    const second = (
      await client
        .post(DOMAINS)
        .bearerToken(token)
        .json({ name: host('two'), isDefault: true })
    ).body().data
    assert.isTrue(second.isDefault)
    const defaults = async (orgId: number) =>
      (await db.from('domains').where({ organization_id: orgId, is_default: true }).select('id')).map((row) => row.id)
    assert.deepEqual(await defaults(org.id), [second.id])
    ;(await client.patch(`${DOMAINS}/${first.id}`).bearerToken(token).json({ isDefault: true })).assertStatus(200)
    assert.deepEqual(await defaults(org.id), [first.id])
    assert.isFalse((await client.get(`${DOMAINS}/${second.id}`).bearerToken(token)).body().data.isDefault)
    // The default cannot become private or inactive while it is the default.
    const hidden = await client.patch(`${DOMAINS}/${first.id}`).bearerToken(token).json({ status: 'inactive' })
    assert.equal(hidden.body().error.message, 'The default domain must be active')
    ;(await client.patch(`${DOMAINS}/${first.id}`).bearerToken(token).json({ isDefault: false })).assertStatus(200)
    assert.deepEqual(await defaults(org.id), [])
    // Other organisations keep theirs.
    assert.deepEqual(await defaults(other.org.id), [theirs.id])
  })

  test('roles: admin and sub-admin manage; managers read; affiliates see active public domains and their own', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const affiliate = await addUser(org.id, 'affiliate')
    const otherAffiliate = await addUser(org.id, 'affiliate')
    const pub = (
      await client
        .post(DOMAINS)
        .bearerToken(token)
        .json({ name: host('public') })
    ).body().data
    const own = (
      await client
        .post(DOMAINS)
        .bearerToken(token)
        .json({ name: host('own'), visibility: 'private', affiliateIds: [affiliate.user.id, otherAffiliate.user.id] })
    ).body().data
    const foreign = (
      await client
        .post(DOMAINS)
        .bearerToken(token)
        .json({ name: host('foreign'), visibility: 'private', affiliateIds: [otherAffiliate.user.id] })
    ).body().data
    const off = (
      await client
        .post(DOMAINS)
        .bearerToken(token)
        .json({ name: host('off'), status: 'inactive' })
    ).body().data
    assert.sameMembers(own.affiliateIds, [affiliate.user.id, otherAffiliate.user.id])

    const seen = await client.get(`${DOMAINS}?sort=id&order=asc`).bearerToken(affiliate.token)
    seen.assertStatus(200)
    assert.deepEqual(
      seen.body().data.map((row: any) => row.id),
      [pub.id, own.id]
    )
    // An affiliate never learns who else a private domain serves.
    assert.notProperty(seen.body().data[1], 'affiliateIds')
    ;(await client.get(`${DOMAINS}/${own.id}`).bearerToken(affiliate.token)).assertStatus(200)
    ;(await client.get(`${DOMAINS}/${foreign.id}`).bearerToken(affiliate.token)).assertStatus(404)
    ;(await client.get(`${DOMAINS}/${off.id}`).bearerToken(affiliate.token)).assertStatus(404)
    ;(
      await client
        .post(DOMAINS)
        .bearerToken(affiliate.token)
        .json({ name: host('x') })
    ).assertStatus(403)
    ;(
      await client.patch(`${DOMAINS}/${pub.id}`).bearerToken(affiliate.token).json({ status: 'inactive' })
    ).assertStatus(403)
    ;(await client.delete(`${DOMAINS}/${pub.id}`).bearerToken(affiliate.token)).assertStatus(403)

    const subAdmin = await addUser(org.id, 'sub-admin')
    const made = await client
      .post(DOMAINS)
      .bearerToken(subAdmin.token)
      .json({ name: host('sub') })
    made.assertStatus(201)
    ;(await client.delete(`${DOMAINS}/${made.body().data.id}`).bearerToken(subAdmin.token)).assertStatus(200)
    for (const role of ['afm', 'adm'] as const) {
      const user = await addUser(org.id, role)
      const listed = await client.get(DOMAINS).bearerToken(user.token)
      listed.assertStatus(200)
      assert.lengthOf(listed.body().data, 4)
      ;(
        await client
          .post(DOMAINS)
          .bearerToken(user.token)
          .json({ name: host('x') })
      ).assertStatus(403)
      ;(await client.patch(`${DOMAINS}/${pub.id}`).bearerToken(user.token).json({ status: 'inactive' })).assertStatus(
        403
      )
    }
    for (const role of ['brand', 'parent'] as const) {
      const user = await addUser(org.id, role)
      ;(await client.get(DOMAINS).bearerToken(user.token)).assertStatus(403)
    }
    assert.equal((await db.from('domains').where('id', pub.id).first()).status, 'active')
  })

  test('tenant isolation: another organisation’s domains are invisible and untouchable', async ({ client, assert }) => {
    const mine = await createTenant('admin')
    const theirs = await createTenant('admin')
    const domain = (
      await client
        .post(DOMAINS)
        .bearerToken(theirs.token)
        .json({ name: host('iso') })
    ).body().data
    assert.deepEqual((await client.get(DOMAINS).bearerToken(mine.token)).body().data, [])
    ;(await client.get(`${DOMAINS}/${domain.id}`).bearerToken(mine.token)).assertStatus(404)
    ;(await client.patch(`${DOMAINS}/${domain.id}`).bearerToken(mine.token).json({ status: 'inactive' })).assertStatus(
      404
    )
    ;(await client.delete(`${DOMAINS}/${domain.id}`).bearerToken(mine.token)).assertStatus(404)
    assert.equal((await db.from('domains').where('id', domain.id).first()).status, 'active')
  })
})

test.group('domains contracts', () => {
  test('trackingBaseUrlFor: the affiliate’s private domain, else the default public one, else null', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const affiliate = await addUser(org.id, 'affiliate')
    const other = await addUser(org.id, 'affiliate')
    assert.isNull(await trackingBaseUrlFor(org.id, affiliate.user.id))
    assert.isNull(await trackingBaseUrlFor(org.id, null))

    const main = (
      await client
        .post(DOMAINS)
        .bearerToken(token)
        .json({ name: host('main'), isDefault: true })
    ).body().data
    assert.equal(await trackingBaseUrlFor(org.id, affiliate.user.id), `https://${main.name}`)
    assert.equal(await trackingBaseUrlFor(org.id, null), `https://${main.name}`)

    const own = (
      await client
        .post(DOMAINS)
        .bearerToken(token)
        .json({
          name: host('own'),
          protocol: 'http',
          ssl: false,
          visibility: 'private',
          affiliateIds: [affiliate.user.id],
        })
    ).body().data
    // The write invalidated the cached domains of the organisation.
    assert.equal(await trackingBaseUrlFor(org.id, affiliate.user.id), `http://${own.name}`)
    assert.equal(await trackingBaseUrlFor(org.id, other.user.id), `https://${main.name}`)

    ;(await client.patch(`${DOMAINS}/${own.id}`).bearerToken(token).json({ status: 'inactive' })).assertStatus(200)
    assert.equal(await trackingBaseUrlFor(org.id, affiliate.user.id), `https://${main.name}`)
    ;(await client.delete(`${DOMAINS}/${main.id}`).bearerToken(token)).assertStatus(200)
    assert.isNull(await trackingBaseUrlFor(org.id, affiliate.user.id))
  })

  test('organizationForHost: active domains of any type map to their organisation', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const white = (
      await client
        .post(DOMAINS)
        .bearerToken(token)
        .json({ name: host('panel'), type: 'white_label' })
    ).body().data
    assert.equal(await organizationForHost(white.name), org.id)
    assert.equal(await organizationForHost(`${white.name.toUpperCase()}:8443`), org.id)
    assert.isNull(await organizationForHost(host('unknown')))
    assert.isNull(await organizationForHost(''))
    ;(await client.patch(`${DOMAINS}/${white.id}`).bearerToken(token).json({ status: 'inactive' })).assertStatus(200)
    assert.isNull(await organizationForHost(white.name))
  })
})
