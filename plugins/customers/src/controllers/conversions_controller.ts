import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { exportCsv, EXPORT_MAX_ROWS, list, parseList } from '@affix/core/kernel'
import { readAccess, scopeRows, type ReadAccess } from '../access.js'
import { CONVERSION_LIST } from '../lists.js'
import { serializeConversion } from '../serialize.js'
import { applyFilters } from './helpers.js'

function conversionsQuery(ctx: HttpContext, access: ReadAccess) {
  const parsed = parseList(ctx, CONVERSION_LIST)
  // tenancy: scopeRows adds the organisation and the caller's reach
  const query = scopeRows(
    db.from('customer_conversions as v').join('customers as c', 'c.id', 'v.customer_id'),
    access,
    'v'
  )
  applyFilters(query, parsed, CONVERSION_LIST, 'v.date', {}, access.mask ? null : CONVERSION_LIST.search)
  return { parsed, query }
}

const CONVERSION_COLUMNS = ['v.*', db.raw('v.date::text AS date'), 'c.cuid']

export default class ConversionsController {
  async index(ctx: HttpContext) {
    const access = await readAccess(ctx, 'conversion')
    const { parsed, query } = conversionsQuery(ctx, access)
    const [{ total }] = await query.clone().count('* as total')
    const rows = await query
      .orderBy(CONVERSION_LIST.sortable[parsed.sort[0]], parsed.sort[1])
      .orderBy('v.id', parsed.sort[1])
      .offset(parsed.offset)
      .limit(parsed.limit)
      .select(CONVERSION_COLUMNS)
    return list(
      ctx,
      'conversions',
      rows.map((row: any) => serializeConversion(row, access)),
      { offset: parsed.offset, total: Number(total) }
    )
  }

  async export(ctx: HttpContext) {
    const access = await readAccess(ctx, 'conversion')
    const { parsed, query } = conversionsQuery(ctx, access)
    const keys = [
      'id',
      'cuid',
      'customerId',
      'type',
      'date',
      'brandId',
      'campaignId',
      'affiliateId',
      'amount',
      'currency',
      'depositCount',
      'clickId',
      'capStatus',
      'capId',
      'capAction',
    ]
    return exportCsv(ctx, {
      pluginId: 'customers',
      resource: 'conversions',
      subject: 'report.conversion',
      queryRecord: { filters: parsed.filters, q: parsed.q ?? null, sort: parsed.sort },
      rows: async () =>
        (
          await query
            .orderBy(CONVERSION_LIST.sortable[parsed.sort[0]], parsed.sort[1])
            .orderBy('v.id', 'asc')
            .limit(EXPORT_MAX_ROWS)
            .select(CONVERSION_COLUMNS)
        ).map((row: any) => serializeConversion(row, access) as Record<string, unknown>),
      columns: keys.map((key) => ({
        header: key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        value: (row: Record<string, unknown>) => row[key],
      })),
    })
  }
}
