/*
 * The delivery logs (/postback-log, /webhook_logs): one row per HTTP attempt, their CSV
 * export, resending one delivery or every failed one of a time range, the dead-letter list
 * and the auto-disable notices. Postback logs follow the postback visibility rule
 * (access.ts); webhook logs are the network's.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { DateTime } from 'luxon'
import { authorize, exportList, list, notFound, ok, paginate, parseList, scoped, validate } from '../kernel.js'
import Attempt from '../models/attempt.js'
import Delivery from '../models/delivery.js'
import { ATTEMPT_LIST, DELIVERY_LIST } from '../lists.js'
import { resendFailedValidator } from '../validators.js'
import { SCOPE, assertMayManage, narrow } from '../access.js'
import { wakeDispatcher } from '../delivery/deliver.js'

type Kind = 'postback' | 'webhook'

export function serializeAttempt(row: Attempt) {
  return {
    id: row.id,
    deliveryId: Number(row.deliveryId),
    kind: row.kind,
    postbackId: row.postbackId,
    webhookId: row.webhookId,
    affiliateId: row.affiliateId,
    attempt: row.attempt,
    event: row.event,
    eventId: row.eventId,
    method: row.method,
    url: row.url,
    outcome: row.outcome,
    statusCode: row.statusCode,
    error: row.error,
    latencyMs: row.latencyMs,
    responseExcerpt: row.responseExcerpt,
    customerId: row.customerId === null ? null : Number(row.customerId),
    clickId: row.clickId,
    createdAt: row.createdAt.toISO()!,
  }
}

function serializeDelivery(row: Delivery) {
  return {
    id: Number(row.id),
    kind: row.kind,
    postbackId: row.postbackId,
    webhookId: row.webhookId,
    affiliateId: row.affiliateId,
    event: row.event,
    eventId: row.eventId,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISO() ?? null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISO() ?? null,
    customerId: row.customerId === null ? null : Number(row.customerId),
    clickId: row.clickId,
    createdAt: row.createdAt?.toISO() ?? null,
  }
}

const subjectOf = (kind: Kind) => (kind === 'postback' ? 'postbacks' : 'webhooks')

async function authorizeRead(ctx: HttpContext, kind: Kind) {
  authorize(ctx, subjectOf(kind), 'read')
}

async function authorizeManage(ctx: HttpContext, kind: Kind) {
  if (kind === 'postback') await assertMayManage(ctx)
  else authorize(ctx, 'webhooks', 'manage')
}

// Wrapped in an object: a query builder is a thenable, which an async function would run.
async function attempts(ctx: HttpContext, kind: Kind): Promise<{ query: ModelQueryBuilderContract<typeof Attempt> }> {
  const query = scoped(ctx, Attempt).where('postback_attempts.kind', kind)
  if (kind === 'postback') await narrow(ctx, query)
  return { query }
}

async function deliveries(
  ctx: HttpContext,
  kind: Kind
): Promise<{ query: ModelQueryBuilderContract<typeof Delivery> }> {
  const query = scoped(ctx, Delivery).where('postback_deliveries.kind', kind)
  if (kind === 'postback') await narrow(ctx, query)
  return { query }
}

async function findAttempt(ctx: HttpContext, kind: Kind) {
  const id = Number(ctx.params.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
  const row = await (await attempts(ctx, kind)).query.where('postback_attempts.id', id).first()
  if (!row) throw notFound()
  return row
}

/** Queues deliveries again with a fresh retry budget (their attempt numbers go on). */
async function requeue(organizationId: number, ids: number[]) {
  if (!ids.length) return 0
  await db.transaction(async (trx) => {
    await trx.from('postback_deliveries').where('organization_id', organizationId).whereIn('id', ids).update({
      status: 'pending',
      round_attempts: 0,
      next_attempt_at: new Date(),
      lease_until: null,
      updated_at: new Date(),
    })
    await wakeDispatcher(organizationId, { trx })
  })
  return ids.length
}

function logsController(kind: Kind) {
  const resource = kind === 'postback' ? 'postback-log' : 'webhook_logs'
  return {
    async index(ctx: HttpContext) {
      await authorizeRead(ctx, kind)
      const parsed = parseList(ctx, ATTEMPT_LIST)
      const page = await paginate((await attempts(ctx, kind)).query, parsed, ATTEMPT_LIST)
      return list(ctx, resource, page.rows.map(serializeAttempt), page)
    },

    async show(ctx: HttpContext) {
      await authorizeRead(ctx, kind)
      return ok(ctx, serializeAttempt(await findAttempt(ctx, kind)))
    },

    async export(ctx: HttpContext) {
      await authorizeRead(ctx, kind)
      return exportList(ctx, {
        pluginId: 'postbacks',
        resource,
        subject: subjectOf(kind),
        query: (await attempts(ctx, kind)).query,
        list: ATTEMPT_LIST,
        columns: [
          { header: 'id', value: (row) => row.id },
          { header: 'time', value: (row) => row.createdAt.toISO() },
          { header: 'event', value: (row) => row.event },
          { header: 'event_id', value: (row) => row.eventId },
          { header: 'attempt', value: (row) => row.attempt },
          { header: 'method', value: (row) => row.method },
          { header: 'url', value: (row) => row.url },
          { header: 'outcome', value: (row) => row.outcome },
          { header: 'status_code', value: (row) => row.statusCode },
          { header: 'latency_ms', value: (row) => row.latencyMs },
          { header: 'error', value: (row) => row.error },
          { header: 'response', value: (row) => row.responseExcerpt },
          { header: 'customer_id', value: (row) => row.customerId },
          { header: 'click_id', value: (row) => row.clickId },
          {
            header: kind === 'postback' ? 'postback_id' : 'webhook_id',
            value: (row) => row.postbackId ?? row.webhookId,
          },
          { header: 'affiliate_id', value: (row) => row.affiliateId },
        ],
      })
    },

    /** Resends the delivery of one log row (a test row is sent by the test tool only). */
    async resend(ctx: HttpContext) {
      await authorizeManage(ctx, kind)
      const attempt = await findAttempt(ctx, kind)
      if (attempt.event.startsWith('test.')) return ok(ctx, { deliveries: 0 })
      return ok(ctx, { deliveries: await requeue(ctx.tenant.organizationId, [Number(attempt.deliveryId)]) })
    },

    /** Resends every delivery that has not succeeded (retrying or given up) created in [from, to]. */
    async resendFailed(ctx: HttpContext) {
      await authorizeManage(ctx, kind)
      const data = await validate(ctx, resendFailedValidator, SCOPE)
      const query = (await deliveries(ctx, kind)).query
        .whereIn('status', ['retrying', 'dead'])
        .whereNot('event', 'like', 'test.%')
        .where('created_at', '>=', DateTime.fromJSDate(data.from).toSQL()!)
        .where('created_at', '<=', DateTime.fromJSDate(data.to).toSQL()!)
        .limit(10_000)
      if (data.targetId) query.where(kind === 'postback' ? 'postback_id' : 'webhook_id', data.targetId)
      const ids = (await query.select('id')).map((row) => Number(row.id))
      return ok(ctx, { deliveries: await requeue(ctx.tenant.organizationId, ids) })
    },

    /** Resends one dead letter (a delivery that gave up): same event_id, a fresh retry budget. */
    async resendDeadLetter(ctx: HttpContext) {
      await authorizeManage(ctx, kind)
      const id = Number(ctx.params.id)
      if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
      const row = await (
        await deliveries(ctx, kind)
      ).query
        .where('postback_deliveries.id', id)
        .where('status', 'dead')
        .whereNot('event', 'like', 'test.%')
        .first()
      if (!row) throw notFound()
      return ok(ctx, { deliveries: await requeue(ctx.tenant.organizationId, [Number(row.id)]) })
    },

    /** Deliveries that gave up (the dead-letter list). */
    async deadLetters(ctx: HttpContext) {
      await authorizeRead(ctx, kind)
      const parsed = parseList(ctx, DELIVERY_LIST)
      const query = (await deliveries(ctx, kind)).query.where('status', 'dead').whereNot('event', 'like', 'test.%')
      const page = await paginate(query, parsed, DELIVERY_LIST)
      return list(ctx, `${kind}-dead-letters`, page.rows.map(serializeDelivery), page)
    },
  }
}

export const postbackLogs = logsController('postback')
export const webhookLogs = logsController('webhook')

export default class LogsController {
  postbackIndex = postbackLogs.index
  postbackShow = postbackLogs.show
  postbackExport = postbackLogs.export
  postbackResend = postbackLogs.resend
  postbackResendFailed = postbackLogs.resendFailed
  postbackDeadLetters = postbackLogs.deadLetters
  postbackResendDeadLetter = postbackLogs.resendDeadLetter
  webhookIndex = webhookLogs.index
  webhookShow = webhookLogs.show
  webhookExport = webhookLogs.export
  webhookResend = webhookLogs.resend
  webhookResendFailed = webhookLogs.resendFailed
  webhookDeadLetters = webhookLogs.deadLetters
  webhookResendDeadLetter = webhookLogs.resendDeadLetter

  /** Auto-disable notices: an affiliate's own, a team member's affiliates', and the network's for admins. */
  async notices(ctx: HttpContext) {
    authorize(ctx, 'postbacks', 'read')
    const query = db.from('postback_notices').where('organization_id', ctx.tenant.organizationId)
    await narrow(ctx, query)
    query.orderBy('id', 'desc').limit(100)
    const rows = await query
    const data = rows.map((row: any) => ({
      id: row.id,
      kind: row.kind,
      affiliateId: row.affiliate_id,
      postbackId: row.postback_id,
      webhookId: row.webhook_id,
      failures: row.failures,
      message: ctx.i18n.t('postbacks.notices.auto_disabled', { failures: row.failures }),
      createdAt: new Date(row.created_at).toISOString(),
    }))
    return list(ctx, 'postback-notices', data, { offset: 0, total: data.length })
  }
}
