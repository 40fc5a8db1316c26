/*
 * CSV exports (spec §4 "Export: exporting, exported"; the /downloads history). A plugin's
 * export route builds its rows with the same list options as its list (filters, search,
 * sort) and hands them to exportCsv, which records the export, stores the file, and sends
 * it. The file can be downloaded again from GET /api/v1/exports/{id}/file.
 */
import type { HttpContext } from '@adonisjs/core/http'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { stringify } from 'csv-stringify/sync'
import { DateTime } from 'luxon'
import DataExport from '#models/data_export'
import { storage } from '#services/storage'
import { applyListFilters, parseList, type ListOptions } from './list_query.js'
import { csvCell as cell } from './csv.js'

/** An export holds at most this many rows; narrow the filters for more. */
export const EXPORT_MAX_ROWS = 100_000

export interface ExportColumn<Row> {
  header: string
  value: (row: Row) => unknown
}

/**
 * Runs a list query without paging (same filters and sort as the list) and exports it:
 * `exportList(ctx, { pluginId: 'brands', resource: 'brands', query: liveBrands(ctx), list: BRAND_LIST, columns })`.
 */
export async function exportList<Model extends LucidModel>(
  ctx: HttpContext,
  options: {
    pluginId: string
    resource: string
    /** The permission subject the rows are read under, when it is not `resource` (e.g. `report.activity`). */
    subject?: string
    query: ModelQueryBuilderContract<Model>
    list: ListOptions
    columns: Array<ExportColumn<InstanceType<Model>>>
  }
) {
  const parsed = parseList(ctx, options.list)
  const query = applyListFilters(options.query, parsed, options.list)
    .orderBy(options.list.sortable[parsed.sort[0]], parsed.sort[1])
    .orderBy('id', 'asc')
    .limit(EXPORT_MAX_ROWS)
  return exportCsv(ctx, {
    pluginId: options.pluginId,
    resource: options.resource,
    subject: options.subject,
    queryRecord: { filters: parsed.filters, q: parsed.q ?? null, sort: parsed.sort },
    rows: async () => (await query) as Array<InstanceType<Model>>,
    columns: options.columns,
  })
}

export async function exportCsv<Row>(
  ctx: HttpContext,
  options: {
    pluginId: string
    /** What was exported (the file name and the downloads list show it). */
    resource: string
    /** The permission subject of the rows: reading the export later needs `<subject>:read` (default: `resource`). */
    subject?: string
    queryRecord: Record<string, unknown>
    rows: () => Promise<Row[]>
    columns: Array<ExportColumn<Row>>
  }
) {
  const stamp = DateTime.utc().toFormat('yyyyLLdd-HHmmss')
  const record = await DataExport.create({
    organizationId: ctx.tenant.organizationId,
    userId: ctx.tenant.userId,
    pluginId: options.pluginId,
    resource: options.resource,
    subject: options.subject ?? options.resource,
    status: 'exporting',
    query: options.queryRecord,
    fileName: `${options.resource}-${stamp}.csv`,
    rowCount: 0,
    sizeBytes: 0,
  })
  try {
    const rows = await options.rows()
    const csv = stringify([
      options.columns.map((column) => column.header),
      ...rows.map((row) => options.columns.map((column) => cell(column.value(row)))),
    ])
    const contents = Buffer.from(csv, 'utf8')
    const key = `exports/${record.organizationId}/${record.id}.csv`
    await storage().put(key, contents)
    record.merge({
      status: 'exported',
      storageKey: key,
      rowCount: rows.length,
      sizeBytes: contents.length,
      finishedAt: DateTime.now(),
    })
    await record.save()
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', `attachment; filename="${record.fileName}"`)
    ctx.response.header('X-Export-Id', String(record.id))
    return csv
  } catch (error) {
    record.merge({ status: 'failed', finishedAt: DateTime.now() })
    await record.save()
    throw error
  }
}
