import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import {
  authorize,
  exportCsv,
  EXPORT_MAX_ROWS,
  list,
  notFound,
  ok,
  parseList,
  startImport,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import { readAccess, scopeRows, type ReadAccess } from '../access.js'
import { ACTIVITY_LIST } from '../lists.js'
import { AMOUNT_FIELDS } from '../constants.js'
import { ingestActivity } from '../ingest/service.js'
import { activityImport } from '../imports.js'
import { markCustomersFraud } from '../services/fraud.js'
import { batchAnswer, decimal, serializeActivity } from '../serialize.js'
import { applyFilters, batchRows, pathId } from './helpers.js'
import { fraudValidator } from '../validators.js'
import { SAMPLES } from '../samples.js'

const ACTIVITY_COLUMNS = ['a.*', db.raw('a.date::text AS date'), 'c.cuid', 'c.status AS customer_status']

function activityQuery(ctx: HttpContext, access: ReadAccess) {
  const parsed = parseList(ctx, ACTIVITY_LIST)
  // tenancy: scopeRows adds the organisation and the caller's reach
  const query = scopeRows(
    db.from('customer_activity as a').join('customers as c', 'c.id', 'a.customer_id'),
    access,
    'a'
  )
  applyFilters(
    query,
    parsed,
    ACTIVITY_LIST,
    'a.date',
    {
      status: (value) =>
        value === 'fraud'
          ? query.where((inner: any) => inner.where('a.fraud', true).orWhere('c.status', 'fraud'))
          : query.where('a.fraud', false).where('c.status', 'active'),
    },
    access.mask ? ['a.txn_id'] : ACTIVITY_LIST.search
  )
  return { parsed, query }
}

const camel = (field: string) => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

export default class ActivityController {
  async index(ctx: HttpContext) {
    const access = await readAccess(ctx, 'activity')
    const { parsed, query } = activityQuery(ctx, access)
    const [{ total }] = await query.clone().count('* as total')
    const rows = await query
      .orderBy(ACTIVITY_LIST.sortable[parsed.sort[0]], parsed.sort[1])
      .orderBy('a.id', parsed.sort[1])
      .offset(parsed.offset)
      .limit(parsed.limit)
      .select(ACTIVITY_COLUMNS)
    return list(
      ctx,
      'activity',
      rows.map((row: any) => serializeActivity(row, access)),
      { offset: parsed.offset, total: Number(total) }
    )
  }

  async export(ctx: HttpContext) {
    const access = await readAccess(ctx, 'activity')
    const { parsed, query } = activityQuery(ctx, access)
    const keys = [
      'id',
      'cuid',
      'customerId',
      'brandId',
      'campaignId',
      'affiliateId',
      'date',
      'txnId',
      'currency',
      ...AMOUNT_FIELDS.map(camel),
      'depositCount',
      'betCount',
      'ftd',
      'isFtd',
      'fraud',
      'version',
    ]
    return exportCsv(ctx, {
      pluginId: 'customers',
      resource: 'activity',
      subject: 'report.activity',
      queryRecord: { filters: parsed.filters, q: parsed.q ?? null, sort: parsed.sort },
      rows: async () =>
        (
          await query
            .orderBy(ACTIVITY_LIST.sortable[parsed.sort[0]], parsed.sort[1])
            .orderBy('a.id', 'asc')
            .limit(EXPORT_MAX_ROWS)
            .select(ACTIVITY_COLUMNS)
        ).map((row: any) => serializeActivity(row, access) as Record<string, unknown>),
      columns: keys.map((key) => ({
        header: key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        value: (row: Record<string, unknown>) => row[key],
      })),
    })
  }

  /** One row with its revisions (the values it had before each correction). */
  async show(ctx: HttpContext) {
    const access = await readAccess(ctx, 'activity')
    const id = pathId(ctx.params.id)
    if (id === null) throw notFound()
    // tenancy: scopeRows adds the organisation and the caller's reach
    const row = await scopeRows(
      db.from('customer_activity as a').join('customers as c', 'c.id', 'a.customer_id'),
      access,
      'a'
    )
      .where('a.id', id)
      .select(ACTIVITY_COLUMNS)
      .first()
    if (!row) throw notFound()
    const revisions = await db
      .from('customer_activity_revisions')
      .where({ organization_id: access.organizationId, activity_id: id })
      .orderBy('version')
    return ok(ctx, {
      ...serializeActivity(row, access),
      revisions: revisions.map((revision: any) => ({
        version: revision.version,
        source: revision.source,
        replacedAt: new Date(revision.replaced_at).toISOString(),
        values: Object.fromEntries(
          Object.entries(revision.values as Record<string, unknown>).map(([key, value]) => [
            camel(key),
            (AMOUNT_FIELDS as readonly string[]).includes(key) ? decimal(value) : value,
          ])
        ),
      })),
    })
  }

  async batch(ctx: HttpContext) {
    authorize(ctx, 'customers', 'manage')
    const rows = batchRows(ctx)
    const results = await db.transaction((trx) =>
      ingestActivity({ organizationId: ctx.tenant.organizationId, source: 'api', trx }, rows)
    )
    return ok(ctx, batchAnswer(results, ctx.i18n))
  }

  async import(ctx: HttpContext) {
    authorize(ctx, 'customers', 'import')
    return ok(ctx, await startImport(ctx, activityImport), 202)
  }

  async sample(ctx: HttpContext) {
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', 'attachment; filename="activity-sample.csv"')
    return SAMPLES.activity
  }

  /** Spec §4: marking an activity row as fraud marks its customer and all of its activity. */
  async markFraud(ctx: HttpContext) {
    authorize(ctx, 'customers', 'manage')
    const id = pathId(ctx.params.id)
    if (id === null) throw notFound()
    const { reason } = await validate(ctx, fraudValidator, 'customers')
    const organizationId = ctx.tenant.organizationId
    const row = await db
      .from('customer_activity as a')
      .join('customers as c', 'c.id', 'a.customer_id')
      .where({ 'a.organization_id': organizationId, 'a.id': id })
      .select('a.customer_id', 'c.status')
      .first()
    if (!row) throw notFound()
    if (row.status === 'fraud') throw unprocessable('customers.errors.already_fraud')
    await db.transaction((trx) =>
      markCustomersFraud(trx, {
        organizationId,
        customerIds: [Number(row.customer_id)],
        actorId: ctx.tenant.userId,
        reason: reason ?? null,
        activityId: id,
      })
    )
    // tenancy: the row read through scopeRows just above
    const marked = await db
      .from('customer_activity as a')
      .join('customers as c', 'c.id', 'a.customer_id')
      .where('a.id', id)
      .select(ACTIVITY_COLUMNS)
      .first()
    return ok(ctx, serializeActivity(marked, { mask: false } as ReadAccess))
  }
}
