import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createTenant, addUser } from '@affix/core/testing'

const BRANDS = '/api/v1/brands/brands'

test.group('brands: CRUD, listing and rules', () => {
  test('create, read, update, list and delete a brand', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const created = await client.post(BRANDS).bearerToken(token).json({
      name: '  Golden Reels ',
      email: 'team@goldenreels.example',
      website: 'https://goldenreels.example',
      contact: '+55 11 99999-0000',
      companyCountry: 'br',
    })
    created.assertStatus(201)
    const brand = created.body().data
    assert.equal(brand.name, 'Golden Reels')
    assert.equal(brand.companyCountry, 'BR')
    assert.equal(brand.status, 'active')
    // A brand stores no password (its people get panels of their own and choose theirs).
    assert.notProperty(brand, 'password')
    assert.notProperty(brand, 'hasPassword')
    assert.notProperty(await db.from('brands').where('id', brand.id).first(), 'password')

    const fetched = await client.get(`${BRANDS}/${brand.id}`).bearerToken(token)
    fetched.assertStatus(200)
    assert.equal(fetched.body().data.email, 'team@goldenreels.example')

    const updated = await client
      .patch(`${BRANDS}/${brand.id}`)
      .bearerToken(token)
      .json({ status: 'inactive', website: null })
    updated.assertStatus(200)
    assert.equal(updated.body().data.status, 'inactive')
    assert.isNull(updated.body().data.website)

    // react-admin sends the whole record with PUT, read-only fields included.
    const replaced = await client
      .put(`${BRANDS}/${brand.id}`)
      .bearerToken(token)
      .json({ ...updated.body().data, name: 'Golden Reels 2' })
    replaced.assertStatus(200)
    assert.equal(replaced.body().data.name, 'Golden Reels 2')

    // Clearing the name of a brand is refused, not ignored.
    const cleared = await client
      .patch(`${BRANDS}/${brand.id}`)
      .bearerToken(token)
      .header('accept-language', 'pt')
      .json({ name: '' })
    cleared.assertStatus(422)
    assert.equal(cleared.body().error.message, 'Nome é obrigatório')

    const deleted = await client.delete(`${BRANDS}/${brand.id}`).bearerToken(token)
    deleted.assertStatus(200)
    const listed = await client.get(BRANDS).bearerToken(token)
    assert.notInclude(
      listed.body().data.map((row: any) => row.id),
      brand.id
    )
    // A deleted brand is gone: reads and changes answer 404, the row stays for history.
    ;(await client.get(`${BRANDS}/${brand.id}`).bearerToken(token)).assertStatus(404)
    const afterDelete = await client.patch(`${BRANDS}/${brand.id}`).bearerToken(token).json({ name: 'x' })
    afterDelete.assertStatus(404)
    assert.isNotNull((await db.from('brands').where('id', brand.id).first()).deleted_at)
  })

  test('lists page, sort and filter, with Content-Range', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    for (const [name, status] of [
      ['Alpha', 'active'],
      ['Bravo', 'inactive'],
      ['Charlie', 'active'],
      ['Delta', 'active'],
    ]) {
      ;(await client.post(BRANDS).bearerToken(token).json({ name, status })).assertStatus(201)
    }
    const page2 = await client.get(`${BRANDS}?page=2&limit=2&sort=name&order=asc`).bearerToken(token)
    page2.assertStatus(200)
    assert.deepEqual(
      page2.body().data.map((row: any) => row.name),
      ['Charlie', 'Delta']
    )
    assert.equal(page2.header('content-range'), 'brands 2-3/4')

    const desc = await client.get(`${BRANDS}?sort=-name&limit=1`).bearerToken(token)
    assert.equal(desc.body().data[0].name, 'Delta')

    const reactAdmin = await client
      .get(`${BRANDS}?range=[0,9]&sort=["name","DESC"]&filter={"status":"active"}`)
      .bearerToken(token)
    assert.deepEqual(
      reactAdmin.body().data.map((row: any) => row.name),
      ['Delta', 'Charlie', 'Alpha']
    )
    assert.equal(reactAdmin.header('content-range'), 'brands 0-2/3')

    const search = await client.get(`${BRANDS}?q=rav`).bearerToken(token)
    assert.deepEqual(
      search.body().data.map((row: any) => row.name),
      ['Bravo']
    )
    const byStatus = await client.get(`${BRANDS}?status=inactive`).bearerToken(token)
    assert.deepEqual(
      byStatus.body().data.map((row: any) => row.name),
      ['Bravo']
    )
  })

  test('bulk status change is all or nothing', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const ids: number[] = []
    for (const name of ['One', 'Two'])
      ids.push((await client.post(BRANDS).bearerToken(token).json({ name })).body().data.id)
    const ok = await client.post(`${BRANDS}/status`).bearerToken(token).json({ ids, status: 'inactive' })
    ok.assertStatus(200)
    assert.equal(ok.body().data.updated, 2)
    const rejected = await client
      .post(`${BRANDS}/status`)
      .bearerToken(token)
      .json({ ids: [...ids, 999999], status: 'active' })
    rejected.assertStatus(422)
    const rows = await db.from('brands').whereIn('id', ids).select('status')
    assert.deepEqual(
      rows.map((row) => row.status),
      ['inactive', 'inactive']
    )
    const empty = await client.post(`${BRANDS}/status`).bearerToken(token).json({ ids: [], status: 'active' })
    empty.assertStatus(422)
  })

  test('names are unique per organisation, case-insensitively', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    ;(await client.post(BRANDS).bearerToken(token).json({ name: 'Unique Casino' })).assertStatus(201)
    const clash = await client.post(BRANDS).bearerToken(token).json({ name: 'unique casino' })
    clash.assertStatus(422)
    assert.equal(clash.body().error.fields[0].field, 'name')
    assert.equal(clash.body().error.message, 'A brand with this name already exists')
    // Another organisation may use the same name.
    const other = await createTenant('admin')
    ;(await client.post(BRANDS).bearerToken(other.token).json({ name: 'Unique Casino' })).assertStatus(201)
  })

  test('validation messages name each field, in the requested language', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const cases: Array<[string, Record<string, unknown>, string, string, string]> = [
      ['en', {}, 'name', 'Name is required', 'required'],
      ['pt', {}, 'name', 'Nome é obrigatório', 'required'],
      ['tr', {}, 'name', 'Ad zorunludur', 'required'],
      ['en', { name: 'x'.repeat(351) }, 'name', 'Name must be at most 350 characters', 'maxLength'],
      [
        'en',
        { name: 'A', password: 'Reels#2024' },
        'password',
        "A brand stores no password: the brand's people sign in with panels of their own (brand signup or an invitation), where each chooses theirs.",
        'invitation',
      ],
      [
        'tr',
        { name: 'A', passwordConfirmation: 'Reels#2024' },
        'passwordConfirmation',
        'Bir marka şifre saklamaz: markanın kişileri kendi panelleriyle (marka kaydı veya davet) giriş yapar ve her biri şifresini orada seçer.',
        'invitation',
      ],
      ['pt', { name: 'A', contact: 'call me' }, 'contact', 'Número de telefone inválido', 'regex'],
      ['en', { name: 'A', website: 'not a url' }, 'website', 'Invalid URL', 'url'],
      ['en', { name: 'A', email: 'nope' }, 'email', 'Email must be a valid email address', 'email'],
      ['en', { name: 'A', status: 'banned' }, 'status', 'Please select a value', 'enum'],
      ['en', { name: 'A', managerId: 999999 }, 'managerId', 'Please select a valid manager', 'exists'],
    ]
    for (const [locale, body, field, message, rule] of cases) {
      const response = await client.post(BRANDS).bearerToken(token).header('accept-language', locale).json(body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().type, 'validation')
      const found = response.body().error.fields.find((entry: any) => entry.field === field)
      assert.deepEqual(
        { message: found?.message, rule: found?.rule },
        { message, rule },
        `${locale} ${JSON.stringify(body)}`
      )
    }
    const count = await db.from('brands').count('* as total')
    assert.isAtLeast(Number(count[0].total), 0)
  })

  test('only staff may change brands; other panels are refused', async ({ client, assert }) => {
    const { org, token } = await createTenant('admin')
    const brand = (await client.post(BRANDS).bearerToken(token).json({ name: 'Staff Only' })).body().data
    const affiliate = await addUser(org.id, 'affiliate')
    const list = await client.get(BRANDS).bearerToken(affiliate.token)
    list.assertStatus(403)
    assert.equal(list.body().error.message, 'Sorry, you are not authorized to access this page.')
    const brandUser = await addUser(org.id, 'brand')
    ;(await client.get(BRANDS).bearerToken(brandUser.token)).assertStatus(200)
    ;(await client.patch(`${BRANDS}/${brand.id}`).bearerToken(brandUser.token).json({ name: 'Hacked' })).assertStatus(
      403
    )
    ;(await client.delete(`${BRANDS}/${brand.id}`).bearerToken(brandUser.token)).assertStatus(403)
    const subAdmin = await addUser(org.id, 'sub-admin')
    ;(await client.patch(`${BRANDS}/${brand.id}`).bearerToken(subAdmin.token).json({ name: 'Renamed' })).assertStatus(
      200
    )
  })
})
