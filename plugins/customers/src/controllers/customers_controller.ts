import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  authorize,
  exportCsv,
  EXPORT_MAX_ROWS,
  list,
  notFound,
  ok,
  organizationPreferences,
  parseList,
  startImport,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import { clickLog } from '@affix/tracking/contracts'
import { fullAccess, readAccess, scopeCustomers, type ReadAccess } from '../access.js'
import { CUSTOMER_LIST } from '../lists.js'
import { AMOUNT_FIELDS, B_FIELDS } from '../constants.js'
import { ingestRegistrations } from '../ingest/service.js'
import { customerImport } from '../imports.js'
import { markCustomersFraud } from '../services/fraud.js'
import { reassignCustomer } from '../services/reassign.js'
import { attributionFailures, batchAnswer, decimal, serializeConversion, serializeCustomer } from '../serialize.js'
import { applyFilters, batchRows, pathId } from './helpers.js'
import { SAMPLES } from '../samples.js'
import { fraudValidator, reassignValidator } from '../validators.js'

const CUSTOMER_COLUMNS = [
  'c.*',
  db.raw('c.registered_on::text AS registered_on'),
  db.raw('c.ftd_date::text AS ftd_date'),
]

function customersQuery(access: ReadAccess) {
  // tenancy: scopeCustomers adds the organisation and the caller's reach
  return scopeCustomers(db.from('customers as c'), access)
}

function filtered(ctx: HttpContext, access: ReadAccess) {
  const parsed = parseList(ctx, CUSTOMER_LIST)
  const query = customersQuery(access)
  // Masked ids must not be searchable (a search would unmask them); affiliates never search personal data.
  const search = access.mask ? null : access.personalData ? CUSTOMER_LIST.search! : ['c.cuid']
  applyFilters(query, parsed, CUSTOMER_LIST, 'c.registered_on', {}, search)
  return { parsed, query }
}

export default class CustomersController {
  async index(ctx: HttpContext) {
    const access = await readAccess(ctx, 'customer')
    const { parsed, query } = filtered(ctx, access)
    const [{ total }] = await query.clone().count('* as total')
    const rows = await query
      .orderBy(CUSTOMER_LIST.sortable[parsed.sort[0]], parsed.sort[1])
      .orderBy('c.id', parsed.sort[1])
      .offset(parsed.offset)
      .limit(parsed.limit)
      .select(CUSTOMER_COLUMNS)
    return list(
      ctx,
      'customers',
      rows.map((row: any) => serializeCustomer(row, access, ctx.i18n)),
      { offset: parsed.offset, total: Number(total) }
    )
  }

  async export(ctx: HttpContext) {
    const access = await readAccess(ctx, 'customer')
    const { parsed, query } = filtered(ctx, access)
    const columns = [
      ['id', 'id'],
      ['cuid', 'cuid'],
      ['brand_id', 'brandId'],
      ['campaign_id', 'campaignId'],
      ['affiliate_id', 'affiliateId'],
      ['registered_at', 'registeredAt'],
      ['country', 'country'],
      ['currency', 'currency'],
      ['status', 'status'],
      ['attribution', 'attributionSource'],
      ['ftd_date', 'ftdDate'],
      ...(access.personalData
        ? [
            ['cu_name', 'cuName'],
            ['email', 'email'],
            ['ip', 'ip'],
            ['coupon', 'coupon'],
            ...B_FIELDS.map((field) => [field, field]),
          ]
        : []),
    ] as Array<[string, string]>
    return exportCsv(ctx, {
      pluginId: 'customers',
      resource: 'customers',
      subject: 'report.customer',
      queryRecord: { filters: parsed.filters, q: parsed.q ?? null, sort: parsed.sort },
      rows: async () =>
        (
          await query
            .orderBy(CUSTOMER_LIST.sortable[parsed.sort[0]], parsed.sort[1])
            .orderBy('c.id', 'asc')
            .limit(EXPORT_MAX_ROWS)
            .select(CUSTOMER_COLUMNS)
        ).map((row: any) => serializeCustomer(row, access, ctx.i18n) as Record<string, unknown>),
      columns: columns.map(([header, key]) => ({ header, value: (row: Record<string, unknown>) => row[key] })),
    })
  }

  /** Profile, attribution, click log, activity by day, conversions, fraud mark, reassignments and timeline. */
  async show(ctx: HttpContext) {
    const access = await readAccess(ctx, 'customer')
    const id = pathId(ctx.params.id)
    if (id === null) throw notFound()
    const row = await customersQuery(access).where('c.id', id).select(CUSTOMER_COLUMNS).first()
    if (!row) throw notFound()
    const customer = serializeCustomer(row, access, ctx.i18n)
    const activityScope = (query: any) => {
      query.where({ 'a.organization_id': access.organizationId, 'a.customer_id': id })
      if (access.affiliateIds) query.whereIn('a.affiliate_id', access.affiliateIds)
      return query
    }
    const [byDay, conversions, reassignments, events, clicks, ftd] = await Promise.all([
      activityScope(db.from('customer_activity as a'))
        .groupBy('a.date', 'a.currency')
        .orderBy('a.date', 'desc')
        .limit(400)
        .select(
          db.raw('a.date::text AS date'),
          'a.currency',
          db.raw('count(*)::int AS rows'),
          db.raw('sum(a.deposit_count)::int AS deposit_count'),
          db.raw('sum(a.bet_count)::int AS bet_count'),
          db.raw('bool_or(a.is_ftd) AS is_ftd'),
          ...AMOUNT_FIELDS.map((field) => db.raw(`sum(a.${field}) AS ${field}`))
        ),
      db
        .from('customer_conversions as v')
        .where({ 'v.organization_id': access.organizationId, 'v.customer_id': id })
        .if(access.affiliateIds, (query) => query.whereIn('v.affiliate_id', access.affiliateIds!))
        .orderBy('v.id')
        .select('v.*', db.raw('v.date::text AS date')),
      db
        .from('customer_reassignments')
        .where({ organization_id: access.organizationId, customer_id: id })
        .orderBy('id')
        .select('*', db.raw('effective_date::text AS effective_date')),
      access.personalData
        ? db
            .from('customer_events')
            .where({ organization_id: access.organizationId, customer_id: id })
            .orderBy('id', 'desc')
            .limit(200)
        : [],
      clickLog(access.organizationId, row.attribution_click_id ? [row.attribution_click_id] : [], {
        forAffiliate: access.affiliateId ?? undefined,
      }),
      row.ftd_activity_id
        ? db
            .from('customer_activity')
            .where({ id: row.ftd_activity_id, organization_id: access.organizationId })
            .select('id', 'ftd', 'ftd_amount', 'deposits', 'currency', db.raw('date::text AS date'))
            .first()
        : null,
    ])
    return ok(ctx, {
      customer,
      attribution: {
        source: row.attribution_source,
        campaignId: customer.campaignId,
        affiliateId: customer.affiliateId,
        clickId: row.attribution_click_id ?? null,
        promoCodeId: customer.promoCodeId,
        failures: attributionFailures(row.attribution_failures, ctx.i18n),
      },
      ftd: ftd
        ? {
            activityId: Number(ftd.id),
            date: ftd.date,
            amount: decimal(ftd.ftd && Number(ftd.ftd_amount) !== 0 ? ftd.ftd_amount : ftd.deposits),
            currency: ftd.currency.trim(),
          }
        : null,
      fraud:
        row.status === 'fraud'
          ? {
              markedAt: customer.fraudMarkedAt,
              markedBy: access.personalData ? (row.fraud_marked_by ?? null) : null,
              reason: customer.fraudReason,
            }
          : null,
      clicks,
      activityByDay: byDay.map((day: any) => ({
        date: day.date,
        currency: day.currency.trim(),
        rows: day.rows,
        depositCount: day.deposit_count,
        betCount: day.date > '2025-04-29' ? day.bet_count : null,
        isFtd: day.is_ftd,
        ...Object.fromEntries(
          AMOUNT_FIELDS.map((field) => [
            field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
            decimal(day[field]),
          ])
        ),
      })),
      conversions: conversions.map((conversion: any) => serializeConversion(conversion, access)),
      reassignments: reassignments.map((move: any) => ({
        id: Number(move.id),
        fromAffiliateId: move.from_affiliate_id,
        toAffiliateId: move.to_affiliate_id,
        effectiveDate: move.effective_date,
        reason: access.personalData ? move.reason : null,
        actorId: access.personalData ? move.actor_id : null,
        createdAt: new Date(move.created_at).toISOString(),
      })),
      timeline: events.map((event: any) => ({
        id: Number(event.id),
        kind: event.kind,
        actorId: event.actor_id,
        data: event.data,
        createdAt: new Date(event.created_at).toISOString(),
      })),
    })
  }

  /** The customer's click log (spec §7 customers/click-log). */
  async clicks(ctx: HttpContext) {
    const access = await readAccess(ctx, 'customer')
    const id = pathId(ctx.params.id)
    if (id === null) throw notFound()
    const row = await customersQuery(access).where('c.id', id).select('c.attribution_click_id', 'c.cid').first()
    if (!row) throw notFound()
    const ids = [row.attribution_click_id, row.cid].filter((value): value is string => typeof value === 'string')
    return ok(ctx, await clickLog(access.organizationId, ids, { forAffiliate: access.affiliateId ?? undefined }))
  }

  async batch(ctx: HttpContext) {
    authorize(ctx, 'customers', 'manage')
    const rows = batchRows(ctx)
    const results = await db.transaction((trx) =>
      ingestRegistrations({ organizationId: ctx.tenant.organizationId, source: 'api', trx }, rows)
    )
    return ok(ctx, batchAnswer(results, ctx.i18n))
  }

  async import(ctx: HttpContext) {
    authorize(ctx, 'customers', 'import')
    return ok(ctx, await startImport(ctx, customerImport), 202)
  }

  async sample(ctx: HttpContext) {
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', 'attachment; filename="customers-sample.csv"')
    return SAMPLES.customers
  }

  async markFraud(ctx: HttpContext) {
    authorize(ctx, 'customers', 'manage')
    const id = pathId(ctx.params.id)
    if (id === null) throw notFound()
    const { reason } = await validate(ctx, fraudValidator, 'customers')
    const organizationId = ctx.tenant.organizationId
    const customer = await db.from('customers').where({ organization_id: organizationId, id }).select('status').first()
    if (!customer) throw notFound()
    if (customer.status === 'fraud') throw unprocessable('customers.errors.already_fraud')
    await db.transaction((trx) =>
      markCustomersFraud(trx, { organizationId, customerIds: [id], actorId: ctx.tenant.userId, reason: reason ?? null })
    )
    return this.current(ctx, id)
  }

  async reassign(ctx: HttpContext) {
    authorize(ctx, 'customers', 'manage')
    const id = pathId(ctx.params.id)
    if (id === null) throw notFound()
    const input = await validate(ctx, reassignValidator, 'customers')
    const organizationId = ctx.tenant.organizationId
    const { timezone } = await organizationPreferences(organizationId)
    const today = DateTime.now().setZone(timezone).toISODate()!
    const effectiveDate = input.effectiveDate ?? today
    if (!DateTime.fromISO(effectiveDate).isValid)
      throw unprocessable('customers.errors.reassign_past', { fields: [{ field: 'effectiveDate', rule: 'date' }] })
    const moved = await db.transaction((trx) =>
      reassignCustomer(trx, {
        organizationId,
        customerId: id,
        toAffiliateId: input.affiliateId,
        effectiveDate,
        reason: input.reason,
        actorId: ctx.tenant.userId,
        today,
      })
    )
    if (!moved) throw notFound()
    return this.current(ctx, id)
  }

  /** The customer as a write left it (the writer manages customers, so it sees the whole record). */
  private async current(ctx: HttpContext, id: number) {
    const access = fullAccess(ctx.tenant.organizationId)
    const row = await customersQuery(access).where('c.id', id).select(CUSTOMER_COLUMNS).first()
    return ok(ctx, serializeCustomer(row, access, ctx.i18n))
  }
}
