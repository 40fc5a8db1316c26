import { describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../src/data_provider'
import type { HttpClient, HttpResponse } from '../../src/http_client'
import type { AdminPlugin } from '../../src/plugin_api'
import { ResourceRegistry } from '../../src/resource_registry'

const catalogue: AdminPlugin = {
  id: 'brands',
  resources: [
    { name: 'manage/brand', apiPath: '/api/v1/brands/brands' },
    { name: 'manage/product', apiPath: '/api/v1/brands/products/' },
    { name: 'engagements/click', apiPath: '/api/v1/tracking/clicks', primaryKey: 'clickId' },
    { name: 'campaign-caps', apiPath: '/api/v1/campaigns/campaigns/:campaignId/caps' },
  ],
  messages: { en: {}, pt: {}, tr: {} },
}

function setup(json: unknown = [], headers: Record<string, string> = {}) {
  const calls: Array<{ url: string; options: RequestInit }> = []
  const httpClient = vi.fn(async (url: string, options: RequestInit = {}) => {
    calls.push({ url, options })
    return { status: 200, headers: new Headers(headers), body: JSON.stringify(json), json } as HttpResponse
  }) as unknown as HttpClient
  const downloadFile = vi.fn()
  const dataProvider = createDataProvider({
    registry: new ResourceRegistry().register(catalogue),
    httpClient,
    downloadFile,
  })
  const request = (index = 0) => {
    const { url, options } = calls[index]
    const parsed = new URL(url, 'http://affix.test')
    return {
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      method: options.method ?? 'GET',
      options,
    }
  }
  return { dataProvider, request, downloadFile }
}

describe('dataProvider', () => {
  it('lists a resource from its API path with range, sort and filter, and reads the total from Content-Range', async () => {
    const { dataProvider, request } = setup([{ id: 1, name: 'Lucky Spin Casino' }], {
      'Content-Range': 'brands 0-0/31',
    })

    const result = await dataProvider.getList('manage/brand', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { status: 'active', q: 'lucky' },
    })

    expect(result).toEqual({ data: [{ id: 1, name: 'Lucky Spin Casino' }], total: 31 })
    const { path, query, method } = request()
    expect(method).toBe('GET')
    expect(path).toBe('/api/v1/brands/brands')
    expect(JSON.parse(query.range)).toEqual([25, 49])
    expect(JSON.parse(query.sort)).toEqual(['name', 'ASC'])
    expect(JSON.parse(query.filter)).toEqual({ status: 'active', q: 'lucky' })
  })

  it('maps products to their own path (trailing slash ignored)', async () => {
    const { dataProvider, request } = setup({ id: 7, name: 'Royal Bet Sportsbook', brandId: 2 })

    await expect(dataProvider.getOne('manage/product', { id: 7 })).resolves.toEqual({
      data: { id: 7, name: 'Royal Bet Sportsbook', brandId: 2 },
    })
    expect(request().path).toBe('/api/v1/brands/products/7')
  })

  it('fetches references by id filter and related records by target filter', async () => {
    const { dataProvider, request } = setup([], { 'Content-Range': 'products 0-0/0' })

    await dataProvider.getMany('manage/brand', { ids: [1, 2] })
    await dataProvider.getManyReference('manage/product', {
      target: 'brandId',
      id: 1,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    })

    expect(request(0).path).toBe('/api/v1/brands/brands')
    expect(JSON.parse(request(0).query.filter)).toEqual({ id: [1, 2] })
    expect(request(1).path).toBe('/api/v1/brands/products')
    expect(JSON.parse(request(1).query.filter)).toEqual({ brandId: 1 })
  })

  it('creates with POST, updates with PUT and deletes with DELETE on the mapped paths', async () => {
    const { dataProvider, request } = setup({ id: 3, name: 'Playwright Casino' })

    await dataProvider.create('manage/brand', { data: { name: 'Playwright Casino' } })
    await dataProvider.update('manage/brand', { id: 3, data: { name: 'Playwright Casino' }, previousData: { id: 3 } })
    await dataProvider.delete('manage/brand', { id: 3 })

    expect([request(0).method, request(0).path]).toEqual(['POST', '/api/v1/brands/brands'])
    expect(JSON.parse(String(request(0).options.body))).toEqual({ name: 'Playwright Casino' })
    expect([request(1).method, request(1).path]).toEqual(['PUT', '/api/v1/brands/brands/3'])
    expect([request(2).method, request(2).path]).toEqual(['DELETE', '/api/v1/brands/brands/3'])
  })

  it('gives records keyed by another field (a click id) that key as react-admin’s id', async () => {
    const click = { clickId: '0190a5c4-0000-7000-8000-000000000001', outcome: 'redirect' }
    const { dataProvider, request } = setup([click], { 'Content-Range': 'clicks 0-0/1' })
    const result = await dataProvider.getList('engagements/click', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { outcome: 'redirect' },
    })
    expect(result).toEqual({ data: [{ ...click, id: click.clickId }], total: 1 })
    expect(request().path).toBe('/api/v1/tracking/clicks')
    // Records keyed by `id` are left as they are.
    const products = setup({ id: 7, name: 'Slots' })
    await expect(products.dataProvider.getOne('manage/product', { id: 7 })).resolves.toEqual({
      data: { id: 7, name: 'Slots' },
    })
  })

  it('maps a sub-collection to its parent’s path: the reference target, else meta, else the record', async () => {
    const caps = [
      { id: 1, campaignId: 5, variable: 'leads' },
      { id: 2, campaignId: 5, variable: 'clicks' },
      { id: 3, campaignId: 5, variable: 'ftd' },
    ]
    // The API answers the whole list with no Content-Range: sorted and paged here.
    const { dataProvider, request } = setup(caps)
    await expect(
      dataProvider.getManyReference('campaign-caps', {
        target: 'campaignId',
        id: 5,
        pagination: { page: 1, perPage: 2 },
        sort: { field: 'variable', order: 'ASC' },
        filter: {},
      })
    ).resolves.toEqual({ data: [caps[1], caps[2]], total: 3 })
    expect([request(0).method, request(0).path, request(0).query]).toEqual([
      'GET',
      '/api/v1/campaigns/campaigns/5/caps',
      {},
    ])

    const one = setup(caps[0])
    await one.dataProvider.getOne('campaign-caps', { id: 1, meta: { campaignId: 5 } })
    await one.dataProvider.create('campaign-caps', { data: { variable: 'leads' }, meta: { campaignId: 5 } })
    await one.dataProvider.update('campaign-caps', { id: 1, data: { variable: 'leads' }, previousData: caps[0] })
    await one.dataProvider.delete('campaign-caps', { id: 1, previousData: caps[0] })
    expect([0, 1, 2, 3].map((index) => `${one.request(index).method} ${one.request(index).path}`)).toEqual([
      'GET /api/v1/campaigns/campaigns/5/caps/1',
      'POST /api/v1/campaigns/campaigns/5/caps',
      'PUT /api/v1/campaigns/campaigns/5/caps/1',
      'DELETE /api/v1/campaigns/campaigns/5/caps/1',
    ])
    await expect(one.dataProvider.getOne('campaign-caps', { id: 1 })).rejects.toThrow(
      'Resource "campaign-caps" needs its parent\'s campaignId'
    )
  })

  it('rejects resources no plugin declares', async () => {
    const { dataProvider } = setup()
    await expect(dataProvider.getOne('campaigns', { id: 1 })).rejects.toThrow('Unknown resource "campaigns"')
  })

  it('changes the status of many records in one POST to <path>/status', async () => {
    const { dataProvider, request } = setup({ updated: 2, ids: [1, 2] })

    await expect(dataProvider.setStatus('manage/brand', { ids: [1, 2], status: 'inactive' })).resolves.toEqual({
      data: { updated: 2, ids: [1, 2] },
    })
    expect([request().method, request().path]).toEqual(['POST', '/api/v1/brands/brands/status'])
    expect(JSON.parse(String(request().options.body))).toEqual({ ids: [1, 2], status: 'inactive' })
  })

  it('uploads a CSV import as multipart field "file"', async () => {
    const summary = {
      id: 1,
      status: 'completed',
      totalRows: 1,
      importedRows: 1,
      failedRows: 0,
      failures: [],
      failedRowsUrl: null,
    }
    const { dataProvider, request } = setup(summary)
    const file = new File(['name,brand\nSlots,Royal Bet\n'], 'products.csv', { type: 'text/csv' })

    await expect(dataProvider.importCsv('manage/product', { file })).resolves.toEqual({ data: summary })
    const { method, path, options } = request()
    expect([method, path]).toEqual(['POST', '/api/v1/brands/products/import'])
    const sent = (options.body as FormData).get('file') as File
    expect(sent.name).toBe('products.csv')
    await expect(sent.text()).resolves.toBe('name,brand\nSlots,Royal Bet\n')
  })
})

describe('dataProvider.request and upload', () => {
  it('sends any API call with its method, query and JSON body, and returns data, headers and status', async () => {
    const { dataProvider, request } = setup({ id: 5 }, { 'Content-Range': 'members 0-0/1' })

    const result = await dataProvider.request('/api/v1/team-members/5/affiliates', {
      method: 'DELETE',
      query: { force: true },
      body: { ids: [1] },
    })

    expect(result.data).toEqual({ id: 5 })
    expect(result.headers.get('Content-Range')).toBe('members 0-0/1')
    const { method, path, options } = request()
    expect([method, path]).toEqual(['DELETE', '/api/v1/team-members/5/affiliates'])
    expect((options as { query?: unknown }).query).toEqual({ force: true })
    expect(JSON.parse(String(options.body))).toEqual({ ids: [1] })
  })

  it('uploads a file with fields and a query as multipart', async () => {
    const { dataProvider, request } = setup({ id: 1 })
    const file = new File(['x'], 'logo.png', { type: 'image/png' })

    await expect(
      dataProvider.upload('/api/v1/branding/logo', { file, fields: { kind: 'logo' }, query: { preview: false } })
    ).resolves.toEqual({ data: { id: 1 } })
    const { method, path, options } = request()
    expect([method, path]).toEqual(['POST', '/api/v1/branding/logo'])
    expect((options as { query?: unknown }).query).toEqual({ preview: false })
    expect(((options.body as FormData).get('file') as File).name).toBe('logo.png')
    expect((options.body as FormData).get('kind')).toBe('logo')
  })
})

describe('ResourceRegistry', () => {
  it('refuses two plugins declaring the same resource', () => {
    const registry = new ResourceRegistry().register(catalogue)
    expect(() => registry.register({ ...catalogue, id: 'other' })).toThrow('already registered by "brands"')
  })
})
