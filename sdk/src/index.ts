/*
 * @affix/sdk: the typed client generated from openapi/openapi.json (src/generated, never
 * edited by hand) plus three small helpers:
 * - createAffixClient() builds a client with bearer auth, Accept-Language and x-request-id;
 * - unwrap() turns a call's result into the envelope's `data` or throws AffixApiError;
 * - paged() does the same for lists and adds the total from Content-Range.
 *
 *   const affix = createAffixClient({ baseUrl: 'http://127.0.0.1:3333', token })
 *   const brands = await paged(brandsListBrands({ client: affix, query: { limit: 10 } }))
 */
import { createClient, createConfig, type Client } from './generated/client/index.js'
import type { ClientOptions } from './generated/types.gen.js'

export * from './generated/index.js'
export type { Client } from './generated/client/index.js'

export interface AffixClientOptions {
  /** The server's address, e.g. http://127.0.0.1:3333 (no /api/v1 suffix). */
  baseUrl: string
  /** Bearer token from authLogin; without it only public operations work. */
  token?: string
  /** Sent as Accept-Language so that messages come back translated (en, pt, tr). */
  locale?: string
  /** A fetch implementation to use instead of the global one. */
  fetch?: typeof fetch
}

/**
 * A client of its own (not the generated module-wide one), so several sessions can
 * coexist in one process. Pass it to every operation: `brandsGetBrand({ client, path })`.
 */
export function createAffixClient(options: AffixClientOptions): Client {
  const client = createClient(
    createConfig<ClientOptions>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      auth: options.token,
      headers: options.locale ? { 'Accept-Language': options.locale } : undefined,
      fetch: options.fetch,
    })
  )
  // Every request carries an id the server logs and echoes, so a failure can be traced.
  client.interceptors.request.use((request) => {
    if (!request.headers.has('x-request-id')) request.headers.set('x-request-id', crypto.randomUUID())
    return request
  })
  return client
}

export interface AffixFieldError {
  field: string
  message: string
  rule?: string
}

/** A failed call: the server's (translated) message, HTTP status, error type and field errors. */
export class AffixApiError extends Error {
  readonly status: number
  readonly type: string
  readonly fields: AffixFieldError[]
  readonly requestId: string | undefined

  constructor(options: {
    message: string
    status: number
    type: string
    fields?: AffixFieldError[]
    requestId?: string
    cause?: unknown
  }) {
    super(options.message, { cause: options.cause })
    this.name = 'AffixApiError'
    this.status = options.status
    this.type = options.type
    this.fields = options.fields ?? []
    this.requestId = options.requestId
  }
}

/** What every generated operation resolves to (the client's default "fields" style). */
export interface ApiResult<TData> {
  data?: TData
  error?: unknown
  request?: Request
  response?: Response
}

/** The envelope's `data` for JSON operations; the body itself for others (e.g. a CSV file). */
export type Unwrapped<TData> = TData extends { success: boolean; data: infer Payload } ? Payload : TData

interface ErrorBody {
  message?: unknown
  fields?: unknown
  field?: unknown
}

function isEnvelope(
  value: unknown
): value is { success: boolean; data: unknown; error: ErrorBody | null; status?: number; type?: string | null } {
  return typeof value === 'object' && value !== null && 'success' in value && 'data' in value
}

function toApiError(result: ApiResult<unknown>, body: unknown): AffixApiError {
  const response = result.response
  const requestId = response?.headers.get('x-request-id') ?? result.request?.headers.get('x-request-id') ?? undefined
  if (!response) {
    // No response at all: the server could not be reached (or the request could not be built).
    const reason = body instanceof Error ? ((body.cause as Error | undefined)?.message ?? body.message) : String(body)
    const target = result.request ? new URL(result.request.url).origin : 'the server'
    return new AffixApiError({
      message: `Could not reach ${target}: ${reason}`,
      status: 0,
      type: 'network',
      requestId,
      cause: body,
    })
  }
  if (isEnvelope(body) && body.error) {
    const message = typeof body.error.message === 'string' ? body.error.message : response.statusText
    // List-parameter errors name a single `field` instead of a `fields` list; offer both the same way.
    const fields = Array.isArray(body.error.fields)
      ? (body.error.fields as AffixFieldError[])
      : typeof body.error.field === 'string'
        ? [{ field: body.error.field, message }]
        : []
    return new AffixApiError({
      message,
      status: body.status ?? response.status,
      type: body.type ?? 'error',
      fields,
      requestId,
    })
  }
  const text = typeof body === 'string' && body.trim() ? body.trim().slice(0, 200) : response.statusText
  return new AffixApiError({
    message: `HTTP ${response.status}: ${text}`,
    status: response.status,
    type: 'http',
    requestId,
  })
}

/**
 * Awaits an operation and returns the envelope's `data`, or throws AffixApiError with the
 * server's message, status, type and field errors.
 */
export async function unwrap<TData>(
  call: ApiResult<TData> | Promise<ApiResult<TData>>
): Promise<Unwrapped<NonNullable<TData>>> {
  const result = await call
  if (result.error !== undefined || !result.response?.ok) throw toApiError(result, result.error)
  const body = result.data
  if (isEnvelope(body)) {
    if (!body.success) throw toApiError(result, body)
    return body.data as Unwrapped<NonNullable<TData>>
  }
  return body as Unwrapped<NonNullable<TData>>
}

export interface Page<TItem> {
  items: TItem[]
  /** Rows matching the query across all pages (from Content-Range). */
  total: number
  /** Zero-based offset of the first item of this page. */
  start: number
  /** Name of the listed resource, e.g. "brands". */
  resource: string
}

const CONTENT_RANGE = /^(\S+)\s+(\d+)-(\d+)\/(\d+|\*)$/

/**
 * Like unwrap() for list operations, plus the paging total read from
 * `Content-Range: <resource> <start>-<end>/<total>`.
 */
export async function paged<TData>(
  call: ApiResult<TData> | Promise<ApiResult<TData>>
): Promise<Page<Unwrapped<NonNullable<TData>> extends Array<infer TItem> ? TItem : never>> {
  const result = await call
  const items = await unwrap(result)
  if (!Array.isArray(items)) throw new TypeError('paged() expects a list operation')
  const match = CONTENT_RANGE.exec(result.response?.headers.get('content-range') ?? '')
  const start = match ? Number(match[2]) : 0
  const total = match && match[4] !== '*' ? Number(match[4]) : start + items.length
  return { items, total, start, resource: match?.[1] ?? '' }
}
