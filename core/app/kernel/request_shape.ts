/*
 * The request checks every route shares, against the route's own OpenAPI operation (so
 * the document and the server cannot disagree): no hostile text anywhere (a NUL byte,
 * which PostgreSQL cannot store, or an unpaired UTF-16 surrogate, which no encoder can
 * write), a bounded nesting depth, only the query parameters the operation declares, a
 * body of the declared media type, only the fields its schema names, and the JSON types
 * it documents (no boolean or one-element array for a number, no number for a date).
 * Ranges, formats, enums and business rules stay with the route's VineJS validator.
 * `request_guard_middleware.ts` runs these before any handler.
 */
import { openapiRegistry, type OperationRecord, type Schema } from './openapi.js'

/** Deepest nesting of objects and arrays a request body may have. */
export const MAX_BODY_DEPTH = 32
/** Longest request target (path and query string) answered; longer is a 414. */
export const MAX_URL_LENGTH = 8192

export interface ShapeProblem {
  /** Dotted path (`scopes.0.resource`), a query parameter or a header name. */
  field: string
  /** `text`, `depth`, `unknown`, `query`, or the JSON type expected (`number`, `integer`, `string`…). */
  rule: string
  meta?: Record<string, unknown>
}

type JsonSchema = Record<string, any>

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const HOSTILE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isHostileText(value: string): boolean {
  return HOSTILE_TEXT.test(value)
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key))

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

interface Found {
  /** Keys from the value checked down to the problem (built only once one is found). */
  keys: Array<string | number>
  rule: string
  meta?: Record<string, unknown>
}

// Loops and a path built only on the way back from a problem: a 10,000-row batch has
// hundreds of thousands of values, and a string per value was most of the check's cost.
function hostileIn(value: unknown, depth: number): Found | null {
  if (typeof value === 'string') return isHostileText(value) ? { keys: [], rule: 'text' } : null
  if (typeof value !== 'object' || value === null) return null
  if (depth >= MAX_BODY_DEPTH) return { keys: [], rule: 'depth', meta: { max: MAX_BODY_DEPTH } }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = hostileIn(value[index], depth + 1)
      if (found) {
        found.keys.unshift(index)
        return found
      }
    }
    return null
  }
  for (const key of Object.keys(value)) {
    if (isHostileText(key)) return { keys: ['key'], rule: 'text' }
    const found = hostileIn((value as Record<string, unknown>)[key], depth + 1)
    if (found) {
      found.keys.unshift(key)
      return found
    }
  }
  return null
}

/**
 * The first hostile string (value or key) or excessive nesting in a parsed body, query
 * string or parameter set; `null` when there is none.
 */
export function findHostileInput(value: unknown, path = '', depth = 0): ShapeProblem | null {
  const found = hostileIn(value, depth)
  if (!found) return null
  const field = found.keys.reduce<string>((at, key) => join(at, key), path)
  return found.meta ? { field, rule: found.rule, meta: found.meta } : { field, rule: found.rule }
}

/**
 * Empty strings in a parsed JSON body become null (values at any depth, not keys; a body
 * that is itself a string stays as sent), in place. This is the body parser's
 * `convertEmptyStringsToNull`, done after a plain JSON.parse: the parser's way, a reviver
 * called for every value, cost five times the parse itself on a 10,000-row batch.
 */
export function emptyStringsToNull<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item = value[index]
      if (item === '') value[index] = null
      else if (typeof item === 'object') emptyStringsToNull(item)
    }
    return value
  }
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record)) {
    const item = record[key]
    if (item === '') record[key] = null
    else if (typeof item === 'object') emptyStringsToNull(item)
  }
  return value
}

function resolve(schema: Schema | undefined): JsonSchema | undefined {
  let current = schema as JsonSchema | undefined
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 10; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '')
    current = openapiRegistry.schemas().get(name) as JsonSchema | undefined
  }
  return current
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'null':
      return value === null
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isPlainObject(value)
    default:
      return true
  }
}

/** Whether a value can be of a schema's JSON type (an enum-only schema takes scalars). */
function matchesType(value: unknown, schema: JsonSchema): boolean {
  if (schema.type !== undefined) return ([] as string[]).concat(schema.type).some((type) => hasType(value, type))
  if (Array.isArray(schema.enum)) return value === null || typeof value !== 'object'
  return true
}

/**
 * The JSON type a value should have had, when the route's VineJS validator would coerce
 * it instead of refusing it: a boolean, a list or an object for a number (`true` → 1,
 * `[5]` → 5), or a number for a date-time (`123` → 1970). Numeric strings stay accepted
 * for numbers (money travels as decimal strings). Any other mismatch the validator refuses
 * itself, with the field's own message.
 */
function coercedType(value: unknown, schema: JsonSchema): string | null {
  const types = ([] as string[]).concat(schema.type ?? [])
  const numeric = types.find((type) => type === 'integer' || type === 'number')
  if (
    numeric &&
    typeof value === 'object' &&
    value !== null &&
    !types.includes(Array.isArray(value) ? 'array' : 'object')
  )
    return numeric
  if (numeric && typeof value === 'boolean' && !types.includes('boolean')) return numeric
  if (numeric && typeof value === 'number' && !Number.isFinite(value)) return numeric
  const dated = types.includes('string') && (schema.format === 'date-time' || schema.format === 'date')
  if (dated && typeof value !== 'string' && !types.includes(typeof value)) return 'string'
  return null
}

/** A property the document marks read-only: accepted (react-admin sends whole records) and ignored. */
const isIgnoredReadOnly = (schema: JsonSchema | undefined) => schema?.readOnly === true && schema.type === undefined

/**
 * Checks a JSON value against the document's schema — types, unknown fields — and removes
 * the read-only fields it accepts and ignores. Problems are appended to `problems`.
 */
export function checkJson(value: unknown, schema: Schema | undefined, path: string, problems: ShapeProblem[]) {
  const resolved = resolve(schema)
  // null is the validator's to judge: the body parser turns "" into null, and an optional
  // field may be cleared.
  if (!resolved || value === null || problems.length >= 20) return
  const union = (resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined
  if (Array.isArray(union)) {
    const branch = union.map(resolve).find((candidate) => candidate && matchesType(value, candidate))
    if (!branch) problems.push({ field: path, rule: 'type' })
    else checkJson(value, branch, path, problems)
    return
  }
  const coerced = coercedType(value, resolved)
  if (coerced) {
    problems.push({ field: path, rule: coerced })
    return
  }
  if (!matchesType(value, resolved)) return // the validator refuses it, with the field's own message
  if (isPlainObject(value)) {
    const properties = (resolved.properties ?? {}) as Record<string, Schema>
    for (const key of Object.keys(value)) {
      const property = Object.hasOwn(properties, key) ? resolve(properties[key]) : undefined
      if (property) {
        if (isIgnoredReadOnly(property)) delete value[key]
        else checkJson(value[key], property, join(path, key), problems)
      } else if (resolved.additionalProperties === false) {
        problems.push({ field: join(path, key), rule: 'unknown' })
      } else if (isPlainObject(resolved.additionalProperties)) {
        checkJson(value[key], resolved.additionalProperties as Schema, join(path, key), problems)
      }
    }
  } else if (Array.isArray(value) && resolved.items) {
    value.forEach((item, index) => checkJson(item, resolved.items as Schema, join(path, index), problems))
  }
}

/**
 * The body schema the document shows for an operation. A PUT (react-admin's update sends
 * the whole record it read) also accepts the record's read-only fields — those of the
 * response that the body does not name — and ignores them.
 */
export function documentedBody(op: OperationRecord): Schema | undefined {
  if (!op.body || op.method !== 'put' || !op.response.data) return op.body
  return withReadOnly(op.body as JsonSchema, resolve(op.response.data))
}

const typed = (schema: JsonSchema, type: string) => ([] as unknown[]).concat(schema.type).includes(type)

function withReadOnly(body: JsonSchema, record: JsonSchema | undefined, depth = 0): JsonSchema {
  if (!record || depth > 4) return body
  if (typed(body, 'array') && body.items && typed(record, 'array')) {
    const items = resolve(body.items)
    return items ? { ...body, items: withReadOnly(items, resolve(record.items), depth + 1) } : body
  }
  if (body.additionalProperties !== false || !isPlainObject(record.properties)) return body
  const properties: Record<string, Schema> = { ...(body.properties ?? {}) }
  for (const [key, recordProperty] of Object.entries(record.properties as Record<string, Schema>)) {
    const own = resolve(properties[key])
    if (!own) {
      properties[key] = { readOnly: true, description: 'Read-only: accepted and ignored' }
    } else if (own.additionalProperties === false || typed(own, 'array')) {
      properties[key] = withReadOnly(own, resolve(recordProperty), depth + 1)
    }
  }
  return { ...body, properties }
}

/** The JSON body of a multipart operation that also takes JSON: its fields, as an object. */
export function multipartJsonSchema(multipart: NonNullable<OperationRecord['multipart']>): Schema {
  return {
    type: 'object',
    properties: multipart.fields ?? {},
    required: multipart.required ?? [],
    additionalProperties: false,
  }
}
