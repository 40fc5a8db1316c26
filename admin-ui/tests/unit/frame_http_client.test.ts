import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { classifyApiError } from '../../src/auth_provider'
import {
  ApiError,
  buildQuery,
  createHttpClient,
  isWarningMessage,
  RATE_LIMITED_MESSAGE,
  takesCoid,
  withQuery,
} from '../../src/http_client'

const ok = (data: unknown = {}) =>
  new Response(JSON.stringify({ success: true, data, error: null, status: 200, type: null }), {
    headers: { 'Content-Type': 'application/json' },
  })
const failure = (status: number, message: string, type: string) =>
  new Response(JSON.stringify({ success: false, data: null, error: { message }, status, type }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })

function client(response: () => Response = () => ok()) {
  const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => response())
  const created = createHttpClient({ getLocale: () => 'en', fetch: fetchMock })
  const sent = (index = 0) => {
    const [url, init] = fetchMock.mock.calls[index]
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) }
  }
  return { ...created, fetchMock, sent }
}

describe('buildQuery', () => {
  it('trims strings, drops empty values, keeps booleans and zero, repeats arrays as key[]', () => {
    const query = buildQuery({
      q: '  lucky  ',
      blank: '   ',
      none: null,
      missing: undefined,
      active: false,
      page: 0,
      ids: [1, ' 2 ', '', null],
      empty: [],
    })
    expect(query).toBe('q=lucky&active=false&page=0&ids%5B%5D=1&ids%5B%5D=2')
    expect(new URLSearchParams(query).getAll('ids[]')).toEqual(['1', '2'])
  })

  it('encodes dates as ISO strings and objects as JSON, and appends to URLs that have a query', () => {
    expect(buildQuery({ start: new Date('2025-01-02T03:04:05Z'), filter: { status: 'active' }, nothing: {} })).toBe(
      `start=2025-01-02T03%3A04%3A05.000Z&filter=${encodeURIComponent('{"status":"active"}')}`
    )
    expect(withQuery('/api/v1/x?a=1', { b: 2 })).toBe('/api/v1/x?a=1&b=2')
    expect(withQuery('/api/v1/x', { b: '' })).toBe('/api/v1/x')
  })
})

describe('coid', () => {
  beforeEach(() => {
    localStorage.setItem('panel', 'admin')
    localStorage.setItem('adminToken', 'afx_parent')
    localStorage.setItem('coid', '42')
  })
  afterEach(() => localStorage.clear())

  it('is exempt on account, billing, logout and child-organisation calls (spec §7), and never off the API', () => {
    for (const path of [
      '/api/v1/account',
      '/api/v1/account/profile',
      '/api/v1/billing',
      '/api/v1/billing/invoices',
      '/api/v1/auth/logout',
      '/api/v1/auth/logout/su',
      '/api/v1/organization/child',
      '/api/v1/organization/child/3/restrictions',
      '/health',
    ]) {
      expect(takesCoid(path), path).toBe(false)
    }
    for (const path of [
      '/api/v1/brands/brands',
      '/api/v1/organization',
      '/api/v1/organization/features',
      '/api/v1/team-members',
      '/api/v1/accountant',
    ]) {
      expect(takesCoid(path), path).toBe(true)
    }
  })

  it('is sent with the chosen child organisation, except on the exempt calls', async () => {
    const { httpClient, sent } = client()
    await httpClient('/api/v1/brands/brands?range=%5B0%2C9%5D')
    await httpClient('/api/v1/account')
    await httpClient('/api/v1/organization/child', { method: 'POST', body: '{}' })
    await httpClient('/api/v1/brands/brands', { coid: false })
    expect(sent(0).url).toBe('/api/v1/brands/brands?range=%5B0%2C9%5D&coid=42')
    expect(sent(1).url).toBe('/api/v1/account')
    expect(sent(2).url).toBe('/api/v1/organization/child')
    expect(sent(3).url).toBe('/api/v1/brands/brands')
  })
})

describe('request helpers', () => {
  beforeEach(() => {
    localStorage.setItem('panel', 'affiliate')
    localStorage.setItem('affiliateToken', 'afx_affiliate')
  })
  afterEach(() => localStorage.clear())

  it('sends the current panel token, a request id and the cache-skip header when asked', async () => {
    const { api, sent } = client()
    await api.get('/api/v1/account', undefined, { skipCache: true })
    await api.get('/api/v1/account')
    expect(sent(0).headers.get('Authorization')).toBe('Bearer afx_affiliate')
    expect(sent(0).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent(0).headers.get('x-skip-cache')).toBe('1')
    expect(sent(1).headers.has('x-skip-cache')).toBe(false)
  })

  it('uploads multipart with a query and deletes with a JSON body and query', async () => {
    const { api, sent } = client(() => ok({ id: 1 }))
    const file = new File(['a,b\n'], 'rows.csv', { type: 'text/csv' })
    await expect(
      api.upload('/api/v1/imports', { file, fields: { type: 'products', skip: null }, query: { dryRun: true } })
    ).resolves.toEqual({ id: 1 })
    await api.delete('/api/v1/team-members/5/affiliates', { ids: [1, 2] }, { force: true })

    const upload = sent(0)
    expect([upload.init.method, upload.url]).toEqual(['POST', '/api/v1/imports?dryRun=true'])
    const form = upload.init.body as FormData
    expect((form.get('file') as File).name).toBe('rows.csv')
    expect(form.get('type')).toBe('products')
    expect(form.has('skip')).toBe(false)
    expect(upload.headers.has('Content-Type')).toBe(false)

    const remove = sent(1)
    expect([remove.init.method, remove.url]).toEqual(['DELETE', '/api/v1/team-members/5/affiliates?force=true'])
    expect(JSON.parse(String(remove.init.body))).toEqual({ ids: [1, 2] })
    expect(remove.headers.get('Content-Type')).toBe('application/json')
  })

  it("keeps the request on the error and shows the spec's message for a 429 without one", async () => {
    const { httpClient } = client(() => new Response('', { status: 429 }))
    const error = (await httpClient('/api/v1/brands/brands').catch((caught: unknown) => caught)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(429)
    expect(error.message).toBe(RATE_LIMITED_MESSAGE)
    expect(error.request).toMatchObject({ method: 'GET', url: '/api/v1/brands/brands' })
  })

  it('remembers 400 and billing-notice messages so they show as warnings', async () => {
    let answer = () => failure(400, 'Missing query parameter', 'bad_request')
    const { httpClient } = client(() => answer())
    await httpClient('/api/v1/x').catch(() => undefined)
    answer = () => failure(401, 'Your invoice is due.', 'app.affix.dev.invoice.due')
    await httpClient('/api/v1/x').catch(() => undefined)
    answer = () => failure(500, 'Database down', 'internal')
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await httpClient('/api/v1/x').catch(() => undefined)
    expect(isWarningMessage('Missing query parameter')).toBe(true)
    expect(isWarningMessage('Your invoice is due.')).toBe(true)
    expect(isWarningMessage('Database down')).toBe(false)
  })
})

describe('classifyApiError (spec §8)', () => {
  const error = (status: number, type: string | null = null, method = 'GET', notFoundPage = true) => {
    const apiError = new ApiError('message', status, null, type)
    apiError.request = { method, url: '/api/v1/x', notFoundPage }
    return apiError
  }

  it('shows a typed 401 (invoice due, trial end) as a notice and logs out on any other 401', () => {
    expect(classifyApiError(error(401, 'panel.example.com.invoice.due'))).toEqual({ kind: 'notice' })
    expect(classifyApiError(error(401, 'affix.trial-end'))).toEqual({ kind: 'notice' })
    expect(classifyApiError(error(401, 'unauthorized'))).toEqual({ kind: 'logout' })
    expect(classifyApiError(error(401, 'invoice.due.not'))).toEqual({ kind: 'logout' })
  })

  it('forces a logout on 406, sends 403 to /403 and a locked panel to billing', () => {
    expect(classifyApiError(error(406, 'forced_logout'))).toEqual({ kind: 'forcedLogout' })
    expect(classifyApiError(error(403, 'forbidden'))).toEqual({ kind: 'redirect', to: '/403' })
    expect(classifyApiError(error(403, 'panel_locked'))).toEqual({ kind: 'redirect', to: '/manage/billing' })
  })

  it('sends a 404 on a page load to /404 but keeps a failed write on its form', () => {
    expect(classifyApiError(error(404, 'not_found'))).toEqual({ kind: 'redirect', to: '/404' })
    expect(classifyApiError(error(404, 'not_found', 'GET', false))).toEqual({ kind: 'error' })
    expect(classifyApiError(error(404, 'not_found', 'PATCH'))).toEqual({ kind: 'error' })
  })

  it('warns on 400 and leaves 422, 429 and 5xx to the screen', () => {
    expect(classifyApiError(error(400))).toEqual({ kind: 'warning' })
    for (const status of [422, 429, 500, 0]) expect(classifyApiError(error(status))).toEqual({ kind: 'error' })
  })
})
