import type { HttpContext } from '@adonisjs/core/http'
import DataExport from '#models/data_export'
import { authorize, scoped } from '#kernel/tenancy'
import { list, ok } from '#kernel/envelope'
import { paginate, parseList } from '#kernel/list_query'
import { notFound } from '#kernel/errors'
import { EXPORT_LIST } from '#services/export_list'
import { storage } from '#services/storage'

const present = (row: DataExport) => ({
  ...row.serialize(),
  fileUrl: row.status === 'exported' ? `/api/v1/exports/${row.id}/file` : null,
})

/**
 * The downloads history: each person sees the exports they made in this organisation, of
 * the resources they can read now (an export's `subject` is the permission subject of its rows). An
 * API key or OAuth token reads only the resources of its scopes: `brands:read` with
 * `exports:read` downloads brand exports, never affiliate ones.
 */
function mine(ctx: HttpContext) {
  authorize(ctx, 'exports', 'read')
  const readable = [...ctx.tenant.abilities].filter((key) => key.endsWith(':read')).map((key) => key.slice(0, -5))
  return scoped(ctx, DataExport).where('user_id', ctx.tenant.userId).whereIn('subject', readable)
}

export default class ExportsController {
  async index(ctx: HttpContext) {
    const parsed = parseList(ctx, EXPORT_LIST)
    const page = await paginate(mine(ctx), parsed, EXPORT_LIST)
    return list(ctx, 'exports', page.rows.map(present), page)
  }

  async show(ctx: HttpContext) {
    const id = Number(ctx.params.id)
    const row = Number.isSafeInteger(id) ? await mine(ctx).where('id', id).first() : null
    if (!row) throw notFound()
    return ok(ctx, present(row))
  }

  /** Downloads an export's file again. */
  async file(ctx: HttpContext) {
    const id = Number(ctx.params.id)
    const row = Number.isSafeInteger(id) ? await mine(ctx).where('id', id).first() : null
    if (!row?.storageKey) throw notFound()
    const file = await storage().stream(row.storageKey)
    if (!file) throw notFound()
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', `attachment; filename="${row.fileName}"`)
    ctx.response.header('Content-Length', String(file.size))
    return ctx.response.stream(file.stream)
  }
}
