/*
 * fetch wrapper for the Affix API (spec §7). Every JSON response is an envelope
 * `{ success, data, error: { message, fields? }, status, type }`; this client unwraps it so
 * react-admin's providers see `json` = `envelope.data`, and turns failures into
 * react-admin HttpErrors whose `body.errors` ({ field: message }) lets forms show
 * server-side validation errors next to their inputs.
 *
 * Every call carries the current panel's bearer token, a fresh x-request-id, the UI
 * language and, for a parent admin acting on a child organisation, `coid` (except on
 * the organisation-independent calls of COID_EXEMPT). What an error status *does*
 * (logout, /403, /404, notices) is decided by authProvider.checkError (see api_errors).
 */
import { HttpError } from 'react-admin'
import { currentCoid, currentToken } from './session'

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

/** One query-string value: arrays repeat as key[]=value, objects are sent as JSON. */
export type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | { [key: string]: unknown }
export type QueryParams = Record<string, QueryValue>

export interface RequestOptions extends RequestInit {
  /** Appended to the URL through buildQuery. */
  query?: QueryParams
  /** Sends `x-skip-cache: 1`, asking the server for fresh data instead of a cached answer. */
  skipCache?: boolean
  /** `false` never sends coid, even when a child organisation is chosen. */
  coid?: boolean
  /**
   * A 404 on a GET sends the user to /404 (the thing the page shows is gone). Pass false
   * for look-ups whose "not found" the screen handles itself.
   */
  notFoundPage?: boolean
}

export type HttpClient = <T = any>(url: string, options?: RequestOptions) => Promise<HttpResponse<T>>

export interface HttpClientOptions {
  /** The UI's current locale, sent as Accept-Language so server messages match it. */
  getLocale?: () => string
  /** Defaults to the current panel's token (session.ts). */
  getToken?: () => string | null
  /** Defaults to the child organisation chosen in the session (session.ts). */
  getCoid?: () => number | null
  fetch?: typeof fetch
}

/** What the request was, kept on the error so checkError can tell a page load from a form post. */
export interface RequestInfo {
  method: string
  url: string
  notFoundPage: boolean
}

/** Messages of spec §8 used when the server gives none (i18n keys, translated where shown). */
export const FALLBACK_MESSAGE = 'affix.errors.fallback'
export const TOTAL_FAILURE_MESSAGE = 'affix.errors.total_failure'
export const RATE_LIMITED_MESSAGE = 'affix.errors.rate_limited'

/**
 * Calls that never take `coid` (spec §7: /account, /billing, /logout, /organization/child and
 * /register/child — the last is POST /organization/child here). Same list as the server's
 * auth middleware.
 */
export const COID_EXEMPT = /^\/api\/v1\/(account|billing|auth\/logout|organization\/child)(\/|\?|$)/

/** Whether a request to `url` carries coid (API calls only, minus the exempt list). */
export function takesCoid(url: string): boolean {
  const path = url.replace(/^https?:\/\/[^/]+/, '')
  return path.startsWith('/api/') && !COID_EXEMPT.test(path)
}

/**
 * The query builder of spec §5/§7: trims strings, drops empty values (undefined, null, blank
 * strings, empty arrays), keeps booleans (false included) and numbers (0 included), encodes
 * arrays as repeated `key[]=value`, dates as ISO strings and plain objects as JSON.
 * Returns the query string without its leading `?`.
 */
export function buildQuery(params: QueryParams | undefined): string {
  const search = new URLSearchParams()
  const scalar = (value: unknown): string | null => {
    if (value === undefined || value === null) return null
    if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
    if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null
    if (typeof value === 'boolean') return String(value)
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
    if (typeof value === 'object') return Object.keys(value).length ? JSON.stringify(value) : null
    return String(value)
  }
  for (const [name, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) {
      for (const item of value) {
        const encoded = scalar(item)
        if (encoded !== null) search.append(`${name}[]`, encoded)
      }
      continue
    }
    const encoded = scalar(value)
    if (encoded !== null) search.append(name, encoded)
  }
  return search.toString()
}

/** `url` with the query appended (keeps a query already in the URL). */
export function withQuery(url: string, params: QueryParams | undefined): string {
  const query = buildQuery(params)
  if (!query) return url
  return `${url}${url.includes('?') ? '&' : '?'}${query}`
}

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

/** An API failure: react-admin's HttpError plus the envelope `type` and what was requested. */
export class ApiError extends HttpError {
  readonly type: string | null
  request?: RequestInfo
  constructor(message: string, status: number, body: unknown, type: string | null) {
    super(message, status, body)
    // HttpError pins its own prototype; restore the subclass's so instanceof ApiError works.
    Object.setPrototypeOf(this, new.target.prototype)
    this.name = 'ApiError'
    this.type = type
  }
}

export function toHttpError(status: number, _statusText: string, payload: unknown): ApiError {
  if (!isEnvelope(payload) || !payload.error) {
    // A proxy or a crashed server answered: no envelope, so no server message.
    const message = status === 429 ? RATE_LIMITED_MESSAGE : TOTAL_FAILURE_MESSAGE
    return new ApiError(message, status, payload ?? null, null)
  }
  const { error } = payload
  const message = error.message || (status === 429 ? RATE_LIMITED_MESSAGE : FALLBACK_MESSAGE)
  const fieldErrors = fieldErrorsToRecord(error.fields)
  // `root.serverError` is what react-admin's form notification shows instead of its
  // generic "form is not valid", so errors on fields the form lacks are still seen.
  const body = Object.keys(fieldErrors).length
    ? { ...error, errors: { ...fieldErrors, root: { serverError: message } } }
    : { ...error }
  return new ApiError(message, status, body, payload.type ?? null)
}

/** Spec §8: a 401 typed `{host}.invoice.due` or `{host}.trial-end` is a notice, not a logout. */
export function isBillingNotice(error: { status?: number; type?: string | null }): boolean {
  return error.status === 401 && /\.(invoice\.due|trial-end)$/.test(error.type ?? '')
}

/**
 * Messages of recent 400 answers and billing notices. Spec §8 shows these as a warning toast / notice, not an error; the
 * app's notification component looks messages up here (react-admin's controllers notify
 * every failure with type "error").
 */
const recentWarnings = new Map<string, number>()
const WARNING_MEMORY_MS = 30_000
function rememberWarning(message: string) {
  const now = Date.now()
  for (const [known, at] of recentWarnings) if (now - at > WARNING_MEMORY_MS) recentWarnings.delete(known)
  recentWarnings.set(message, now)
}
export function isWarningMessage(message: string): boolean {
  const at = recentWarnings.get(message)
  return at !== undefined && Date.now() - at <= WARNING_MEMORY_MS
}

/** The UI language: the i18n provider keeps <html lang> in step with it. */
const documentLocale = () => (typeof document !== 'undefined' && document.documentElement.lang) || 'en'

export function createHttpClient({
  getLocale = documentLocale,
  getToken = currentToken,
  getCoid = currentCoid,
  fetch: fetchImpl = (...args) => fetch(...args),
}: HttpClientOptions = {}) {
  /** The request headers every API call carries; `body` decides the Content-Type. */
  const requestHeaders = (options: RequestOptions): Headers => {
    const headers = new Headers(options.headers)
    if (!headers.has('Accept')) headers.set('Accept', 'application/json')
    if (typeof options.body === 'string' && !headers.has('Content-Type'))
      headers.set('Content-Type', 'application/json')
    const token = getToken()
    // An explicit Authorization (e.g. revoking another stored panel's token) wins.
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`)
    headers.set('x-request-id', crypto.randomUUID())
    headers.set('Accept-Language', getLocale())
    if (options.skipCache) headers.set('x-skip-cache', '1')
    return headers
  }

  const requestUrl = (url: string, options: RequestOptions): string => {
    const coid = options.coid === false || !takesCoid(url) ? null : getCoid()
    return withQuery(url, { ...options.query, ...(coid ? { coid } : {}) })
  }

  const send = async (url: string, options: RequestOptions) => {
    const { query: _query, skipCache: _skipCache, coid: _coid, notFoundPage = true, ...init } = options
    const target = requestUrl(url, options)
    const request: RequestInfo = { method: (init.method ?? 'GET').toUpperCase(), url: target, notFoundPage }
    let response: Response
    try {
      response = await fetchImpl(target, { ...init, headers: requestHeaders(options) })
    } catch (cause) {
      if ((cause as Error)?.name === 'AbortError') throw cause
      // No answer at all (offline, DNS, CORS): spec §8 "total failure".
      const error = new ApiError(TOTAL_FAILURE_MESSAGE, 0, null, null)
      error.request = request
      throw error
    }
    return { response, request }
  }

  const fail = (response: Response, request: RequestInfo, payload: unknown): never => {
    const error = toHttpError(response.status, response.statusText, payload)
    error.request = request
    if (response.status === 400 || isBillingNotice(error)) rememberWarning(error.message)
    else if (response.status >= 500)
      console.error(`API ${request.method} ${request.url} failed (${response.status})`, error.message)
    throw error
  }

  const httpClient: HttpClient = async (url, options = {}) => {
    const { response, request } = await send(url, options)
    const body = await response.text()
    const payload = parseJson(body)
    if (!response.ok || (isEnvelope(payload) && !payload.success)) fail(response, request, payload)
    return {
      status: response.status,
      headers: response.headers,
      body,
      json: isEnvelope(payload) ? payload.data : payload,
    } as HttpResponse
  }

  /** Authenticated download of a non-JSON file; errors are still envelopes. */
  const downloadFile = async (url: string, options: RequestOptions = {}): Promise<{ blob: Blob; fileName: string }> => {
    const { response, request } = await send(url, {
      ...options,
      headers: { Accept: '*/*', ...(options.headers as Record<string, string>) },
    })
    if (!response.ok) fail(response, request, parseJson(await response.text()))
    const disposition = response.headers.get('Content-Disposition') ?? ''
    const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? url.split('?')[0].split('/').pop() ?? 'download'
    return { blob: await response.blob(), fileName }
  }

  return { httpClient, downloadFile, api: createApi(httpClient) }
}

export interface UploadParams {
  /** The file, sent as multipart field `fileField` (default `file`). */
  file?: Blob & { name?: string }
  fileField?: string
  /** Further multipart fields. */
  fields?: Record<string, string | Blob | number | boolean | null | undefined>
  query?: QueryParams
  method?: 'POST' | 'PUT' | 'PATCH'
}

/** The form calls of spec §7, over an HttpClient. Each resolves to the unwrapped `data`. */
export function createApi(httpClient: HttpClient) {
  const json = async <T>(method: string, path: string, body: unknown, options: RequestOptions = {}) =>
    (await httpClient<T>(path, { ...options, method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
      .json
  return {
    /** GET {path}?query */
    get: <T = any>(path: string, query?: QueryParams, options: RequestOptions = {}) =>
      json<T>('GET', path, undefined, { ...options, query }),
    /** POST JSON (query optional). */
    post: <T = any>(path: string, body?: unknown, query?: QueryParams, options: RequestOptions = {}) =>
      json<T>('POST', path, body ?? {}, { ...options, query }),
    put: <T = any>(path: string, body?: unknown, query?: QueryParams, options: RequestOptions = {}) =>
      json<T>('PUT', path, body ?? {}, { ...options, query }),
    /** PATCH JSON. */
    patch: <T = any>(path: string, body?: unknown, query?: QueryParams, options: RequestOptions = {}) =>
      json<T>('PATCH', path, body ?? {}, { ...options, query }),
    /** DELETE with an optional JSON body and query. */
    delete: <T = any>(path: string, body?: unknown, query?: QueryParams, options: RequestOptions = {}) =>
      json<T>('DELETE', path, body, { ...options, query }),
    /** POST multipart (a file and fields) with a query. */
    upload: async <T = any>(
      path: string,
      { file, fileField = 'file', fields, query, method = 'POST' }: UploadParams,
      options: RequestOptions = {}
    ) => {
      const form = new FormData()
      if (file) form.append(fileField, file, file.name ?? 'upload')
      for (const [name, value] of Object.entries(fields ?? {})) {
        if (value === undefined || value === null) continue
        form.append(name, value instanceof Blob ? value : String(value))
      }
      return (await httpClient<T>(path, { ...options, method, body: form, query })).json
    },
  }
}

export type Api = ReturnType<typeof createApi>

/**
 * The app's client (bearer token, coid and language of the current session). Screens call
 * the API through the data provider (`useDataProvider().request/upload`) so that
 * react-admin's error handling applies; `api` is for code outside React.
 */
export const { httpClient, downloadFile, api } = createHttpClient()
