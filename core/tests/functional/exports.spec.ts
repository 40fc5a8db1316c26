import { test } from '@japa/runner'
import { addUser, createTenant } from '#tests/helpers/fixtures'

test.group('exports and the downloads history', () => {
  test('an export uses the list filters, is recorded as exported and can be downloaded again', async ({
    client,
    assert,
  }) => {
    const { token } = await createTenant('admin')
    for (const name of ['Alpha Casino', 'Beta Bet', '=HYPERLINK("x")', "-2+cmd|' /C calc'!A0"]) {
      await client.post('/api/v1/brands/brands').bearerToken(token).json({ name, contact: '+44 20 7946 0000' })
    }
    await client.post('/api/v1/brands/brands/status').bearerToken(token).json({ ids: [], status: 'inactive' })

    const response = await client.get('/api/v1/brands/brands/export').qs({ sort: 'name' }).bearerToken(token)
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'text/csv')
    const lines = response.text().trim().split('\n')
    assert.equal(lines[0], 'id,name,email,contact,status,website,manager_id,company_name,company_country,created_at')
    assert.lengthOf(lines, 5)
    // A cell that a spreadsheet would run as a formula is neutralised; a phone number is not.
    assert.isTrue(lines.some((line) => line.includes(`"'=HYPERLINK(""x"")"`)))
    assert.isTrue(lines.some((line) => line.includes(`'-2+cmd|' /C calc'!A0`)))
    assert.isTrue(lines.every((line, index) => index === 0 || line.includes(',+44 20 7946 0000,')))
    assert.notInclude(response.text(), 'password')

    const filtered = await client.get('/api/v1/brands/brands/export').qs({ q: 'alpha' }).bearerToken(token)
    assert.lengthOf(filtered.text().trim().split('\n'), 2)

    const history = await client.get('/api/v1/exports').bearerToken(token)
    history.assertStatus(200)
    const [latest, first] = history.body().data
    assert.equal(latest.status, 'exported')
    assert.equal(latest.rowCount, 1)
    assert.deepEqual(latest.query.q, 'alpha')
    assert.equal(first.rowCount, 4)
    const again = await client.get(latest.fileUrl).bearerToken(token)
    again.assertStatus(200)
    assert.equal(again.text(), filtered.text())
  })

  test('a bad filter is a 422 and records nothing; each person sees only their own exports', async ({
    client,
    assert,
  }) => {
    const { org, token } = await createTenant('admin')
    const bad = await client
      .get('/api/v1/brands/products/export')
      .qs({ filter: JSON.stringify({ colour: 'red' }) })
      .bearerToken(token)
    bad.assertStatus(422)
    assert.lengthOf((await client.get('/api/v1/exports').bearerToken(token)).body().data, 0)

    const mine = await client.get('/api/v1/brands/products/export').bearerToken(token)
    mine.assertStatus(200)
    const exportId = Number(mine.header('x-export-id'))
    const colleague = await addUser(org.id, 'sub-admin')
    assert.lengthOf((await client.get('/api/v1/exports').bearerToken(colleague.token)).body().data, 0)
    ;(await client.get(`/api/v1/exports/${exportId}/file`).bearerToken(colleague.token)).assertStatus(404)
    const stranger = await createTenant('admin')
    ;(await client.get(`/api/v1/exports/${exportId}`).bearerToken(stranger.token)).assertStatus(404)
    ;(await client.get('/api/v1/exports/not-a-number').bearerToken(token)).assertStatus(404)
  })

  test('exporting needs the read ability of the resource', async ({ client }) => {
    const { org } = await createTenant('admin')
    const affiliate = await addUser(org.id, 'affiliate')
    ;(await client.get('/api/v1/brands/brands/export').bearerToken(affiliate.token)).assertStatus(403)
  })
})
