import type { HttpContext } from '@adonisjs/core/http'
import DataImport from '#models/data_import'
import { authorize, findScoped, scoped } from '#kernel/tenancy'
import { list, ok } from '#kernel/envelope'
import { paginate, parseList } from '#kernel/list_query'
import { IMPORT_LIST } from '#services/import_list'
import { notFound } from '#kernel/errors'


const present = (row: DataImport) => ({
  ...row.serialize(),
  failedRowsUrl: row.failedRows > 0 ? `/api/v1/imports/${row.id}/failed-rows` : null,
})

export default class ImportsController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'imports', 'read')
    const parsed = parseList(ctx, IMPORT_LIST)
    const page = await paginate(scoped(ctx, DataImport), parsed, IMPORT_LIST)
    return list(ctx, 'imports', page.rows.map(present), page)
  }

  async show(ctx: HttpContext) {
    authorize(ctx, 'imports', 'read')
    return ok(ctx, present(await findScoped(ctx, DataImport, ctx.params.id)))
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
}
