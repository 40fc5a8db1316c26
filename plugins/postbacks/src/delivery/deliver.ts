/*
 * The delivery job (`postbacks:deliver`): one HTTP attempt of one delivery, then, in one
 * transaction, its log row, the delivery's new state, the next attempt's job (exponential
 * backoff) or its dead-letter, and the target's consecutive-failure count, which disables
 * the target at the organisation's threshold and leaves a notice for the affiliate and the
 * team members who manage it. The HTTP call happens outside any transaction.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { enqueueJob, settingsOf } from '@affix/core/kernel'
import { backoffSeconds, completeSettings } from '../settings.js'
import { send, type OutgoingRequest, type Outcome } from './http.js'
import { expandMacros, maskUrl } from './macros.js'
import { EVENT_ID_HEADER, SIGNATURE_HEADER, openSecret, signatureHeader } from './signing.js'

export const DELIVER_JOB = 'postbacks:deliver'
const ACTIVE_STATES = ['pending', 'retrying']

export const deliveryJobKey = (deliveryId: number) => `postbacks:deliver:${deliveryId}`

/** Enqueues the delivery's next attempt (in `trx` when given; a pending one is replaced). */
export async function scheduleDelivery(
  organizationId: number,
  deliveryId: number,
  options: { trx?: TransactionClientContract; runAt?: Date } = {}
) {
  await enqueueJob(
    DELIVER_JOB,
    { organizationId, deliveryId },
    { trx: options.trx, runAt: options.runAt, jobKey: deliveryJobKey(deliveryId), maxAttempts: 5 }
  )
}

export interface Target {
  kind: 'postback' | 'webhook'
  id: number
  url: string
  method: 'get' | 'post'
  secret: string | null
  status: string
}

async function targetOf(delivery: any): Promise<Target | null> {
  if (delivery.kind === 'postback' && delivery.postback_id) {
    const row = await db
      .from('postbacks')
      .where({ id: delivery.postback_id, organization_id: delivery.organization_id })
      .first()
    return row
      ? {
          kind: 'postback',
          id: row.id,
          url: row.url,
          method: row.method,
          secret: openSecret(row.secret_encrypted),
          status: row.status,
        }
      : null
  }
  if (delivery.kind === 'webhook' && delivery.webhook_id) {
    const row = await db
      .from('webhook_configs')
      .where({ id: delivery.webhook_id, organization_id: delivery.organization_id })
      .first()
    return row
      ? {
          kind: 'webhook',
          id: row.id,
          url: row.url,
          method: 'post',
          secret: openSecret(row.secret_encrypted),
          status: row.status,
        }
      : null
  }
  return null
}

/** The exact request a delivery sends to a target. */
export function buildRequest(
  target: Pick<Target, 'kind' | 'url' | 'method' | 'secret'>,
  delivery: { event: string; event_id: string; values: Record<string, any> },
  now = Date.now()
): OutgoingRequest {
  const values = { ...delivery.values, event: delivery.values.event ?? delivery.event, event_id: delivery.event_id }
  if (target.method === 'get') {
    return { method: 'GET', url: expandMacros(target.url, values), headers: { [EVENT_ID_HEADER]: delivery.event_id } }
  }
  const body = JSON.stringify(
    target.kind === 'webhook'
      ? {
          id: delivery.event_id,
          type: delivery.event,
          createdAt: new Date(now).toISOString(),
          data: delivery.values,
        }
      : { ...values }
  )
  const headers: Record<string, string> = { 'content-type': 'application/json', [EVENT_ID_HEADER]: delivery.event_id }
  if (target.secret) headers[SIGNATURE_HEADER] = signatureHeader(target.secret, body, now)
  return { method: 'POST', url: expandMacros(target.url, values), headers, body }
}

async function markDead(delivery: any, reason: string) {
  await db
    .from('postback_deliveries')
    .where({ id: delivery.id, organization_id: delivery.organization_id })
    .whereIn('status', ACTIVE_STATES)
    .update({ status: 'dead', last_error: reason, next_attempt_at: null, updated_at: new Date() })
}

export async function deliver(payload: { organizationId: number; deliveryId: number }) {
  const delivery = await db
    .from('postback_deliveries')
    .where({ id: payload.deliveryId, organization_id: payload.organizationId })
    .first()
  if (!delivery || !ACTIVE_STATES.includes(delivery.status)) return
  const target = await targetOf(delivery)
  if (!target) return markDead(delivery, 'target deleted')
  if (target.status !== 'active') return markDead(delivery, `target ${target.status}`)
  const outgoing = buildRequest(target, delivery)
  const outcome = await send(outgoing)
  const settings = completeSettings(await settingsOf(delivery.organization_id, 'postbacks'))
  await db.transaction((trx) => record(trx, delivery, target, outgoing, outcome, settings))
}

async function record(
  trx: TransactionClientContract,
  delivery: any,
  target: Target,
  outgoing: OutgoingRequest,
  outcome: Outcome,
  settings: ReturnType<typeof completeSettings>
) {
  const current = await trx
    .from('postback_deliveries')
    .where('id', delivery.id)
    .forUpdate()
    .select('status', 'attempts', 'round_attempts')
    .first()
  // Another run recorded it meanwhile (a resend raced a retry): keep one state.
  if (!current || !ACTIVE_STATES.includes(current.status)) return
  const attempt = Number(current.attempts) + 1
  const round = Number(current.round_attempts) + 1
  const now = new Date()
  await trx
    .insertQuery()
    .table('postback_attempts')
    .insert({
      organization_id: delivery.organization_id,
      delivery_id: delivery.id,
      kind: delivery.kind,
      postback_id: delivery.postback_id,
      webhook_id: delivery.webhook_id,
      affiliate_id: delivery.affiliate_id,
      attempt,
      event: delivery.event,
      event_id: delivery.event_id,
      method: outgoing.method,
      url: maskUrl(outgoing.url),
      outcome: outcome.ok ? 'success' : 'failure',
      status_code: outcome.statusCode,
      error: outcome.error,
      latency_ms: outcome.latencyMs,
      response_excerpt: outcome.excerpt,
      customer_id: delivery.customer_id,
      click_id: delivery.click_id,
      created_at: now,
    })
  const table = target.kind === 'postback' ? 'postbacks' : 'webhook_configs'
  if (outcome.ok) {
    await trx.from('postback_deliveries').where('id', delivery.id).update({
      status: 'delivered',
      attempts: attempt,
      round_attempts: round,
      delivered_at: now,
      next_attempt_at: null,
      last_status_code: outcome.statusCode,
      last_error: null,
      updated_at: now,
    })
    await trx
      .from(table)
      .where('id', target.id)
      .where('consecutive_failures', '>', 0)
      .update({ consecutive_failures: 0 })
    return
  }
  const giveUp = round >= settings.maxAttempts
  const runAt = new Date(now.getTime() + backoffSeconds(settings.retryBaseSeconds, round) * 1000)
  await trx
    .from('postback_deliveries')
    .where('id', delivery.id)
    .update({
      status: giveUp ? 'dead' : 'retrying',
      attempts: attempt,
      round_attempts: round,
      next_attempt_at: giveUp ? null : runAt,
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      updated_at: now,
    })
  if (!giveUp) await scheduleDelivery(delivery.organization_id, delivery.id, { trx, runAt })
  const counted = (
    await trx.rawQuery(
      `UPDATE ${table} SET consecutive_failures = consecutive_failures + 1 WHERE id = ? RETURNING consecutive_failures, status`,
      [target.id]
    )
  ).rows[0]
  if (counted && counted.status === 'active' && Number(counted.consecutive_failures) >= settings.autoDisableAfter) {
    await trx.from(table).where('id', target.id).update({ status: 'disabled', disabled_at: now, updated_at: now })
    await trx
      .insertQuery()
      .table('postback_notices')
      .insert({
        organization_id: delivery.organization_id,
        affiliate_id: delivery.affiliate_id,
        postback_id: target.kind === 'postback' ? target.id : null,
        webhook_id: target.kind === 'webhook' ? target.id : null,
        kind: 'auto_disabled',
        failures: Number(counted.consecutive_failures),
        created_at: now,
      })
  }
}
