/* Shared by the list controllers: filters of a parsed list on a raw query, and the batch body. */
import type { HttpContext } from '@adonisjs/core/http'
import { unprocessable, type ListOptions } from '@affix/core/kernel'
import { DateTime } from 'luxon'
import { MAX_BATCH_ROWS } from '../constants.js'

const invalid = (field: string) => unprocessable('errors.invalid_query', { field, fields: [{ field, rule: 'query' }] })

/** A YYYY-MM-DD filter value. */
export function dateFilter(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || !DateTime.fromISO(value).isValid)
    throw invalid(field)
  return value
}

/** An ISO date or date-time filter value, as an instant in `zone` (a date alone: its start, or its end for `to`). */
export function instantFilter(value: unknown, field: string, zone: string, end = false): Date {
  if (typeof value !== 'string') throw invalid(field)
  const parsed = DateTime.fromISO(value, { zone })
  if (!parsed.isValid) throw invalid(field)
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return (end ? parsed.endOf('day') : parsed.startOf('day')).toJSDate()
  return parsed.toJSDate()
}

/**
 * Applies the parsed filters (`in`/`eq` on their column; `from`/`to` on `dateColumn`) and the
 * free-text search. `special` handles filters with their own meaning.
 */
export function applyFilters(
  query: any,
  parsed: { filters: Record<string, unknown>; q?: string },
  options: ListOptions,
  dateColumn: string,
  special: Record<string, (value: unknown) => void> = {},
  search: string[] | null = options.search ?? null
) {
  for (const [key, value] of Object.entries(parsed.filters)) {
    if (special[key]) special[key](value)
    else if (key === 'from') query.where(dateColumn, '>=', dateFilter(value, key))
    else if (key === 'to') query.where(dateColumn, '<=', dateFilter(value, key))
    else if (key === 'id') {
      const ids = ([] as unknown[]).concat(value).map(Number)
      if (ids.some((id) => !Number.isSafeInteger(id))) throw invalid('id')
      query.whereIn(dateColumn.split('.')[0] + '.id', ids)
    } else {
      const filter = options.filterable[key]
      if (!filter?.column) continue
      if (filter.kind === 'in' || Array.isArray(value)) query.whereIn(filter.column, ([] as unknown[]).concat(value))
      else {
        const text = String(value)
        if (/country|currency/.test(filter.column)) query.where(filter.column, text.toUpperCase())
        else if (filter.column.endsWith('is_ftd')) query.where(filter.column, text === 'true')
        else query.where(filter.column, text)
      }
    }
  }
  if (parsed.q && search?.length) {
    const term = `%${parsed.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    query.where((inner: any) => {
      for (const column of search) inner.orWhereILike(column, term)
    })
  }
  return query
}

/** The `rows` of a batch body: an array of 1 to 10,000 objects. */
export function batchRows(ctx: HttpContext): unknown[] {
  const rows = ctx.request.body()?.rows
  if (!Array.isArray(rows) || rows.length === 0)
    throw unprocessable('customers.errors.batch_rows', { fields: [{ field: 'rows', rule: 'array' }] })
  if (rows.length > MAX_BATCH_ROWS)
    throw unprocessable('customers.errors.batch_too_large', {
      max: MAX_BATCH_ROWS,
      fields: [{ field: 'rows', rule: 'maxLength' }],
    })
  return rows
}

/** A positive id path parameter, or 404. */
export function pathId(value: unknown): number | null {
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
