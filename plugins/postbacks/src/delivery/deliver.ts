/*
 * The dispatcher (`postbacks:dispatch` starts one delivery loop per organisation and
 * process): it claims the organisation's due deliveries in batches with a lease, sends them concurrently
 * outside any transaction, then records each batch in one transaction: the attempts, each
 * delivery's new state (delivered, retrying with exponential backoff, or dead), a wake-up
 * job at the next retry time, and the targets' consecutive-failure counts, which disable a
 * target at the organisation's threshold and leave a notice for the affiliate and the team
 * members who manage it.
 *
 * Nothing depends on the wake-up jobs alone: the delivery rows are the queue. A worker
 * killed mid-batch leaves leases that expire, and the sweep (cron, every minute) wakes the
 * dispatcher of every organisation with due deliveries.
 */
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { affiliateTerms } from '@affix/affiliates/contracts'
import { enqueueJob, mailPanelsAfterCommit, settingsOf } from '@affix/core/kernel'
import { backoffSeconds, completeSettings, type PostbacksSettings } from '../settings.js'
import { send, type OutgoingRequest, type Outcome } from './http.js'
import { expandMacros, maskUrl } from './macros.js'
import { EVENT_ID_HEADER, SIGNATURE_HEADER, openSecret, signatureHeader } from './signing.js'

export const DISPATCH_JOB = 'postbacks:dispatch'
const BATCH = 500
const IN_FLIGHT = Math.max(1, Number(process.env.AFFIX_POSTBACK_CONCURRENCY) || 200)
/** How long a claim holds; a dispatcher killed mid-batch leaves deliveries due again after it. */
const leaseSeconds = () => Math.max(1, Number(process.env.AFFIX_POSTBACK_LEASE_SECONDS) || 120)

/**
 * Wakes the organisation's dispatcher, now or at `runAt` (in `trx` when given). One pending
 * job per second of wake-up time: a burst of retries due together costs one job.
 */
export async function wakeDispatcher(
  organizationId: number,
  options: { trx?: TransactionClientContract; runAt?: Date } = {}
) {
  const at = options.runAt ? Math.ceil(options.runAt.getTime() / 1000) : 'now'
  await enqueueJob(
    DISPATCH_JOB,
    { organizationId },
    { trx: options.trx, runAt: options.runAt, jobKey: `postbacks:dispatch:${organizationId}:${at}`, maxAttempts: 5 }
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
      ? { id: delivery.event_id, type: delivery.event, createdAt: new Date(now).toISOString(), data: delivery.values }
      : { ...values }
  )
  const headers: Record<string, string> = { 'content-type': 'application/json', [EVENT_ID_HEADER]: delivery.event_id }
  if (target.secret) headers[SIGNATURE_HEADER] = signatureHeader(target.secret, body, now)
  return { method: 'POST', url: expandMacros(target.url, values), headers, body }
}

async function claim(organizationId: number) {
  const { rows } = await db.rawQuery(
    `UPDATE postback_deliveries SET lease_until = now() + make_interval(secs => ?)
      WHERE id IN (SELECT id FROM postback_deliveries
                    WHERE organization_id = ? AND status IN ('pending', 'retrying') AND next_attempt_at <= now()
                      AND (lease_until IS NULL OR lease_until < now())
                    ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [leaseSeconds(), organizationId, BATCH]
  )
  return rows as any[]
}

async function targetsOf(organizationId: number, deliveries: any[]) {
  const byKey = new Map<string, Target>()
  const postbackIds = [...new Set(deliveries.filter((row) => row.postback_id).map((row) => row.postback_id))]
  const webhookIds = [...new Set(deliveries.filter((row) => row.webhook_id).map((row) => row.webhook_id))]
  if (postbackIds.length)
    for (const row of await db.from('postbacks').where('organization_id', organizationId).whereIn('id', postbackIds))
      byKey.set(`postback:${row.id}`, {
        kind: 'postback',
        id: row.id,
        url: row.url,
        method: row.method,
        secret: openSecret(row.secret_encrypted),
        status: row.status,
      })
  if (webhookIds.length)
    for (const row of await db
      .from('webhook_configs')
      .where('organization_id', organizationId)
      .whereIn('id', webhookIds))
      byKey.set(`webhook:${row.id}`, {
        kind: 'webhook',
        id: row.id,
        url: row.url,
        method: 'post',
        secret: openSecret(row.secret_encrypted),
        status: row.status,
      })
  return byKey
}

const targetKey = (delivery: any) =>
  delivery.kind === 'postback' ? `postback:${delivery.postback_id}` : `webhook:${delivery.webhook_id}`

/** Runs `work` over `items` with at most `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index])
    }
  })
  await Promise.all(lanes)
  return results
}

interface DeliveryChange {
  id: number
  status: 'delivered' | 'retrying' | 'dead'
  attempts: number
  round: number
  nextAttemptAt: Date | null
  deliveredAt: Date | null
  statusCode: number | null
  error: string | null
}

interface Sent {
  delivery: any
  target: Target | undefined
  /** Set when the delivery was not sent (target gone or not active). */
  skipped?: string
  outgoing?: OutgoingRequest
  outcome?: Outcome
}

/**
 * The `postbacks:dispatch` job. It only makes sure a delivery loop runs for the organisation
 * in this process and returns at once: the loop sends and records batches until nothing is
 * due, without holding one of the job worker's few slots (shared with the fan-out listeners,
 * the commission ledger and imports), so a steady flow of events is not delayed behind it.
 * A wake-up that comes while the loop runs makes it look again before it stops. Nothing is
 * lost if the process dies: the claims' leases expire and the sweep wakes the dispatcher.
 */
export async function dispatch(payload: { organizationId: number }) {
  const organizationId = payload.organizationId
  const running = loops.get(organizationId)
  if (running) {
    running.again = true
    return
  }
  if (stopping) return
  const loop: Loop = { again: false, done: Promise.resolve() }
  loops.set(organizationId, loop)
  loop.done = (async () => {
    try {
      for (;;) {
        loop.again = false
        await drain(organizationId)
        // Synchronous from the check to the delete: a wake-up either sees the loop or starts a new one.
        if (!loop.again || stopping) break
      }
    } catch (error) {
      logger.warn({ err: error, organizationId }, 'postback delivery loop failed; the sweep restarts it')
    } finally {
      loops.delete(organizationId)
    }
  })()
}

interface Loop {
  again: boolean
  done: Promise<void>
}
const loops = new Map<number, Loop>()
let stopping = false

/** App shutdown: no new batch is claimed; the batches in flight are sent and recorded. */
export async function stopDispatchers() {
  stopping = true
  await Promise.all([...loops.values()].map((loop) => loop.done))
}

/** Claims, sends and records the organisation's due deliveries, a batch at a time, until none is due. */
async function drain(organizationId: number) {
  while (!stopping) {
    const deliveries = await claim(organizationId)
    if (!deliveries.length) return
    const settings = completeSettings(await settingsOf(organizationId, 'postbacks'))
    const targets = await targetsOf(organizationId, deliveries)
    const sent = await inBatches(deliveries, IN_FLIGHT, async (delivery): Promise<Sent> => {
      const target = targets.get(targetKey(delivery))
      if (!target) return { delivery, target, skipped: 'target deleted' }
      if (target.status !== 'active') return { delivery, target, skipped: `target ${target.status}` }
      const outgoing = buildRequest(target, delivery)
      return { delivery, target, outgoing, outcome: await send(outgoing) }
    })
    await db.transaction((trx) => record(trx, organizationId, sent, settings))
  }
}

async function record(
  trx: TransactionClientContract,
  organizationId: number,
  sent: Sent[],
  settings: PostbacksSettings
) {
  const now = new Date()
  // The targets' failure counters, locked for the batch and updated in the order of sending.
  const counters = new Map<
    string,
    { failures: number; status: string; disabled: boolean; affiliateId: any; name: string; ownerId: number | null }
  >()
  for (const kind of ['postback', 'webhook'] as const) {
    const ids = [...new Set(sent.filter((entry) => entry.target?.kind === kind).map((entry) => entry.target!.id))]
    if (!ids.length) continue
    const rows = await trx
      .from(kind === 'postback' ? 'postbacks' : 'webhook_configs')
      .whereIn('id', ids)
      .forUpdate()
      .select('id', 'consecutive_failures', 'status', 'name', ...(kind === 'postback' ? ['affiliate_id'] : []))
    for (const row of rows)
      counters.set(`${kind}:${row.id}`, {
        failures: Number(row.consecutive_failures),
        status: row.status,
        disabled: false,
        affiliateId: null,
        name: row.name,
        ownerId: row.affiliate_id ? Number(row.affiliate_id) : null,
      })
  }
  const attempts: Array<Record<string, unknown>> = []
  const wakeAt = new Set<number>()
  const changes: DeliveryChange[] = []
  for (const entry of sent) {
    const { delivery } = entry
    if (entry.skipped) {
      changes.push({
        id: delivery.id,
        status: 'dead',
        attempts: Number(delivery.attempts),
        round: Number(delivery.round_attempts),
        nextAttemptAt: null,
        deliveredAt: null,
        statusCode: delivery.last_status_code ?? null,
        error: entry.skipped,
      })
      continue
    }
    const outcome = entry.outcome!
    const attempt = Number(delivery.attempts) + 1
    const round = Number(delivery.round_attempts) + 1
    attempts.push({
      organization_id: organizationId,
      delivery_id: delivery.id,
      kind: delivery.kind,
      postback_id: delivery.postback_id,
      webhook_id: delivery.webhook_id,
      affiliate_id: delivery.affiliate_id,
      attempt,
      event: delivery.event,
      event_id: delivery.event_id,
      method: entry.outgoing!.method,
      url: maskUrl(entry.outgoing!.url),
      outcome: outcome.ok ? 'success' : 'failure',
      status_code: outcome.statusCode,
      error: outcome.error,
      latency_ms: outcome.latencyMs,
      response_excerpt: outcome.excerpt,
      customer_id: delivery.customer_id,
      click_id: delivery.click_id,
      created_at: now,
    })
    const counter = counters.get(targetKey(delivery))
    if (outcome.ok) {
      changes.push({
        id: delivery.id,
        status: 'delivered',
        attempts: attempt,
        round,
        nextAttemptAt: null,
        deliveredAt: now,
        statusCode: outcome.statusCode,
        error: null,
      })
      if (counter) counter.failures = 0
      continue
    }
    const giveUp = round >= settings.maxAttempts
    const runAt = new Date(
      now.getTime() + backoffSeconds(settings.retryBaseSeconds, round, settings.retryMaxSeconds) * 1000
    )
    changes.push({
      id: delivery.id,
      status: giveUp ? 'dead' : 'retrying',
      attempts: attempt,
      round,
      nextAttemptAt: giveUp ? null : runAt,
      deliveredAt: null,
      statusCode: outcome.statusCode,
      error: outcome.error,
    })
    if (!giveUp) wakeAt.add(Math.ceil(runAt.getTime() / 1000))
    if (counter) {
      counter.failures++
      if (counter.status === 'active' && counter.failures >= settings.autoDisableAfter) {
        counter.status = 'disabled'
        counter.disabled = true
        counter.affiliateId = delivery.affiliate_id
      }
    }
  }
  // One statement for the whole batch; a delivery resent meanwhile (no longer active) is left alone.
  // tenancy: the deliveries this dispatcher claimed for its organisation
  if (changes.length)
    await trx.rawQuery(
      `UPDATE postback_deliveries d
          SET status = v.status, attempts = v.attempts, round_attempts = v.round, next_attempt_at = v.next_attempt_at,
              delivered_at = COALESCE(v.delivered_at, d.delivered_at), last_status_code = v.status_code,
              last_error = v.error, lease_until = NULL, updated_at = ?
         FROM unnest(?::bigint[], ?::text[], ?::int[], ?::int[], ?::timestamptz[], ?::timestamptz[], ?::int[], ?::text[])
              AS v(id, status, attempts, round, next_attempt_at, delivered_at, status_code, error)
        WHERE d.id = v.id AND d.status IN ('pending', 'retrying')`,
      [
        now,
        changes.map((change) => change.id),
        changes.map((change) => change.status),
        changes.map((change) => change.attempts),
        changes.map((change) => change.round),
        changes.map((change) => change.nextAttemptAt?.toISOString() ?? null) as string[],
        changes.map((change) => change.deliveredAt?.toISOString() ?? null) as string[],
        changes.map((change) => change.statusCode) as number[],
        changes.map((change) => change.error) as string[],
      ]
    )
  // tenancy: each attempt row carries its delivery's organisation (built above)
  for (let start = 0; start < attempts.length; start += 1000)
    await trx
      .insertQuery()
      .table('postback_attempts')
      .multiInsert(attempts.slice(start, start + 1000))
  for (const [key, counter] of counters) {
    const [kind, rawId] = key.split(':')
    const id = Number(rawId)
    await trx
      .from(kind === 'postback' ? 'postbacks' : 'webhook_configs')
      .where('id', id)
      .update({
        consecutive_failures: counter.failures,
        ...(counter.disabled ? { status: 'disabled', disabled_at: now, updated_at: now } : {}),
      })
    if (counter.disabled)
      await trx
        .insertQuery()
        .table('postback_notices')
        .insert({
          organization_id: organizationId,
          affiliate_id: counter.affiliateId,
          postback_id: kind === 'postback' ? id : null,
          webhook_id: kind === 'webhook' ? id : null,
          kind: 'auto_disabled',
          failures: counter.failures,
          created_at: now,
        })
    if (counter.disabled) await mailDisabledNotice(trx, organizationId, kind as 'postback' | 'webhook', id, counter)
  }
  for (const second of wakeAt) await wakeDispatcher(organizationId, { trx, runAt: new Date(second * 1000) })
}

/**
 * Spec: after N consecutive failures the postback is disabled and the affiliate and its
 * manager are notified (a network postback or a webhook: the organisation's admins). The
 * notice is stored (GET /postback-notices) and mailed once the batch commits.
 */
async function mailDisabledNotice(
  trx: TransactionClientContract,
  organizationId: number,
  kind: 'postback' | 'webhook',
  id: number,
  target: { failures: number; name: string; ownerId: number | null }
) {
  const managerId = target.ownerId ? (await affiliateTerms(organizationId, target.ownerId))?.managerId : null
  mailPanelsAfterCommit(
    trx,
    organizationId,
    target.ownerId ? { userIds: [target.ownerId, ...(managerId ? [managerId] : [])] } : { roles: ['admin'] },
    {
      subject: 'postbacks.mail.disabled_subject',
      body: 'postbacks.mail.disabled_body',
      data: { name: target.name, failures: target.failures },
      path: kind === 'postback' ? `/manage/postback/${id}` : `/configuration/webhook-configs/${id}`,
    }
  )
}

/** Cron: wakes the dispatcher of every organisation with due deliveries (lost wake-ups, expired leases). */
export async function sweep() {
  const { rows } = await db.rawQuery(
    `SELECT DISTINCT organization_id FROM postback_deliveries
      WHERE status IN ('pending', 'retrying') AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())`
  )
  for (const row of rows) await wakeDispatcher(Number(row.organization_id))
}
