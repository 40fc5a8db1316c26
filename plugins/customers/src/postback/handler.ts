/*
 * The inbound server-to-server postback: `GET|POST /pb/?secret=…&event=…&cuid=…` (a root
 * route, answered before AdonisJS: no router, session or body parser on this hot path).
 *
 * - secret: the organisation's postback secret (`secret` parameter or `X-Affix-Secret`
 *   header); wrong or missing → 401, never logged (it names no organisation);
 * - event: registration | ftd | deposit | activity, with cid, cuid, amount, currency,
 *   txn_id, b1…b9 and the activity columns; POST bodies may be form-encoded or JSON;
 * - the event goes through the ingest service in a group commit (writer.ts) and is answered
 *   once stored: 200 created | updated | duplicate, 422 with the reason, 503 if it could not
 *   be stored (retry: the same txn_id is never counted twice);
 * - every answered event is in the inbound log with its parameters (the secret removed).
 * Messages follow `lang` or Accept-Language (en, pt, tr).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import i18nManager from '@adonisjs/i18n/services/main'
import { onInvalidation, pluginEnabledFor } from '@affix/core/kernel'
import { clientIp } from '@affix/tracking/contracts'
import { ACTIVITY_COLUMNS, CUSTOMER_COLUMNS } from '../constants.js'
import type { RowError } from '../ingest/rows.js'
import type { RowResult } from '../ingest/service.js'
import { organizationOfSecret } from './secret.js'
import { PostbackWriter, statusOf, type PostbackEvent } from './writer.js'

export const POSTBACK_PREFIX = '/pb/'
const MAX_BODY_BYTES = 64 * 1024
const MAX_LOGGED_PARAMS = 60
export const POSTBACK_EVENTS = ['registration', 'ftd', 'deposit', 'activity'] as const

function translate(locale: string, error: RowError) {
  const i18n = i18nManager.locale(i18nManager.getSupportedLocaleFor(locale) ?? i18nManager.defaultLocale)
  return i18n.t(`customers.rows.${error.key}`, error.data ?? {})
}

let writer: PostbackWriter | null = null
export function postbackWriter() {
  writer ??= new PostbackWriter((error) => translate('en', error), 1000, 4)
  return writer
}

export async function closePostbackWriter() {
  const closing = writer
  writer = null
  await closing?.close()
}

const enabled = new Map<number, { on: boolean; until: number }>()
let listening = false
async function isEnabled(organizationId: number) {
  if (!listening) {
    listening = true
    onInvalidation('plugins', ({ organizationId: changed }) => enabled.delete(changed))
  }
  const hit = enabled.get(organizationId)
  if (hit && hit.until > Date.now()) return hit.on
  const on = await pluginEnabledFor(organizationId, 'customers')
  enabled.set(organizationId, { on, until: Date.now() + 60_000 })
  return on
}

function send(response: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(json)),
    ...(status === 503 ? { 'retry-after': '1' } : {}),
  })
  response.end(json)
}

function failure(response: ServerResponse, status: number, message: string, type: string) {
  send(response, status, { success: false, data: null, error: { message }, status, type })
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Query and body parameters (body wins), first value of each, as strings. */
async function paramsOf(request: IncomingMessage): Promise<Record<string, string> | 'too_large' | 'malformed'> {
  const url = request.url ?? ''
  const mark = url.indexOf('?')
  const params: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1)))
    if (!(name in params)) params[name] = value
  if (request.method !== 'POST') return params
  const body = await readBody(request)
  if (body === null) return 'too_large'
  if (!body.trim()) return params
  if (String(request.headers['content-type'] ?? '').includes('json')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return 'malformed'
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'malformed'
    for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (value === null || value === undefined) continue
      if (typeof value === 'object') return 'malformed'
      params[name] = String(value)
    }
    return params
  }
  for (const [name, value] of new URLSearchParams(body)) params[name] = value
  return params
}

function pick(params: Record<string, string>, columns: readonly string[]) {
  const row: Record<string, unknown> = {}
  for (const column of columns) if (params[column] !== undefined && params[column] !== '') row[column] = params[column]
  if (row.curr === undefined && params.currency) row.curr = params.currency
  return row
}

/** The event as an ingest row, or why it is refused before the ingest. */
export function eventRow(
  event: string | null,
  params: Record<string, string>,
  receivedAt = new Date()
): Omit<PostbackEvent, 'organizationId' | 'log'> {
  const refused = (key: string, data?: Record<string, unknown>) => ({
    kind: 'refused' as const,
    row: null,
    refused: { key, data },
  })
  switch (event) {
    case 'registration':
      return { kind: 'registration', row: pick(params, CUSTOMER_COLUMNS) }
    case 'ftd':
    case 'deposit': {
      if (!params.txn_id) return refused('txn_required', { event })
      if (params.amount === undefined || params.amount === '') return refused('required', { field: 'amount' })
      const row = pick(params, ['cuid', 'date', 'txn_id', 'brand_id'])
      // Without a date the event counts on the day it arrives (organisation zone).
      row.date ??= receivedAt.toISOString()
      if (params.curr || params.currency) row.curr = params.curr || params.currency
      row.deposits = params.amount
      row.deposit_count = 1
      if (event === 'ftd') {
        row.ftd = 1
        row.ftd_amount = params.amount
      }
      return { kind: 'activity', row }
    }
    case 'activity': {
      const row = pick(params, ACTIVITY_COLUMNS)
      row.date ??= receivedAt.toISOString()
      if (row.deposits === undefined && params.amount) row.deposits = params.amount
      return { kind: 'activity', row }
    }
    default:
      return refused('unknown_event', { events: 'registration, ftd, deposit, activity' })
  }
}

function localeOf(request: IncomingMessage, params: Record<string, string> | null) {
  const wanted = params?.lang ?? String(request.headers['accept-language'] ?? '').split(/[,;]/)[0]
  return wanted?.trim() || 'en'
}

export async function postbackRoute(request: IncomingMessage, response: ServerResponse) {
  if (request.method === 'HEAD') return failure(response, 405, 'Use GET or POST', 'method_not_allowed')
  const receivedAt = new Date()
  const params = await paramsOf(request)
  const locale = localeOf(request, typeof params === 'object' ? params : null)
  const t = (key: string, data: Record<string, unknown> = {}) => translate(locale, { key, data })
  if (params === 'too_large') return failure(response, 413, t('body_too_large'), 'too_large')
  if (params === 'malformed') return failure(response, 400, t('malformed_body'), 'bad_request')
  const header = request.headers['x-affix-secret']
  const secret = params.secret || (typeof header === 'string' ? header : '')
  const organizationId = secret && secret.length <= 200 ? await organizationOfSecret(secret) : null
  if (organizationId === null) return failure(response, 401, t('postback_secret'), 'unauthorized')
  if (!(await isEnabled(organizationId))) return failure(response, 404, t('postback_disabled'), 'not_found')

  const logged: Record<string, string> = {}
  for (const [name, value] of Object.entries(params)) {
    if (name === 'secret' || Object.keys(logged).length >= MAX_LOGGED_PARAMS) continue
    logged[name.slice(0, 40)] = value.slice(0, 255)
  }
  const event = params.event?.trim().toLowerCase() || null
  const prepared = eventRow(event, params, receivedAt)
  let result: RowResult
  try {
    result = await postbackWriter().write({
      ...prepared,
      organizationId,
      log: {
        receivedAt,
        ip: clientIp(request),
        method: request.method ?? 'GET',
        event,
        params: logged,
        cuid: params.cuid ?? null,
        txnId: params.txn_id ?? null,
      },
    })
  } catch {
    return failure(response, 503, t('postback_unavailable'), 'unavailable')
  }
  const status = statusOf(result)
  if (result.status === 'error') {
    const message = translate(locale, result.error!)
    return send(response, status, {
      success: false,
      data: null,
      error: { message, code: result.error!.key },
      status,
      type: 'validation',
    })
  }
  send(response, 200, {
    success: true,
    data: { outcome: result.status, id: result.id, customerId: result.customerId },
    error: null,
    status: 200,
    type: null,
  })
}
