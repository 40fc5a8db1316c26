import { HttpError } from 'react-admin'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHttpClient, TOTAL_FAILURE_MESSAGE } from '../../src/http_client'

const jsonResponse = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  })

function clientWith(response: Response, locale = 'pt') {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response)
  const client = createHttpClient({ getLocale: () => locale, fetch: fetchMock })
  const sentHeaders = () => new Headers(fetchMock.mock.calls[0][1]?.headers)
  return { ...client, fetchMock, sentHeaders }
}

describe('httpClient', () => {
  beforeEach(() => {
    localStorage.setItem('panel', 'admin')
    localStorage.setItem('adminToken', 'afx_test_token')
  })
  afterEach(() => localStorage.clear())

  it('unwraps the envelope: json is envelope.data, headers and body are kept', async () => {
    const envelope = {
      success: true,
      data: [{ id: 1, name: 'Lucky Spin Casino' }],
      error: null,
      status: 200,
      type: null,
    }
    const { httpClient } = clientWith(jsonResponse(envelope, { headers: { 'Content-Range': 'brands 0-0/1' } }))

    const response = await httpClient('/api/v1/brands/brands')

    expect(response.status).toBe(200)
    expect(response.json).toEqual([{ id: 1, name: 'Lucky Spin Casino' }])
    expect(response.headers.get('Content-Range')).toBe('brands 0-0/1')
    expect(JSON.parse(response.body)).toEqual(envelope)
  })

  it('sends the bearer token, a fresh x-request-id and the UI locale', async () => {
    const { httpClient, sentHeaders, fetchMock } = clientWith(
      jsonResponse({ success: true, data: {}, error: null, status: 200, type: null })
    )

    await httpClient('/api/v1/account', { headers: new Headers({ Range: 'brands=0-9' }) })

    const headers = sentHeaders()
    expect(headers.get('Authorization')).toBe('Bearer afx_test_token')
    expect(headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(headers.get('Accept-Language')).toBe('pt')
    expect(headers.get('Accept')).toBe('application/json')
    expect(headers.get('Range')).toBe('brands=0-9')
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/account')
  })

  it('uses a new request id per request and no Authorization without a token', async () => {
    localStorage.clear()
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(async () => jsonResponse({ success: true, data: null, error: null, status: 200, type: null }))
    const { httpClient } = createHttpClient({ getLocale: () => 'en', fetch: fetchMock })

    await httpClient('/health')
    await httpClient('/health')

    const [first, second] = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers))
    expect(first.has('Authorization')).toBe(false)
    expect(first.get('x-request-id')).not.toBe(second.get('x-request-id'))
  })

  it('sets a JSON Content-Type for JSON bodies but leaves multipart bodies to fetch', async () => {
    const ok = () => jsonResponse({ success: true, data: {}, error: null, status: 201, type: null }, { status: 201 })
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => ok())
    const { httpClient } = createHttpClient({ getLocale: () => 'en', fetch: fetchMock })

    await httpClient('/api/v1/brands/brands', { method: 'POST', body: JSON.stringify({ name: 'X' }) })
    await httpClient('/api/v1/brands/products/import', { method: 'POST', body: new FormData() })

    const [json, multipart] = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers))
    expect(json.get('Content-Type')).toBe('application/json')
    expect(multipart.has('Content-Type')).toBe(false)
  })

  it('turns a 422 envelope into an HttpError whose body.errors maps fields to messages', async () => {
    const envelope = {
      success: false,
      data: null,
      error: {
        message: 'Name is required',
        fields: [
          { field: 'name', message: 'Name is required', rule: 'required' },
          { field: 'email', message: 'Email must be a valid email', rule: 'email' },
          { field: 'email', message: 'second message for the same field', rule: 'maxLength' },
        ],
      },
      status: 422,
      type: 'validation',
    }
    const { httpClient } = clientWith(jsonResponse(envelope, { status: 422 }))

    const error = await httpClient('/api/v1/brands/brands', { method: 'POST', body: '{}' }).catch(
      (caught: unknown) => caught
    )

    expect(error).toBeInstanceOf(HttpError)
    const httpError = error as HttpError
    expect(httpError.status).toBe(422)
    expect(httpError.message).toBe('Name is required')
    expect(httpError.body).toEqual({
      message: 'Name is required',
      fields: envelope.error.fields,
      errors: {
        name: 'Name is required',
        email: 'Email must be a valid email',
        root: { serverError: 'Name is required' },
      },
    })
  })

  it('keeps errors without fields free of body.errors, so react-admin notifies them', async () => {
    const envelope = {
      success: false,
      data: null,
      error: { message: 'Your session has expired or is invalid. Please log in again.' },
      status: 401,
      type: 'unauthorized',
    }
    const { httpClient } = clientWith(jsonResponse(envelope, { status: 401 }))

    const error = (await httpClient('/api/v1/account').catch((caught: unknown) => caught)) as HttpError

    expect(error).toBeInstanceOf(HttpError)
    expect(error.status).toBe(401)
    expect(error.message).toBe('Your session has expired or is invalid. Please log in again.')
    expect(error.body).toEqual({ message: 'Your session has expired or is invalid. Please log in again.' })
  })

  it('reports a non-JSON failure as the total failure of spec §8', async () => {
    const { httpClient } = clientWith(new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }))

    const error = (await httpClient('/api/v1/account').catch((caught: unknown) => caught)) as HttpError

    expect(error).toBeInstanceOf(HttpError)
    expect(error.status).toBe(502)
    expect(error.message).toBe(TOTAL_FAILURE_MESSAGE)
  })

  it('downloads authenticated files with the server-given file name', async () => {
    const csv = 'line,name,error\n3,Bad,Brand "Nope" does not exist\n'
    const { downloadFile, sentHeaders } = clientWith(
      new Response(csv, {
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="import-1-failed-rows.csv"',
        },
      })
    )

    const { blob, fileName } = await downloadFile('/api/v1/imports/1/failed-rows')

    expect(fileName).toBe('import-1-failed-rows.csv')
    await expect(blob.text()).resolves.toBe(csv)
    expect(sentHeaders().get('Authorization')).toBe('Bearer afx_test_token')
  })
})
