/*
 * The inbound server-to-server postback: `GET|POST /pb/?secret=…&event=…&cuid=…` (a root
 * route, answered before AdonisJS: no router, session or body parser on this hot path).
 *
 * - secret: the organisation's postback secret (`secret` parameter or `X-Affix-Secret`
 *   header), checked against an in-process cache that a rotation clears on every node; wrong
 *   or missing → 401, never logged (it names no organisation);
 * - event: registration | ftd | deposit | activity, with cid, cuid, amount, currency,
 *   txn_id, b1…b9 and the activity columns; POST bodies may be form-encoded or JSON;
 * - the event is read as the ingest reads it (same checks): a bad one is answered 422 with
 *   the reason; a good one is stored in the inbox (inbox.ts, group commit) and answered
 *   202 `accepted` once committed, 503 if it could not be stored (retry: the same txn_id is
 *   never counted twice). The processor (processor.ts) then takes it through the ingest
 *   service — in this process when it runs the job worker, else in a worker process woken by
 *   a job — and the inbound log shows its outcome (created, updated, duplicate or the
 *   error) with its parameters, the secret removed.
 * Messages follow `lang` or Accept-Language (en, pt, tr).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import i18nManager from '@adonisjs/i18n/services/main'
import logger from '@adonisjs/core/services/logger'
import { enqueueJob, jobWorkerRunning, onInvalidation, pluginEnabledFor } from '@affix/core/kernel'
import { clientIp } from '@affix/tracking/contracts'
import { ACTIVITY_COLUMNS, CUSTOMER_COLUMNS } from '../constants.js'
import {
  attempt,
  dateContext,
  readActivity,
  readRegistration,
  type DateContext,
  type RowError,
} from '../ingest/rows.js'
import { organizationOfSecret } from './secret.js'
import { InboxWriter, type InboxEvent } from './inbox.js'
import { PostbackProcessor, timezoneOf } from './processor.js'

export const POSTBACK_PREFIX = '/pb/'
const MAX_BODY_BYTES = 64 * 1024
const MAX_LOGGED_PARAMS = 60
export const POSTBACK_EVENTS = ['registration', 'ftd', 'deposit', 'activity'] as const

function translate(locale: string, error: RowError) {
  const i18n = i18nManager.locale(i18nManager.getSupportedLocaleFor(locale) ?? i18nManager.defaultLocale)
  return i18n.t(`customers.rows.${error.key}`, error.data ?? {})
}

let processor: PostbackProcessor | null = null
let inbox: InboxWriter | null = null

export function postbackProcessor() {
  processor ??= new PostbackProcessor((error) => translate('en', error))
  return processor
}

export function postbackInbox() {
  inbox ??= new InboxWriter(afterCommit)
  return inbox
}

/** The manifest's job that takes the inbox through the ingest (also run every minute). */
export const INBOX_JOB = 'customers:postback-inbox'
/**
 * How long a web process without the job worker gathers commits before waking a worker: the
 * processor's own pause between runs, so events are ingested in batches as large as here.
 */
const HAND_OFF_MS = 200
let handOff: NodeJS.Timeout | null = null

/**
 * After a group of events is committed: take them through the ingest here when this process
 * runs the job worker; otherwise (AFFIX_WORKER=process, npm start's default, or false) wake
 * a worker process with the inbox job — graphile-worker's own notification starts it at
 * once — so the web process only answers, and the ingest and the ledger run where the worker
 * does (at a lower priority with npm start). At most one wake-up every
 * HAND_OFF_MS; one that fails leaves the rows to the minutely run.
 */
function afterCommit() {
  if (jobWorkerRunning()) return postbackProcessor().wake()
  handOff ??= setTimeout(() => void wakeWorker(), HAND_OFF_MS)
}

async function wakeWorker() {
  handOff = null
  try {
    // One pending job at most; a job already running is followed by this one (graphile-worker).
    await enqueueJob(INBOX_JOB, {}, { jobKey: INBOX_JOB })
  } catch (error) {
    logger.warn({ err: error }, 'customers: could not wake a job worker for the postback inbox')
  }
}

/** Shutdown: answer the queued requests (their rows committed), then let the batch in progress finish. */
export async function closePostbacks() {
  const closingInbox = inbox
  inbox = null
  await closingInbox?.close()
  if (handOff) {
    clearTimeout(handOff)
    await wakeWorker()
  }
  const closingProcessor = processor
  processor = null
  await closingProcessor?.close()
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

type EventRow = Pick<InboxEvent, 'kind' | 'row' | 'refused'>

/** The event as an ingest row, or why it is refused before the ingest. */
export function eventRow(
  event: string | null,
  params: Record<string, string>,
  receivedAt: Date,
  /** The organisation's local date when the event arrived: the date of activity sent without one. */
  today: string
): EventRow {
  const refused = (key: string, data?: Record<string, unknown>): EventRow => ({
    kind: 'refused',
    row: null,
    refused: { key, data },
  })
  switch (event) {
    case 'registration': {
      const row = pick(params, CUSTOMER_COLUMNS)
      // Without a date the customer registered when the event arrived (not when it is processed).
      row.date ??= receivedAt.toISOString()
      return { kind: 'registration', row, refused: null }
    }
    case 'ftd':
    case 'deposit': {
      if (!params.txn_id) return refused('txn_required', { event })
      if (params.amount === undefined || params.amount === '') return refused('required', { field: 'amount' })
      const row = pick(params, ['cuid', 'date', 'txn_id', 'brand_id'])
      // Without a date the event counts on the day it arrives (organisation zone).
      row.date ??= today
      if (params.curr || params.currency) row.curr = params.curr || params.currency
      row.deposits = params.amount
      row.deposit_count = 1
      if (event === 'ftd') {
        row.ftd = 1
        row.ftd_amount = params.amount
      }
      return { kind: 'activity', row, refused: null }
    }
    case 'activity': {
      const row = pick(params, ACTIVITY_COLUMNS)
      row.date ??= today
      if (row.deposits === undefined && params.amount) row.deposits = params.amount
      return { kind: 'activity', row, refused: null }
    }
    default:
      return refused('unknown_event', { events: 'registration, ftd, deposit, activity' })
  }
}

/**
 * The date context of an organisation's zone for the second an event arrived: computing a
 * zone's local date is the dearest part of reading an event, and thousands arrive per second.
 */
const contexts = new Map<string, DateContext>()
function contextAt(timezone: string, receivedAt: Date): DateContext {
  const second = Math.floor(receivedAt.getTime() / 1000)
  const key = `${timezone}@${second}`
  let context = contexts.get(key)
  if (!context) {
    if (contexts.size > 100) contexts.clear()
    context = dateContext(timezone, new Date(second * 1000))
    contexts.set(key, context)
  }
  return context
}

/** The ingest's own checks of a row (no database): a bad row is refused before it is accepted. */
function checked(prepared: EventRow, context: DateContext): EventRow {
  if (prepared.kind === 'refused') return prepared
  const read =
    prepared.kind === 'registration'
      ? attempt(() => readRegistration(prepared.row, context))
      : attempt(() => readActivity(prepared.row, context))
  return read.ok ? prepared : { kind: 'refused', row: null, refused: read.error }
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
  const context = contextAt(await timezoneOf(organizationId), receivedAt)
  const prepared = checked(eventRow(event, params, receivedAt, context.today), context)
  try {
    await postbackInbox().write({
      ...prepared,
      organizationId,
      receivedAt,
      ip: clientIp(request),
      method: request.method ?? 'GET',
      event,
      params: logged,
      cuid: params.cuid ?? null,
      txnId: params.txn_id ?? null,
    })
  } catch {
    return failure(response, 503, t('postback_unavailable'), 'unavailable')
  }
  if (prepared.kind === 'refused') {
    return send(response, 422, {
      success: false,
      data: null,
      error: { message: translate(locale, prepared.refused!), code: prepared.refused!.key },
      status: 422,
      type: 'validation',
    })
  }
  send(response, 202, { success: true, data: { outcome: 'accepted' }, error: null, status: 202, type: null })
}
