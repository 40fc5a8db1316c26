/*
 * fetch wrapper for the Affix API. Every JSON response is an envelope
 * `{ success, data, error: { message, fields? }, status, type }`; this client unwraps it so
 * react-admin's providers see `json` = `envelope.data`, and turns failures into
 * react-admin HttpErrors whose `body.errors` ({ field: message }) lets forms show
 * server-side validation errors next to their inputs.
 */
import { HttpError } from 'react-admin'

/** localStorage key of the bearer token (written by the auth provider). */
export const TOKEN_STORAGE_KEY = 'token'

export interface FieldError {
  field: string
  message: string
  rule?: string
}

export interface ApiEnvelope<T = unknown> {
  success: boolean
  data: T
  error: { message: string; fields?: FieldError[]; [key: string]: unknown } | null
  status: number
  type: string | null
}

export interface HttpResponse<T = any> {
  status: number
  headers: Headers
  body: string
  json: T
}

export type HttpClient = <T = any>(url: string, options?: RequestInit) => Promise<HttpResponse<T>>

export interface HttpClientOptions {
  /** The UI's current locale, sent as Accept-Language so server messages match it. */
  getLocale: () => string
  /** Defaults to the token stored by the auth provider. */
  getToken?: () => string | null
  fetch?: typeof fetch
}

const storedToken = () => localStorage.getItem(TOKEN_STORAGE_KEY)

/** `fields` of an error envelope as react-admin's `{ fieldName: message }`; the first message per field wins. */
export function fieldErrorsToRecord(fields: FieldError[] | undefined): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const { field, message } of fields ?? []) {
    if (field && !(field in errors)) errors[field] = message
  }
  return errors
}

function isEnvelope(value: unknown): value is ApiEnvelope {
  return typeof value === 'object' && value !== null && 'success' in value && 'data' in value
}

function parseJson(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export function toHttpError(status: number, statusText: string, payload: unknown): HttpError {
  if (!isEnvelope(payload) || !payload.error) return new HttpError(statusText || `HTTP ${status}`, status, payload ?? null)
  const { error } = payload
  const fieldErrors = fieldErrorsToRecord(error.fields)
  // `root.serverError` is what react-admin's form notification shows instead of its
  // generic "form is not valid", so errors on fields the form lacks are still seen.
  const body = Object.keys(fieldErrors).length
    ? { ...error, errors: { ...fieldErrors, root: { serverError: error.message } } }
    : { ...error }
  return new HttpError(error.message || statusText, status, body)
}

export function createHttpClient({ getLocale, getToken = storedToken, fetch: fetchImpl = fetch }: HttpClientOptions) {
  /** The request headers every API call carries; `body` decides the Content-Type. */
  const requestHeaders = (options: RequestInit): Headers => {
    const headers = new Headers(options.headers)
    if (!headers.has('Accept')) headers.set('Accept', 'application/json')
    if (typeof options.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
    const token = getToken()
    if (token) headers.set('Authorization', `Bearer ${token}`)
    headers.set('x-request-id', crypto.randomUUID())
    headers.set('Accept-Language', getLocale())
    return headers
  }

  const httpClient: HttpClient = async (url, options = {}) => {
    const response = await fetchImpl(url, { ...options, headers: requestHeaders(options) })
    const body = await response.text()
    const payload = parseJson(body)
    if (!response.ok || (isEnvelope(payload) && !payload.success)) {
      throw toHttpError(response.status, response.statusText, payload)
    }
    return {
      status: response.status,
      headers: response.headers,
      body,
      json: isEnvelope(payload) ? payload.data : payload,
    } as HttpResponse
  }

  /** Authenticated download of a non-JSON file; errors are still envelopes. */
  const downloadFile = async (url: string): Promise<{ blob: Blob; fileName: string }> => {
    const response = await fetchImpl(url, { headers: requestHeaders({ headers: { Accept: '*/*' } }) })
    if (!response.ok) throw toHttpError(response.status, response.statusText, parseJson(await response.text()))
    const disposition = response.headers.get('Content-Disposition') ?? ''
    const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? url.split('/').pop() ?? 'download'
    return { blob: await response.blob(), fileName }
  }

  return { httpClient, downloadFile }
}
