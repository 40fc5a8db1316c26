/*
 * The SDK against a real server (fresh database affix_test_sdk, demo data). Every request
 * is matched to its operationId from openapi/openapi.json, so the last test can prove
 * that each operation tagged "brands" was exercised.
 */
import { readFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'
import {
  AffixApiError,
  authLogin,
  authLogout,
  brandsCreateBrand,
  brandsCreateProduct,
  brandsDeleteBrand,
  brandsDeleteProduct,
  brandsGetBrand,
  brandsGetProduct,
  brandsImportProducts,
  brandsListBrands,
  brandsListProducts,
  brandsReplaceBrand,
  brandsReplaceProduct,
  brandsSetBrandsStatus,
  brandsSetProductsStatus,
  brandsUpdateBrand,
  brandsUpdateProduct,
  brandsExportBrands,
  brandsExportProducts,
  coreDownloadFailedRows,
  coreListExports,
  coreGetAccount,
  coreGetImport,
  createAffixClient,
  paged,
  unwrap,
  type BrandsCreateBrandData,
  type Client,
} from '../src/index.js'

interface OpenApiOperation {
  operationId: string
  tags?: string[]
}
const document = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, OpenApiOperation>>
}

/** method + path template → operationId; literal paths first so /brands/status beats /brands/{id}. */
const operationMatchers = Object.entries(document.paths)
  .flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      templated: template.includes('{'),
      operation,
    }))
  )
  .sort((a, b) => Number(a.templated) - Number(b.templated))

const calledOperationIds = new Set<string>()

function trackOperations(client: Client): Client {
  client.interceptors.response.use((response, request) => {
    const path = new URL(request.url).pathname
    const match = operationMatchers.find((matcher) => matcher.method === request.method && matcher.pattern.test(path))
    if (match) calledOperationIds.add(match.operation.operationId)
    return response
  })
  return client
}

async function apiError(call: Promise<unknown>): Promise<AffixApiError> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (reason: unknown) => reason
  )
  expect(error).toBeInstanceOf(AffixApiError)
  return error as AffixApiError
}

let server: TestServer
let affix: Client
let token: string

beforeAll(async () => {
  server = await startTestServer({ database: 'affix_test_sdk' })
})

afterAll(async () => {
  await server?.stop()
})

describe('@affix/sdk against a live server', () => {
  it('logs in and reads the account', async () => {
    const anonymous = trackOperations(createAffixClient({ baseUrl: server.url }))
    const session = await unwrap(authLogin({ client: anonymous, body: DEMO_ADMIN }))
    expect(session.type).toBe('bearer')
    expect(session.token).toMatch(/^afx_/)
    token = session.token

    affix = trackOperations(createAffixClient({ baseUrl: `${server.url}/`, token }))
    const account = await unwrap(coreGetAccount({ client: affix }))
    expect(account.user.email).toBe(DEMO_ADMIN.email)
    expect(account.abilities).toContainEqual({ subject: 'brands', action: 'manage' })
  })

  it('sends an x-request-id that the server echoes', async () => {
    const result = await coreGetAccount({ client: affix })
    const sent = result.request?.headers.get('x-request-id')
    expect(sent).toMatch(/^[0-9a-f-]{36}$/)
    expect(result.response?.headers.get('x-request-id')).toBe(sent)
  })

  it('lists brands a page at a time with the total from Content-Range', async () => {
    const first = await paged(brandsListBrands({ client: affix, query: { limit: 1, page: 1, sort: 'name' } }))
    expect(first).toMatchObject({ total: 2, start: 0, resource: 'brands' })
    expect(first.items.map((brand) => brand.name)).toEqual(['Lucky Spin Casino'])

    const second = await paged(brandsListBrands({ client: affix, query: { limit: 1, page: 2, sort: 'name' } }))
    expect(second).toMatchObject({ total: 2, start: 1 })
    expect(second.items.map((brand) => brand.name)).toEqual(['Royal Bet'])

    const descending = await paged(brandsListBrands({ client: affix, query: { sort: '-name' } }))
    expect(descending.items.map((brand) => brand.name)).toEqual(['Royal Bet', 'Lucky Spin Casino'])

    const searched = await paged(
      brandsListBrands({ client: affix, query: { q: 'royal', filter: JSON.stringify({ status: 'active' }) } })
    )
    expect(searched.total).toBe(1)
    expect(searched.items[0]?.name).toBe('Royal Bet')

    const badSort = await apiError(paged(brandsListBrands({ client: affix, query: { sort: 'password' } })))
    expect(badSort.status).toBe(422)
    expect(badSort.fields.map((field) => field.field)).toEqual(['sort'])
  })

  it('creates, reads, updates, bulk-updates and deletes a brand', async () => {
    const created = await unwrap(
      brandsCreateBrand({
        client: affix,
        body: { name: 'SDK Test Brand', email: 'sdk@brand.example', website: 'https://sdk.example', status: 'active' },
      })
    )
    expect(created).toMatchObject({
      name: 'SDK Test Brand',
      email: 'sdk@brand.example',
      status: 'active',
      hasPassword: false,
    })

    const fetched = await unwrap(brandsGetBrand({ client: affix, path: { id: created.id } }))
    expect(fetched.id).toBe(created.id)

    const patched = await unwrap(
      brandsUpdateBrand({ client: affix, path: { id: created.id }, body: { contact: '+44 20 7946 0000' } })
    )
    expect(patched.contact).toBe('+44 20 7946 0000')
    expect(patched.name).toBe('SDK Test Brand')

    const replaced = await unwrap(
      brandsReplaceBrand({
        client: affix,
        path: { id: created.id },
        body: { name: 'SDK Test Brand Renamed', password: 'Brand#2024' },
      })
    )
    expect(replaced).toMatchObject({ name: 'SDK Test Brand Renamed', hasPassword: true })

    const bulk = await unwrap(brandsSetBrandsStatus({ client: affix, body: { ids: [created.id], status: 'inactive' } }))
    expect(bulk.updated).toBe(1)
    expect((await unwrap(brandsGetBrand({ client: affix, path: { id: created.id } }))).status).toBe('inactive')

    const deleted = await unwrap(brandsDeleteBrand({ client: affix, path: { id: created.id } }))
    expect(deleted.id).toBe(created.id)
    const listed = await paged(brandsListBrands({ client: affix, query: { q: 'SDK Test' } }))
    expect(listed.total).toBe(0)

    const missing = await apiError(unwrap(brandsGetBrand({ client: affix, path: { id: 999_999 } })))
    expect(missing.status).toBe(404)
    expect(missing.type).toBe('not_found')
  })

  it('reports validation errors with translated field messages (pt)', async () => {
    const portuguese = trackOperations(createAffixClient({ baseUrl: server.url, token, locale: 'pt' }))
    const body = { email: 'not-an-email' } as unknown as BrandsCreateBrandData['body']
    const error = await apiError(unwrap(brandsCreateBrand({ client: portuguese, body })))
    expect(error.status).toBe(422)
    expect(error.type).toBe('validation')
    expect(error.message).toBe('Nome é obrigatório')
    expect(error.fields).toContainEqual({ field: 'name', message: 'Nome é obrigatório', rule: 'required' })
    expect(error.fields.map((field) => field.field)).toContain('email')
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('manages products of a brand', async () => {
    const [brand] = (await paged(brandsListBrands({ client: affix, query: { q: 'Royal Bet' } }))).items
    expect(brand).toBeDefined()
    const brandId = brand!.id

    const product = await unwrap(brandsCreateProduct({ client: affix, body: { name: 'SDK Roulette', brandId } }))
    expect(product).toMatchObject({ name: 'SDK Roulette', brandId, status: 'active' })

    const ofBrand = await paged(brandsListProducts({ client: affix, query: { brandId, limit: 100 } }))
    expect(ofBrand.resource).toBe('products')
    expect(ofBrand.items.every((item) => item.brandId === brandId)).toBe(true)
    expect(ofBrand.items.map((item) => item.name)).toContain('SDK Roulette')
    expect(ofBrand.total).toBe(ofBrand.items.length)

    expect((await unwrap(brandsGetProduct({ client: affix, path: { id: product.id } }))).name).toBe('SDK Roulette')
    const patched = await unwrap(
      brandsUpdateProduct({ client: affix, path: { id: product.id }, body: { name: 'SDK Roulette Live' } })
    )
    expect(patched.name).toBe('SDK Roulette Live')
    const replaced = await unwrap(
      brandsReplaceProduct({ client: affix, path: { id: product.id }, body: { status: 'inactive' } })
    )
    expect(replaced.status).toBe('inactive')
    const bulk = await unwrap(brandsSetProductsStatus({ client: affix, body: { ids: [product.id], status: 'active' } }))
    expect(bulk).toMatchObject({ updated: 1, ids: [product.id] })

    const duplicate = await apiError(
      unwrap(brandsCreateProduct({ client: affix, body: { name: 'sdk roulette live', brandId } }))
    )
    expect(duplicate.status).toBe(422)
    expect(duplicate.fields).toContainEqual(expect.objectContaining({ field: 'name', rule: 'unique' }))

    expect((await unwrap(brandsDeleteProduct({ client: affix, path: { id: product.id } }))).id).toBe(product.id)
    const afterDelete = await paged(brandsListProducts({ client: affix, query: { q: 'SDK Roulette' } }))
    expect(afterDelete.total).toBe(0)
  })

  it('imports products from CSV and downloads the failed rows', async () => {
    const csv = [
      'name,brand,status',
      'SDK Slots,Lucky Spin Casino,active',
      'SDK Poker,Royal Bet,inactive',
      'SDK Bingo,No Such Brand,active',
    ].join('\n')
    const file = new File([csv], 'sdk-products.csv', { type: 'text/csv' })
    const summary = await unwrap(brandsImportProducts({ client: affix, body: { file } }))
    expect(summary).toMatchObject({
      type: 'products',
      status: 'imported_partially',
      fileName: 'sdk-products.csv',
      totalRows: 3,
      importedRows: 2,
      failedRows: 1,
    })
    expect(summary.failures).toEqual([{ line: 4, error: 'Brand "No Such Brand" does not exist' }])
    expect(summary.failedRowsUrl).toBe(`/api/v1/imports/${summary.id}/failed-rows`)

    const record = await unwrap(coreGetImport({ client: affix, path: { id: summary.id } }))
    expect(record).toMatchObject({ id: summary.id, status: 'imported_partially', importedRows: 2, failedRows: 1 })

    const failedRows = await unwrap(coreDownloadFailedRows({ client: affix, path: { id: summary.id } }))
    expect(failedRows.trim().split('\n')).toEqual([
      'line,name,brand,status,error',
      '4,SDK Bingo,No Such Brand,active,"Brand ""No Such Brand"" does not exist"',
    ])

    const imported = await paged(brandsListProducts({ client: affix, query: { q: 'SDK ', sort: 'name' } }))
    expect(imported.items.map((product) => [product.name, product.status])).toEqual([
      ['SDK Poker', 'inactive'],
      ['SDK Slots', 'active'],
    ])
  })

  it('exports brands and products as CSV with the list filters, and lists them in the downloads', async () => {
    const brands = await unwrap(brandsExportBrands({ client: affix, query: { q: 'Lucky', sort: 'name' } }))
    expect(brands.trim().split('\n')[0]).toBe('id,name,email,contact,status,website,manager_id,company_name,company_country,created_at')
    expect(brands).toContain('Lucky Spin Casino')
    expect(brands).not.toContain('Royal Bet')
    const products = await unwrap(brandsExportProducts({ client: affix, query: { status: 'inactive' } }))
    expect(products).toContain('SDK Poker')
    expect(products).not.toContain('SDK Slots')
    const downloads = await paged(coreListExports({ client: affix }))
    expect(downloads.items.map((record) => [record.resource, record.status])).toEqual([
      ['products', 'exported'],
      ['brands', 'exported'],
    ])
  })

  it('answers 401 without a token or with a revoked one', async () => {
    const anonymous = createAffixClient({ baseUrl: server.url })
    const noToken = await apiError(unwrap(brandsListBrands({ client: anonymous })))
    expect(noToken.status).toBe(401)
    expect(noToken.type).toBe('unauthorized')
    expect(noToken.message).not.toBe('')

    const session = await unwrap(authLogin({ client: anonymous, body: DEMO_ADMIN }))
    const shortLived = trackOperations(createAffixClient({ baseUrl: server.url, token: session.token }))
    expect(await unwrap(authLogout({ client: shortLived }))).toEqual({ loggedOut: true })
    const revoked = await apiError(unwrap(coreGetAccount({ client: shortLived })))
    expect(revoked.status).toBe(401)
  })

  it('turns an unreachable server into a network AffixApiError', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo
        probe.close(() => resolve(port))
      })
    })
    const nowhere = createAffixClient({ baseUrl: `http://127.0.0.1:${closedPort}` })
    const error = await apiError(unwrap(coreGetAccount({ client: nowhere })))
    expect(error.status).toBe(0)
    expect(error.type).toBe('network')
    expect(error.message).toContain(`Could not reach http://127.0.0.1:${closedPort}`)
    expect(error.message).toContain('ECONNREFUSED')
  })

  it('has called every operation tagged "brands" in the OpenAPI document', () => {
    const brandsOperationIds = operationMatchers
      .filter((matcher) => matcher.operation.tags?.includes('brands'))
      .map((matcher) => matcher.operation.operationId)
      .sort()
    expect(brandsOperationIds).toContain('brandsImportProducts')
    expect(brandsOperationIds.filter((operationId) => !calledOperationIds.has(operationId))).toEqual([])
  })
})
