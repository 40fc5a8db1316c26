/* FX rates, the operator postback (URL, secret rotation) and the inbound postback log. */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import {
  authorize,
  list,
  ok,
  organizationPreferences,
  parseList,
  startImport,
  tenantOf,
  unprocessable,
} from '@affix/core/kernel'
import { FX_RATE_LIST, POSTBACK_LOG_LIST } from '../lists.js'
import { MAX_BATCH_ROWS } from '../constants.js'
import { setRates } from '../services/fx.js'
import { fxRateImport } from '../imports.js'
import { rotateSecret, secretInfo } from '../postback/secret.js'
import { POSTBACK_PREFIX } from '../postback/handler.js'
import { batchAnswer } from '../serialize.js'
import { applyFilters, instantFilter } from './helpers.js'
import { SAMPLES } from '../samples.js'

/** The public base address the postback URL is built on (APP_URL), else the request's own. */
function postbackUrl(ctx: HttpContext) {
  const base = (process.env.APP_URL ?? `${ctx.request.protocol()}://${ctx.request.host()}`).replace(/\/+$/, '')
  return `${base}${POSTBACK_PREFIX}`
}

export default class OperatorController {
  async rates(ctx: HttpContext) {
    authorize(ctx, 'fx-rates', 'read')
    const parsed = parseList(ctx, FX_RATE_LIST)
    const query = db.from('fx_rates').where('organization_id', tenantOf(ctx).organizationId)
    applyFilters(query, parsed, FX_RATE_LIST, 'date')
    const [{ total }] = await query.clone().count('* as total')
    const rows = await query
      .orderBy('date', parsed.sort[1])
      .orderBy('from_currency')
      .orderBy('to_currency')
      .offset(parsed.offset)
      .limit(parsed.limit)
      .select('from_currency', 'to_currency', db.raw('date::text AS date'), 'rate', 'updated_at', 'updated_by')
    return list(
      ctx,
      'fx-rates',
      rows.map((row: any) => ({
        from: row.from_currency,
        to: row.to_currency,
        date: row.date,
        rate: String(row.rate).replace(/\.?0+$/, ''),
        updatedAt: new Date(row.updated_at).toISOString(),
        updatedBy: row.updated_by,
      })),
      { offset: parsed.offset, total: Number(total) }
    )
  }

  async setRates(ctx: HttpContext) {
    authorize(ctx, 'fx-rates', 'manage')
    const rows = ctx.request.body()?.rates
    if (!Array.isArray(rows) || !rows.length)
      throw unprocessable('customers.errors.batch_rows', { fields: [{ field: 'rates', rule: 'array' }] })
    if (rows.length > MAX_BATCH_ROWS)
      throw unprocessable('customers.errors.batch_too_large', {
        max: MAX_BATCH_ROWS,
        fields: [{ field: 'rates', rule: 'maxLength' }],
      })
    const { organizationId, userId } = tenantOf(ctx)
    const { timezone } = await organizationPreferences(organizationId)
    const results = await db.transaction((trx) => setRates(trx, { organizationId, actorId: userId, timezone, rows }))
    return ok(ctx, batchAnswer(results, ctx.i18n))
  }

  async importRates(ctx: HttpContext) {
    authorize(ctx, 'fx-rates', 'manage')
    return ok(ctx, await startImport(ctx, fxRateImport), 202)
  }

  async ratesSample(ctx: HttpContext) {
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', 'attachment; filename="fx-rates-sample.csv"')
    return SAMPLES.fxRates
  }

  /** The postback URL and whether a secret exists (never the secret itself). */
  async postback(ctx: HttpContext) {
    authorize(ctx, 'customers', 'manage')
    return ok(ctx, {
      url: postbackUrl(ctx),
      events: ['registration', 'ftd', 'deposit', 'activity'],
      ...(await secretInfo(tenantOf(ctx).organizationId)),
    })
  }

  /** Creates or rotates the secret: shown in this answer only; the previous one stops working at once. */
  async rotate(ctx: HttpContext) {
    authorize(ctx, 'customers', 'manage')
    const { organizationId, userId } = tenantOf(ctx)
    const secret = await rotateSecret(organizationId, userId)
    const url = postbackUrl(ctx)
    return ok(
      ctx,
      {
        url,
        secret,
        example: `${url}?secret=${secret}&event=deposit&cuid={cuid}&txn_id={txn_id}&amount={amount}&currency={currency}`,
        ...(await secretInfo(organizationId)),
      },
      201
    )
  }

  async log(ctx: HttpContext) {
    authorize(ctx, 'customers', 'manage')
    const parsed = parseList(ctx, POSTBACK_LOG_LIST)
    const { organizationId } = tenantOf(ctx)
    const { timezone } = await organizationPreferences(organizationId)
    const query = db.from('customer_postback_log as l').where('l.organization_id', organizationId)
    applyFilters(query, parsed, POSTBACK_LOG_LIST, 'l.received_at', {
      from: (value) => query.where('l.received_at', '>=', instantFilter(value, 'from', timezone)),
      to: (value) => query.where('l.received_at', '<=', instantFilter(value, 'to', timezone, true)),
    })
    const [{ total }] = await query.clone().count('* as total')
    const rows = await query
      .orderBy('l.received_at', parsed.sort[1])
      .orderBy('l.id', parsed.sort[1])
      .offset(parsed.offset)
      .limit(parsed.limit)
      .select('l.*')
    return list(
      ctx,
      'postback-log',
      rows.map((row: any) => ({
        id: Number(row.id),
        receivedAt: new Date(row.received_at).toISOString(),
        sourceIp: row.source_ip,
        method: row.method,
        event: row.event,
        params: row.params,
        outcome: row.outcome,
        status: row.status,
        message: row.message,
        cuid: row.cuid,
        txnId: row.txn_id,
        customerId: row.customer_id === null ? null : Number(row.customer_id),
        activityId: row.activity_id === null ? null : Number(row.activity_id),
      })),
      { offset: parsed.offset, total: Number(total) }
    )
  }
}
