/*
 * Commission rows: the list with filters and its export, one row with its explanation and
 * its status history (COMMISSIONS §11), and the people's actions — approve, deny (reason
 * required), hold, mark paid (reference required) — on rows named by id or chosen by a filter.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { exportCsv, EXPORT_MAX_ROWS, list, notFound, ok, parseList, unprocessable, validate } from '@affix/core/kernel'
import { ledgerAccess, scopeRows, type LedgerAccess } from '../access.js'
import { ROW_LIST, ROW_STATUSES } from '../lists.js'
import { changeStatus, type StatusAction } from '../ledger/status.js'
import { statusValidator } from '../validators.js'
import { ROW_TYPES } from '../engine/index.js'

const ROW_SELECT = [
  'r.id',
  'r.key',
  'r.type',
  'r.status',
  'r.deny_reason',
  'r.status_note',
  'r.period',
  db.raw('r.date::text AS date'),
  'r.affiliate_id',
  'r.campaign_id',
  'r.brand_id',
  'r.customer_id',
  'r.currency',
  'r.amount',
  'r.final_amount',
  'r.provisional',
  'r.corrects',
  'r.priced_by',
  'r.plan_version',
  'r.formula_version',
  'r.payment_reference',
  'r.approved_at',
  'r.paid_at',
  'r.created_at',
  'r.updated_at',
]

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)
const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

export function serializeRow(row: any) {
  return {
    id: Number(row.id),
    key: row.key,
    type: row.type,
    status: row.status,
    denyReason: row.deny_reason ?? null,
    statusNote: row.status_note ?? null,
    period: row.period,
    date: row.date,
    affiliateId: Number(row.affiliate_id),
    campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
    brandId: row.brand_id === null ? null : Number(row.brand_id),
    customerId: row.customer_id === null ? null : Number(row.customer_id),
    currency: row.currency,
    amount: text(row.amount),
    finalAmount: text(row.final_amount),
    provisional: Boolean(row.provisional),
    corrects: row.corrects ?? null,
    pricedBy: row.priced_by ?? null,
    planVersion: row.plan_version ?? null,
    formulaVersion: row.formula_version ?? null,
    paymentReference: row.payment_reference ?? null,
    approvedAt: iso(row.approved_at),
    paidAt: iso(row.paid_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

function filtered(access: LedgerAccess, filters: Record<string, unknown>) {
  // tenancy: scopeRows adds the organisation and the caller's reach
  const query = scopeRows(db.from('payouts_rows as r'), access)
  for (const [key, value] of Object.entries(filters)) {
    const filter = ROW_LIST.filterable[key]
    if (!filter) continue
    const values = ([] as unknown[]).concat(value).map(String)
    if (filter.type === 'integer') query.whereIn(filter.column, values.map(Number))
    else if (key === 'currency') query.where(filter.column, String(value).toUpperCase())
    else query.whereIn(filter.column, values)
  }
  return query
}

export default class RowsController {
  async index(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts', 'read')
    const parsed = parseList(ctx, ROW_LIST)
    const query = filtered(access, parsed.filters)
    const [{ total }] = await query.clone().count('* as total')
    const rows = await query
      .orderBy(ROW_LIST.sortable[parsed.sort[0]], parsed.sort[1])
      .orderBy('r.id', parsed.sort[1])
      .offset(parsed.offset)
      .limit(parsed.limit)
      .select(ROW_SELECT)
    return list(ctx, 'rows', rows.map(serializeRow), { offset: parsed.offset, total: Number(total) })
  }

  async export(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts', 'read')
    const parsed = parseList(ctx, ROW_LIST)
    const keys = [
      'id',
      'period',
      'date',
      'type',
      'status',
      'affiliateId',
      'campaignId',
      'brandId',
      'customerId',
      'currency',
      'amount',
      'denyReason',
      'planVersion',
      'formulaVersion',
      'paymentReference',
      'key',
    ] as const
    return exportCsv(ctx, {
      pluginId: 'payouts',
      resource: 'commissions',
      subject: 'payouts',
      queryRecord: { filters: parsed.filters, sort: parsed.sort },
      rows: async () =>
        (
          await filtered(access, parsed.filters)
            .orderBy(ROW_LIST.sortable[parsed.sort[0]], parsed.sort[1])
            .orderBy('r.id', 'asc')
            .limit(EXPORT_MAX_ROWS)
            .select(ROW_SELECT)
        ).map((row: any) => serializeRow(row) as Record<string, unknown>),
      columns: keys.map((key) => ({
        header: key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        value: (row: Record<string, unknown>) => row[key],
      })),
    })
  }

  /** One row with its explanation (§11) and the history of its statuses. */
  async show(ctx: HttpContext) {
    const access = await ledgerAccess(ctx, 'payouts', 'read')
    const id = Number(ctx.params.id)
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
    // tenancy: scopeRows adds the organisation and the caller's reach
    const row = await scopeRows(db.from('payouts_rows as r'), access)
      .where('r.id', id)
      .select([...ROW_SELECT, 'r.explanation'])
      .first()
    if (!row) throw notFound()
    const events = await db
      .from('payouts_row_events')
      .where({ organization_id: access.organizationId, row_id: id })
      .orderBy('id')
    const explanation = typeof row.explanation === 'string' ? JSON.parse(row.explanation) : row.explanation
    return ok(ctx, {
      ...serializeRow(row),
      explanation,
      history: events.map((event) => ({
        from: event.from_status,
        to: event.to_status,
        reason: event.reason,
        reference: event.reference,
        // Who acted stays with the network: an affiliate sees what happened, not who did it.
        actorId: access.isAffiliate ? null : event.actor_id,
        at: iso(event.created_at),
      })),
    })
  }

  approve(ctx: HttpContext) {
    return this.act(ctx, 'approve')
  }
  deny(ctx: HttpContext) {
    return this.act(ctx, 'deny')
  }
  hold(ctx: HttpContext) {
    return this.act(ctx, 'hold')
  }
  pay(ctx: HttpContext) {
    return this.act(ctx, 'pay')
  }

  private async act(ctx: HttpContext, action: StatusAction) {
    const access = await ledgerAccess(ctx, 'payouts', 'manage')
    const input = await validate(ctx, statusValidator, 'payouts')
    if (!input.ids && !input.filter) throw unprocessable('payouts.status.rows_required', { fields: [{ field: 'ids' }] })
    if (action === 'deny' && !input.reason)
      throw unprocessable('payouts.status.reason_required', { fields: [{ field: 'reason', rule: 'required' }] })
    if (action === 'pay' && !input.reference)
      throw unprocessable('payouts.status.reference_required', { fields: [{ field: 'reference', rule: 'required' }] })
    const filter = input.filter ?? {}
    for (const type of filter.type ?? [])
      if (!(ROW_TYPES as readonly string[]).includes(type))
        throw unprocessable('errors.invalid_filter', { field: 'type', fields: [{ field: 'filter.type' }] })
    for (const status of filter.status ?? [])
      if (!(ROW_STATUSES as readonly string[]).includes(status))
        throw unprocessable('errors.invalid_filter', { field: 'status', fields: [{ field: 'filter.status' }] })
    const result = await changeStatus(
      access.organizationId,
      action,
      async (trx) => {
        // tenancy: scopeRows adds the organisation and the caller's reach
        const query = scopeRows(trx.from('payouts_rows as r'), access)
        if (input.ids) query.whereIn('r.id', input.ids)
        else {
          if (filter.period) query.whereIn('r.period', filter.period)
          if (filter.affiliateId) query.whereIn('r.affiliate_id', filter.affiliateId)
          if (filter.campaignId) query.whereIn('r.campaign_id', filter.campaignId)
          if (filter.brandId) query.whereIn('r.brand_id', filter.brandId)
          if (filter.type) query.whereIn('r.type', filter.type)
          if (filter.status) query.whereIn('r.status', filter.status)
        }
        return (await query.select('r.id')).map((row: any) => Number(row.id))
      },
      { actorId: access.userId, reason: input.reason ?? null, reference: input.reference ?? null, strict: !!input.ids }
    )
    if (input.ids) {
      // Not the changed and refused ids: a refusal empties `changed` (all or none).
      const found = new Set(result.found)
      const missing = input.ids.filter((id) => !found.has(id))
      if (missing.length) throw notFound()
      const blocking = Object.entries(result.refused).filter(([reason]) => reason !== 'unchanged')
      if (blocking.length) {
        const [reason, ids] = blocking[0]
        throw unprocessable(`payouts.status.refused.${action}.${reason}`, {
          ids: ids.join(', '),
          refused: Object.fromEntries(blocking),
          fields: [{ field: 'ids', rule: reason }],
        })
      }
    }
    return ok(ctx, {
      action,
      changed: result.changed.length,
      changedIds: result.changed,
      refused: Object.fromEntries(Object.entries(result.refused).map(([reason, ids]) => [reason, ids.length])),
    })
  }
}
