import type { HttpContext } from '@adonisjs/core/http'
import DataImport from '#models/data_import'
import { authorize, can, findScoped, scoped } from '#kernel/tenancy'
import { list, ok } from '#kernel/envelope'
import { paginate, parseList } from '#kernel/list_query'
import { IMPORT_LIST } from '#services/import_list'
import { forbidden, notFound } from '#kernel/errors'
import { cancelImport, presentImport } from '#kernel/background_imports'
import { storage } from '#services/storage'

export default class ImportsController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'imports', 'read')
    const parsed = parseList(ctx, IMPORT_LIST)
    const page = await paginate(scoped(ctx, DataImport), parsed, IMPORT_LIST)
    return list(ctx, 'imports', page.rows.map(presentImport), page)
  }

  async show(ctx: HttpContext) {
    authorize(ctx, 'imports', 'read')
    return ok(ctx, presentImport(await findScoped(ctx, DataImport, ctx.params.id)))
  }

  /** Queued: cancelled at once. Processing: rolled back and cancelled at the next chunk. */
  async cancel(ctx: HttpContext) {
    authorize(ctx, 'imports', 'read')
    const row = await findScoped(ctx, DataImport, ctx.params.id)
    // The uploader, or whoever manages imports, may cancel.
    if (row.importedBy !== ctx.tenant.userId && !can(ctx, 'imports', 'manage')) throw forbidden()
    return ok(ctx, presentImport(await cancelImport(row)))
  }

  /** The failed-rows file: original columns, the line number and the reason. */
  async failedRows(ctx: HttpContext) {
    authorize(ctx, 'imports', 'read')
    const row = await findScoped(ctx, DataImport, ctx.params.id)
    if (!row.failedRowsCsv) throw notFound()
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', `attachment; filename="import-${row.id}-failed-rows.csv"`)
    return row.failedRowsCsv
  }

  /** The original upload, as it was received. */
  async file(ctx: HttpContext) {
    authorize(ctx, 'imports', 'read')
    const row = await findScoped(ctx, DataImport, ctx.params.id)
    const stored = row.fileKey ? await storage().stream(row.fileKey) : null
    if (!stored) throw notFound()
    const name = row.fileName.replace(/["\\\r\n]/g, '_')
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Length', String(stored.size))
    ctx.response.header('Content-Disposition', `attachment; filename="${name}"`)
    return ctx.response.stream(stored.stream)
  }
}
