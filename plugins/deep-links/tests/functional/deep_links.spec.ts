import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant } from '@affix/core/testing'

const LINKS = '/api/v1/deep-links/deep-links'

async function withEdl(orgId: number, on = true) {
  await db
    .from('organizations')
    .where('id', orgId)
    .update({ features: JSON.stringify({ edl: on }) })
}

async function edlTenant() {
  const tenant = await createTenant('admin')
  await withEdl(tenant.org.id)
  return tenant
}

test.group('deep links', () => {
  test('create, read, update, list and delete a deep link', async ({ client, assert }) => {
    const { token } = await edlTenant()
    const created = await client
      .post(LINKS)
      .bearerToken(token)
      .json({ name: '  Sportsbook landing ', url: 'https://luckyspin.example/sports?x=1' })
    created.assertStatus(201)
    const link = created.body().data
    assert.include(link, {
      name: 'Sportsbook landing',
      url: 'https://luckyspin.example/sports?x=1',
      status: 'active',
      campaignId: null,
    })

    ;(await client.get(`${LINKS}/${link.id}`).bearerToken(token)).assertStatus(200)
    const updated = await client
      .patch(`${LINKS}/${link.id}`)
      .bearerToken(token)
      .json({ status: 'inactive', url: 'http://luckyspin.example/live' })
    updated.assertStatus(200)
    assert.include(updated.body().data, {
      status: 'inactive',
      url: 'http://luckyspin.example/live',
      name: 'Sportsbook landing',
    })
    const replaced = await client
      .put(`${LINKS}/${link.id}`)
      .bearerToken(token)
      .json({ ...updated.body().data, name: 'Live casino' })
    replaced.assertStatus(200)
    assert.equal(replaced.body().data.name, 'Live casino')

    await client.post(LINKS).bearerToken(token).json({ name: 'Another', url: 'https://another.example' })
    const filtered = await client
      .get(`${LINKS}?filter=${encodeURIComponent('{"status":"inactive"}')}`)
      .bearerToken(token)
    assert.deepEqual(
      filtered.body().data.map((row: any) => row.name),
      ['Live casino']
    )
    const searched = await client.get(`${LINKS}?q=another.example`).bearerToken(token)
    assert.deepEqual(
      searched.body().data.map((row: any) => row.name),
      ['Another']
    )
    assert.equal(searched.header('content-range'), 'deep-links 0-0/1')

    ;(await client.delete(`${LINKS}/${link.id}`).bearerToken(token)).assertStatus(200)
    ;(await client.get(`${LINKS}/${link.id}`).bearerToken(token)).assertStatus(404)
    ;(await client.patch(`${LINKS}/${link.id}`).bearerToken(token).json({ name: 'x' })).assertStatus(404)
    assert.isNotNull((await db.from('deep_links').where('id', link.id).first()).deleted_at)
  })

  test('validation messages (spec §5), in English and Portuguese', async ({ client, assert }) => {
    const { token, org } = await edlTenant()
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', { url: 'https://a.example' }, 'name', 'Name is required'],
      ['pt', { url: 'https://a.example' }, 'name', 'Nome é obrigatório'],
      ['en', { name: 'x'.repeat(351), url: 'https://a.example' }, 'name', 'Name must be at most 350 characters'],
      ['en', { name: 'A' }, 'url', 'URL is required'],
      ['pt', { name: 'A' }, 'url', 'URL é obrigatória'],
      ['en', { name: 'A', url: '' }, 'url', 'URL is required'],
      ['en', { name: 'A', url: '   ' }, 'url', 'URL is required'],
      ['en', { name: 'A', url: 'not a url' }, 'url', 'Invalid URL'],
      ['pt', { name: 'A', url: 'luckyspin.example/sports' }, 'url', 'URL inválida'],
      ['en', { name: 'A', url: 'ftp://files.example/x' }, 'url', 'Invalid URL'],
      ['en', { name: 'A', url: 'javascript:alert(1)' }, 'url', 'Invalid URL'],
      ['en', { name: 'A', url: `https://a.example/${'x'.repeat(2048)}` }, 'url', 'URL must be at most 2048 characters'],
      ['en', { name: 'A', url: 'https://a.example', status: 'paused' }, 'status', 'Please select a value'],
      // No campaign exists until the campaigns plugin provides them.
      ['en', { name: 'A', url: 'https://a.example', campaignId: 1 }, 'campaignId', 'Please select a valid campaign'],
      [
        'pt',
        { name: 'A', url: 'https://a.example', campaignId: 1 },
        'campaignId',
        'Por favor, selecione uma campanha válida',
      ],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.post(LINKS).bearerToken(token).header('accept-language', locale).json(body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().error.message, message, JSON.stringify(body))
      assert.equal(response.body().error.fields[0].field, field)
    }
    assert.equal(Number((await db.from('deep_links').where('organization_id', org.id).count('* as n'))[0].n), 0)

    const link = (
      await client.post(LINKS).bearerToken(token).json({ name: 'Keep', url: 'https://keep.example' })
    ).body().data
    const cleared = await client
      .patch(`${LINKS}/${link.id}`)
      .bearerToken(token)
      .header('accept-language', 'pt')
      .json({ url: '' })
    cleared.assertStatus(422)
    assert.equal(cleared.body().error.message, 'URL é obrigatória')
    const invalid = await client.patch(`${LINKS}/${link.id}`).bearerToken(token).json({ url: 'nope' })
    assert.equal(invalid.body().error.message, 'Invalid URL')
    assert.equal((await db.from('deep_links').where('id', link.id).first()).url, 'https://keep.example')
  })

  test('roles: admin, sub-admin and AFM manage; affiliates read active links; others nothing', async ({
    client,
    assert,
  }) => {
    const { token, org } = await edlTenant()
    const active = (
      await client.post(LINKS).bearerToken(token).json({ name: 'Active', url: 'https://a.example' })
    ).body().data
    const inactive = (
      await client.post(LINKS).bearerToken(token).json({ name: 'Hidden', url: 'https://b.example', status: 'inactive' })
    ).body().data
    for (const role of ['sub-admin', 'afm'] as const) {
      const user = await addUser(org.id, role)
      const created = await client
        .post(LINKS)
        .bearerToken(user.token)
        .json({ name: `By ${role}`, url: 'https://c.example' })
      created.assertStatus(201)
      ;(
        await client.patch(`${LINKS}/${created.body().data.id}`).bearerToken(user.token).json({ status: 'inactive' })
      ).assertStatus(200)
      ;(await client.delete(`${LINKS}/${created.body().data.id}`).bearerToken(user.token)).assertStatus(200)
    }
    const affiliate = await addUser(org.id, 'affiliate')
    const seen = await client.get(LINKS).bearerToken(affiliate.token)
    seen.assertStatus(200)
    assert.deepEqual(
      seen.body().data.map((row: any) => row.id),
      [active.id]
    )
    ;(await client.get(`${LINKS}/${active.id}`).bearerToken(affiliate.token)).assertStatus(200)
    ;(await client.get(`${LINKS}/${inactive.id}`).bearerToken(affiliate.token)).assertStatus(404)
    ;(await client.post(LINKS).bearerToken(affiliate.token).json({ name: 'x', url: 'https://x.example' })).assertStatus(
      403
    )
    ;(await client.patch(`${LINKS}/${active.id}`).bearerToken(affiliate.token).json({ name: 'x' })).assertStatus(403)
    ;(await client.delete(`${LINKS}/${active.id}`).bearerToken(affiliate.token)).assertStatus(403)
    for (const role of ['brand', 'adm', 'parent'] as const) {
      const user = await addUser(org.id, role)
      ;(await client.get(LINKS).bearerToken(user.token)).assertStatus(403)
      ;(await client.get(`${LINKS}/${active.id}`).bearerToken(user.token)).assertStatus(403)
    }
  })

  test('without the edl feature every route answers 403, for every role', async ({ client, assert }) => {
    const { token, org } = await edlTenant()
    const link = (
      await client.post(LINKS).bearerToken(token).json({ name: 'Flagged', url: 'https://a.example' })
    ).body().data
    await withEdl(org.id, false)
    const affiliate = await addUser(org.id, 'affiliate')
    for (const caller of [token, affiliate.token]) {
      const responses = [
        await client.get(LINKS).bearerToken(caller),
        await client.post(LINKS).bearerToken(caller).json({ name: 'x', url: 'https://x.example' }),
        await client.get(`${LINKS}/${link.id}`).bearerToken(caller),
        await client.get(`${LINKS}/999999`).bearerToken(caller),
        await client.patch(`${LINKS}/${link.id}`).bearerToken(caller).json({ name: 'y' }),
        await client.put(`${LINKS}/${link.id}`).bearerToken(caller).json({ name: 'y' }),
        await client.delete(`${LINKS}/${link.id}`).bearerToken(caller),
      ]
      assert.deepEqual(
        responses.map((response) => response.status()),
        [403, 403, 403, 403, 403, 403, 403]
      )
    }
    const row = await db.from('deep_links').where('id', link.id).first()
    assert.equal(row.name, 'Flagged')
    assert.isNull(row.deleted_at)
    // The account's abilities say the same to the panels.
    await withEdl(org.id, true)
    ;(await client.get(`${LINKS}/${link.id}`).bearerToken(token)).assertStatus(200)
  })

  test('tenant isolation', async ({ client, assert }) => {
    const { token } = await edlTenant()
    const link = (await client.post(LINKS).bearerToken(token).json({ name: 'Mine', url: 'https://a.example' })).body()
      .data
    const other = await edlTenant()
    assert.lengthOf((await client.get(LINKS).bearerToken(other.token)).body().data, 0)
    ;(await client.get(`${LINKS}/${link.id}`).bearerToken(other.token)).assertStatus(404)
    ;(await client.patch(`${LINKS}/${link.id}`).bearerToken(other.token).json({ name: 'theirs' })).assertStatus(404)
    ;(await client.delete(`${LINKS}/${link.id}`).bearerToken(other.token)).assertStatus(404)
    assert.equal((await db.from('deep_links').where('id', link.id).first()).name, 'Mine')
  })
})
