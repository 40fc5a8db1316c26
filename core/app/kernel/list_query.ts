/*
 * List parameters shared by every list endpoint. Two dialects are accepted:
 * - plain:  ?page=2&limit=25&sort=name&order=desc&status=active&q=text
 * - react-admin simple REST: ?range=[0,24]&sort=["name","ASC"]&filter={"status":"active"}
 * Sort and filter fields are checked against the resource's allow-list, so a request can
 * never sort or filter on a column it does not name explicitly.
 */
import type { HttpContext } from '@adonisjs/core/http'
import type { ModelQueryBuilderContract, LucidModel } from '@adonisjs/lucid/types/model'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { unprocessable } from './errors.js'
import { listQuery as listQuerySchema } from './schemas.js'

export const MAX_PAGE_SIZE = 500
export const DEFAULT_PAGE_SIZE = 25

/**
 * How a public filter field matches. `via` matches rows whose `column` is listed in a link
 * table (e.g. affiliates by group membership): `column IN (SELECT via.select FROM via.table
 * WHERE via.match IN (values))`.
 */
export interface ListFilter {
  column: string
  kind: 'eq' | 'ilike' | 'in' | 'via'
  type?: 'integer' | 'string'
  values?: readonly string[]
  via?: { table: string; match: string; select: string }
  /** The OpenAPI description, when the default one says too little. */
  description?: string
}

export interface ListOptions {
  /** Public field name → column. */
  sortable: Record<string, string>
  /** Public field name → how to filter. `search` fields are matched by `q`. */
  filterable: Record<string, ListFilter>
  search?: string[]
  defaultSort?: [string, 'asc' | 'desc']
}

export interface ParsedList {
  offset: number
  limit: number
  sort: [string, 'asc' | 'desc']
  filters: Record<string, unknown>
  q?: string
}

const invalidParam = (field: string, key = 'errors.invalid_query') =>
  unprocessable(key, { field, fields: [{ field, rule: 'query' }] })

function parseJson(raw: unknown, name: string): unknown {
  if (typeof raw !== 'string') return raw
  try {
    return JSON.parse(raw)
  } catch {
    throw invalidParam(name)
  }
}

function positiveInt(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw invalidParam(name)
  return value
}

export function parseList(ctx: HttpContext, options: ListOptions): ParsedList {
  // range, sort and filter may carry JSON, which the query-string parser would split
  // on commas: read those three raw.
  const raw = new URLSearchParams(ctx.request.parsedUrl.query ?? '')
  const qs: Record<string, any> = { ...ctx.request.qs() }
  for (const key of ['range', 'sort', 'filter']) {
    if (raw.has(key)) qs[key] = raw.get(key)
  }
  let offset = 0
  let limit = DEFAULT_PAGE_SIZE

  if (qs.range !== undefined) {
    const range = parseJson(qs.range, 'range')
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n) && n >= 0) ||
      range[1] < range[0]
    ) {
      throw invalidParam('range')
    }
    offset = range[0]
    limit = range[1] - range[0] + 1
  } else {
    limit = positiveInt(qs.limit, 'limit', DEFAULT_PAGE_SIZE)
    const page = positiveInt(qs.page, 'page', 1)
    if (page < 1 || limit < 1) throw invalidParam(page < 1 ? 'page' : 'limit')
    offset = (page - 1) * limit
  }
  if (limit > MAX_PAGE_SIZE) throw invalidParam('limit')

  let sort: [string, 'asc' | 'desc'] = options.defaultSort ?? ['id', 'asc']
  if (qs.sort !== undefined && qs.sort !== '') {
    const raw = typeof qs.sort === 'string' && qs.sort.startsWith('[') ? parseJson(qs.sort, 'sort') : qs.sort
    let field: unknown
    let order: unknown = qs.order ?? 'asc'
    if (Array.isArray(raw)) [field, order] = raw
    else if (typeof raw === 'string') {
      field = raw.startsWith('-') ? raw.slice(1) : raw
      if (raw.startsWith('-')) order = 'desc'
    }
    const direction = String(order).toLowerCase()
    if (typeof field !== 'string' || !(field in options.sortable) || !['asc', 'desc'].includes(direction)) {
      throw invalidParam('sort', 'errors.invalid_sort')
    }
    sort = [field, direction as 'asc' | 'desc']
  }

  const filters: Record<string, unknown> = {}
  const fromJson = qs.filter !== undefined ? parseJson(qs.filter, 'filter') : {}
  if (typeof fromJson !== 'object' || fromJson === null || Array.isArray(fromJson)) {
    throw invalidParam('filter')
  }
  const candidates: Record<string, unknown> = { ...fromJson }
  for (const key of Object.keys(options.filterable)) {
    if (qs[key] !== undefined) candidates[key] = qs[key]
  }
  let q = typeof qs.q === 'string' ? qs.q : undefined
  for (const [key, value] of Object.entries(candidates)) {
    if (key === 'q') {
      q = String(value)
      continue
    }
    if (key === 'id') {
      filters.id = value
      continue
    }
    const filter = options.filterable[key]
    if (!filter) throw invalidParam(key, 'errors.invalid_filter')
    if (value === '' || value === null || value === undefined) continue
    const values = ([] as unknown[]).concat(value)
    if (filter.type === 'integer' && values.some((entry) => !Number.isSafeInteger(Number(entry))))
      throw invalidParam(key)
    if (filter.values && values.some((entry) => !filter.values!.includes(String(entry)))) throw invalidParam(key)
    filters[key] = value
  }
  return { offset, limit, sort, filters, q: q?.trim() || undefined }
}

/** OpenAPI query parameters of a list: paging, sorting, `q` and every declared filter. */
export function listQueryParameters(options: ListOptions) {
  const parameters: Record<string, Record<string, unknown>> = { ...listQuerySchema }
  parameters.sort = {
    ...listQuerySchema.sort,
    description: `One of ${Object.keys(options.sortable).join(', ')}; prefix with - for descending, or ["field","ASC"]`,
  }
  for (const [name, filter] of Object.entries(options.filterable)) {
    parameters[name] = {
      type: filter.type ?? 'string',
      ...(filter.values ? { enum: [...filter.values] } : {}),
      description:
        filter.description ??
        (filter.kind === 'ilike'
          ? `Contains (case-insensitive)`
          : filter.kind === 'via'
            ? 'Linked to this one (repeat for several)'
            : `Equals${filter.kind === 'in' ? ' (repeat for several)' : ''}`),
    }
  }
  return parameters
}

/** Applies a parsed list to a query and returns the page and the total. */
/** Applies a parsed list's filters and free-text search to a query (lists and exports share it). */
export function applyListFilters<Model extends LucidModel>(
  query: ModelQueryBuilderContract<Model>,
  parsed: ParsedList,
  options: ListOptions
) {
  for (const [key, value] of Object.entries(parsed.filters)) {
    if (key === 'id') {
      const ids = (Array.isArray(value) ? value : [value]).map(Number)
      if (ids.some((id) => !Number.isSafeInteger(id))) throw invalidParam('id')
      query.whereIn('id', ids)
      continue
    }
    const filter = options.filterable[key]
    if (filter.kind === 'via' && filter.via) {
      const { table, match, select } = filter.via
      const values = ([] as unknown[]).concat(value) as string[]
      query.whereIn(filter.column, (inner) => inner.from(table).whereIn(match, values).select(select))
    } else if (filter.kind === 'ilike') query.whereILike(filter.column, `%${String(value)}%`)
    else if (filter.kind === 'in' || Array.isArray(value))
      query.whereIn(filter.column, ([] as unknown[]).concat(value) as string[])
    else query.where(filter.column, value as string)
  }
  if (parsed.q && options.search?.length) {
    const term = `%${parsed.q}%`
    query.where((inner) => {
      for (const column of options.search!) inner.orWhereILike(column, term)
    })
  }
  return query
}

export async function paginate<Model extends LucidModel>(
  query: ModelQueryBuilderContract<Model>,
  parsed: ParsedList,
  options: ListOptions
) {
  applyListFilters(query, parsed, options)
  const countQuery = query.clone()
  const [{ total }] = await countQuery.clearOrder().count('* as total').pojo<{ total: string }>()
  const rows = await query
    .orderBy(options.sortable[parsed.sort[0]], parsed.sort[1])
    .orderBy('id', 'asc')
    .offset(parsed.offset)
    .limit(parsed.limit)
  return { rows, total: Number(total), offset: parsed.offset }
}

/**
 * `paginate` for a plain query (a relation without a model, such as core's `panels` view,
 * which a plugin reads but never writes): the page's rows as the database returns them.
 */
export async function paginateRows(query: DatabaseQueryBuilderContract, parsed: ParsedList, options: ListOptions) {
  applyListFilters(query as unknown as ModelQueryBuilderContract<LucidModel>, parsed, options)
  const [{ total }] = await query.clone().clearOrder().count('* as total')
  const rows: Array<Record<string, any>> = await query
    .orderBy(options.sortable[parsed.sort[0]], parsed.sort[1])
    .orderBy('id', 'asc')
    .offset(parsed.offset)
    .limit(parsed.limit)
  return { rows, total: Number(total), offset: parsed.offset }
}
