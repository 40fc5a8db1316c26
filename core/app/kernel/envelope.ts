/*
 * The response envelope of ARCHITECTURE §7: { success, data, error: { message }, status, type }.
 * Lists also set `Content-Range: <resource> <start>-<end>/<total>` so react-admin's
 * simple REST provider can page them.
 */
import type { HttpContext } from '@adonisjs/core/http'

export interface Envelope<T> {
  success: boolean
  data: T
  error: null | { message: string; [key: string]: unknown }
  status: number
  type: string | null
}

export function envelope<T>(data: T, status = 200): Envelope<T> {
  return { success: true, data, error: null, status, type: null }
}

export function errorEnvelope(
  message: string,
  status: number,
  type: string,
  details: Record<string, unknown> = {}
): Envelope<null> {
  return { success: false, data: null, error: { message, ...details }, status, type }
}

export function ok<T>(ctx: HttpContext, data: T, status = 200) {
  ctx.response.status(status)
  return envelope(data, status)
}

export function created<T>(ctx: HttpContext, data: T) {
  return ok(ctx, data, 201)
}

export function list<T>(ctx: HttpContext, resource: string, rows: T[], page: { offset: number; total: number }) {
  const start = page.offset
  const end = rows.length ? start + rows.length - 1 : start
  ctx.response.header('Content-Range', `${resource} ${start}-${end}/${page.total}`)
  return envelope(rows, 200)
}
