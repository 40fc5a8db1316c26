import { parse } from 'csv-parse/sync'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createTenant, csv } from '@affix/core/testing'

const BRANDS = '/api/v1/brands/brands'
const PRODUCTS = '/api/v1/brands/products'
const IMPORT = `${PRODUCTS}/import`

async function tenantWithBrands(client: any) {
  const tenant = await createTenant('admin')
  const lucky = (await client.post(BRANDS).bearerToken(tenant.token).json({ name: 'Lucky' })).body().data
  const royal = (await client.post(BRANDS).bearerToken(tenant.token).json({ name: 'Royal' })).body().data
  return { ...tenant, lucky, royal }
}

const productCount = async (organizationId: number) =>
  Number((await db.from('products').where('organization_id', organizationId).count('* as total'))[0].total)

test.group('products: CRUD', () => {
  test('create, update, list by brand and delete a product', async ({ client, assert }) => {
    const { token, lucky, royal } = await tenantWithBrands(client)
    const created = await client.post(PRODUCTS).bearerToken(token).json({ name: 'Slots', brandId: lucky.id })
    created.assertStatus(201)
    const product = created.body().data
    assert.equal(product.status, 'active')
    const moved = await client
      .patch(`${PRODUCTS}/${product.id}`)
      .bearerToken(token)
      .json({ brandId: royal.id, status: 'inactive' })
    moved.assertStatus(200)
    assert.equal(moved.body().data.brandId, royal.id)
    const byBrand = await client.get(`${PRODUCTS}?brandId=${royal.id}`).bearerToken(token)
    assert.deepEqual(
      byBrand.body().data.map((row: any) => row.id),
      [product.id]
    )
    ;(await client.delete(`${PRODUCTS}/${product.id}`).bearerToken(token)).assertStatus(200)
    ;(await client.get(`${PRODUCTS}/${product.id}`).bearerToken(token)).assertStatus(404)
  })

  test('a product needs a live brand of the same organisation and a unique name', async ({ client, assert }) => {
    const { token, lucky } = await tenantWithBrands(client)
    const missing = await client.post(PRODUCTS).bearerToken(token).header('accept-language', 'pt').json({ name: 'X' })
    missing.assertStatus(422)
    assert.equal(missing.body().error.fields[0].message, 'Marca é obrigatório')
    const unknown = await client.post(PRODUCTS).bearerToken(token).json({ name: 'X', brandId: 999999 })
    unknown.assertStatus(422)
    assert.equal(unknown.body().error.message, 'Please select a valid brand')
    ;(await client.post(PRODUCTS).bearerToken(token).json({ name: 'Poker', brandId: lucky.id })).assertStatus(201)
    const duplicate = await client.post(PRODUCTS).bearerToken(token).json({ name: 'POKER', brandId: lucky.id })
    duplicate.assertStatus(422)
    assert.equal(duplicate.body().error.message, 'This brand already has a product with this name')
    ;(await client.delete(`${BRANDS}/${lucky.id}`).bearerToken(token)).assertStatus(200)
    const onDeleted = await client.post(PRODUCTS).bearerToken(token).json({ name: 'Bingo', brandId: lucky.id })
    onDeleted.assertStatus(422)
    assert.equal(onDeleted.body().error.message, 'This brand was deleted')
    assert.deepEqual(onDeleted.body().error.fields, [
      { field: 'brandId', rule: 'deleted', message: 'This brand was deleted' },
    ])
  })
})

test.group('products: CSV import', () => {
  test('imports the good rows and returns a failed-rows file naming each bad row', async ({ client, assert }) => {
    const { token, org, lucky } = await tenantWithBrands(client)
    const file = csv([
      'name,brand,brand_id,status',
      'Slots,Lucky,,active',
      `Live Casino,,${lucky.id},`,
      ',Lucky,,active',
      'Sportsbook,Nowhere,,active',
      'Bingo,Royal,,paused',
      'Slots,Lucky,,active',
    ])
    const response = await client
      .post(IMPORT)
      .bearerToken(token)
      .file('file', file, { filename: 'products.csv', contentType: 'text/csv' })
    response.assertStatus(201)
    const summary = response.body().data
    assert.include(summary, { status: 'imported_partially', totalRows: 6, importedRows: 2, failedRows: 4 })
    assert.deepEqual(summary.failures, [
      { line: 4, error: 'Name is required' },
      { line: 5, error: 'Brand "Nowhere" does not exist' },
      { line: 6, error: 'Please select a value' },
      { line: 7, error: 'Product "Slots" already exists for brand "Lucky"' },
    ])
    assert.equal(await productCount(org.id), 2)

    const failedRows = await client.get(summary.failedRowsUrl).bearerToken(token)
    failedRows.assertStatus(200)
    assert.include(failedRows.header('content-type'), 'text/csv')
    const lines = failedRows.text().trim().split('\n')
    assert.equal(lines[0], 'line,name,brand,brand_id,status,error')
    assert.equal(lines.length, 5)
    assert.include(lines[2], 'Nowhere')

    const history = await client.get('/api/v1/imports').bearerToken(token)
    assert.equal(history.body().data[0].id, summary.id)
    assert.equal(history.body().data[0].status, 'imported_partially')
  })

  test('the failed-rows file neutralises formula cells as exports do (CSV injection)', async ({ client, assert }) => {
    const { token } = await tenantWithBrands(client)
    const file = csv([
      'name,brand,brand_id,status',
      '"=HYPERLINK(""http://evil.test"",""x"")",Nowhere,,active',
      '@SUM(A1),+cmd,,active',
      '-12.50,Nowhere,,active',
    ])
    const response = await client
      .post(IMPORT)
      .bearerToken(token)
      .file('file', file, { filename: 'products.csv', contentType: 'text/csv' })
    response.assertStatus(201)
    const failedRows = await client.get(response.body().data.failedRowsUrl).bearerToken(token)
    failedRows.assertStatus(200)
    const rows: string[][] = parse(failedRows.text())
    assert.deepEqual(
      rows.slice(1).map((row) => row.slice(1, 3)),
      [
        [`'=HYPERLINK("http://evil.test","x")`, 'Nowhere'],
        [`'@SUM(A1)`, `'+cmd`],
        // A signed number can do no harm and stays as it is, as in exports.
        ['-12.50', 'Nowhere'],
      ]
    )
  })

  test('importing the same file twice never duplicates products', async ({ client, assert }) => {
    const { token, org } = await tenantWithBrands(client)
    const file = csv(['name,brand', 'Keno,Lucky', 'Crash,Royal'])
    const first = await client.post(IMPORT).bearerToken(token).file('file', file, { filename: 'p.csv' })
    assert.equal(first.body().data.status, 'completed')
    const second = await client.post(IMPORT).bearerToken(token).file('file', file, { filename: 'p.csv' })
    assert.include(second.body().data, { status: 'failed', importedRows: 0, failedRows: 2 })
    assert.equal(await productCount(org.id), 2)
  })

  test('a non-CSV file, a missing file, a file over 10 MB, a malformed CSV or a wrong header write nothing', async ({
    client,
    assert,
  }) => {
    const { token, org } = await tenantWithBrands(client)
    const attempts = [
      { body: Buffer.from('%PDF-1.4 binary'), filename: 'products.pdf', message: 'Please upload a valid file' },
      {
        body: Buffer.concat([Buffer.from('name,brand\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 'a')]),
        filename: 'big.csv',
        message: 'Please upload a valid file',
      },
      {
        body: csv(['name,brand', 'Good,Lucky', '"Broken,Lucky']),
        filename: 'bad.csv',
        message: 'Please upload a valid file: the CSV could not be read.',
      },
      {
        body: csv(['name,brand', 'Good,Lucky', 'Too,Many,Columns']),
        filename: 'bad2.csv',
        message: 'Please upload a valid file: the CSV could not be read.',
      },
      {
        body: csv(['title,brand', 'Good,Lucky']),
        filename: 'header.csv',
        message: 'Please upload a valid file: missing columns name.',
      },
      {
        body: csv(['name,brand,password', 'Good,Lucky,x']),
        filename: 'header2.csv',
        message: 'Please upload a valid file: unknown columns password.',
      },
      { body: csv(['name,brand']), filename: 'empty.csv', message: 'Please upload a valid file: the CSV has no rows.' },
    ]
    for (const attempt of attempts) {
      const response = await client
        .post(IMPORT)
        .bearerToken(token)
        .file('file', attempt.body, { filename: attempt.filename })
      assert.equal(response.status(), 422, attempt.filename)
      assert.equal(response.body().error.message, attempt.message, attempt.filename)
      assert.equal(response.body().error.fields[0].field, 'file')
    }
    const none = await client.post(IMPORT).bearerToken(token).header('accept-language', 'pt')
    none.assertStatus(422)
    assert.equal(none.body().error.message, 'Por favor, envie um arquivo válido')
    assert.equal(await productCount(org.id), 0)
    const history = await client.get('/api/v1/imports').bearerToken(token)
    assert.lengthOf(history.body().data, 0)
  })
})
