/*
 * A plugin's settings form is described by the JSON Schema of its settings object
 * (GET /api/v1/plugins/:id/settings). This turns the schema's properties into form fields:
 * strings (an enum becomes a select), booleans, integers and numbers, each with its
 * required flag and bounds. The server's schema comes from VineJS, which writes a boolean
 * as an enum of true/false spellings and a nullable field as a type list with "null".
 */
export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  enum?: unknown[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  title?: string
  description?: string
  default?: unknown
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  [key: string]: unknown
}

export type FieldKind = 'string' | 'select' | 'boolean' | 'integer' | 'number'

export interface SchemaField {
  name: string
  kind: FieldKind
  required: boolean
  nullable: boolean
  title?: string
  description?: string
  choices?: Array<string | number>
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  defaultValue?: unknown
}

const TRUE_SPELLINGS = new Set<unknown>([true, 'true', 1, '1', 'on'])
const FALSE_SPELLINGS = new Set<unknown>([false, 'false', 0, '0'])

function isBooleanEnum(values: unknown[]): boolean {
  return (
    values.includes(true) &&
    values.includes(false) &&
    values.every((value) => TRUE_SPELLINGS.has(value) || FALSE_SPELLINGS.has(value))
  )
}

/** The schema of a property without its "or null", and whether null was allowed. */
function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const union = schema.anyOf ?? schema.oneOf
  if (union) {
    const rest = union.filter((member) => member.type !== 'null')
    if (rest.length === 1) {
      const inner = unwrapNullable({ ...schema, anyOf: undefined, oneOf: undefined, ...rest[0] })
      return { schema: inner.schema, nullable: rest.length < union.length || inner.nullable }
    }
    return { schema, nullable: false }
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null')
    return {
      schema: { ...schema, type: types.length === 1 ? types[0] : types },
      nullable: types.length < schema.type.length,
    }
  }
  if (schema.enum?.includes(null))
    return { schema: { ...schema, enum: schema.enum.filter((value) => value !== null) }, nullable: true }
  return { schema, nullable: false }
}

function kindOf(schema: JsonSchema): FieldKind | null {
  if (schema.type === 'boolean') return 'boolean'
  if (schema.enum) {
    if (isBooleanEnum(schema.enum)) return 'boolean'
    if (schema.enum.length && schema.enum.every((value) => typeof value === 'string' || typeof value === 'number'))
      return 'select'
    return null
  }
  if (schema.type === 'string') return 'string'
  if (schema.type === 'integer') return 'integer'
  if (schema.type === 'number') return 'number'
  return null
}

/** The form fields of an object schema, in its property order; unsupported properties are listed apart. */
export function schemaFields(schema: JsonSchema | null | undefined): { fields: SchemaField[]; unsupported: string[] } {
  const fields: SchemaField[] = []
  const unsupported: string[] = []
  const required = new Set(schema?.required ?? [])
  for (const [name, raw] of Object.entries(schema?.properties ?? {})) {
    const { schema: property, nullable } = unwrapNullable(raw)
    const kind = kindOf(property)
    if (!kind) {
      unsupported.push(name)
      continue
    }
    const minimum =
      property.minimum ?? (property.exclusiveMinimum !== undefined ? property.exclusiveMinimum : undefined)
    const maximum =
      property.maximum ?? (property.exclusiveMaximum !== undefined ? property.exclusiveMaximum : undefined)
    fields.push({
      name,
      kind,
      required: required.has(name),
      nullable,
      title: raw.title ?? property.title,
      description: raw.description ?? property.description,
      choices: kind === 'select' ? (property.enum as Array<string | number>) : undefined,
      minimum,
      maximum,
      minLength: property.minLength,
      maxLength: property.maxLength,
      pattern: property.pattern,
      format: property.format,
      defaultValue: raw.default ?? property.default,
    })
  }
  return { fields, unsupported }
}

/** "apiUrl" → "Api url", "max_retries" → "Max retries": a label when the plugin gives none. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export type FieldProblem = { message: string; args: Record<string, unknown> } | undefined

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''

/** What is wrong with one value, as a translatable message (react-admin's own keys where they exist). */
export function checkField(field: SchemaField, value: unknown): FieldProblem {
  if (isEmpty(value))
    return field.required && !field.nullable && field.kind !== 'boolean'
      ? { message: 'ra.validation.required', args: {} }
      : undefined
  if (field.kind === 'integer' || field.kind === 'number') {
    const number = typeof value === 'number' ? value : Number(value)
    if (!Number.isFinite(number)) return { message: 'ra.validation.number', args: {} }
    if (field.kind === 'integer' && !Number.isInteger(number))
      return { message: 'affix.screens.integrations.settings.integer', args: {} }
    if (field.minimum !== undefined && number < field.minimum)
      return { message: 'ra.validation.minValue', args: { min: field.minimum } }
    if (field.maximum !== undefined && number > field.maximum)
      return { message: 'ra.validation.maxValue', args: { max: field.maximum } }
    return undefined
  }
  if (field.kind === 'select') {
    return field.choices?.map(String).includes(String(value))
      ? undefined
      : { message: 'affix.screens.integrations.settings.choose', args: {} }
  }
  if (field.kind === 'string') {
    const text = String(value)
    if (field.minLength !== undefined && text.length < field.minLength)
      return { message: 'ra.validation.minLength', args: { min: field.minLength } }
    if (field.maxLength !== undefined && text.length > field.maxLength)
      return { message: 'ra.validation.maxLength', args: { max: field.maxLength } }
    if (field.pattern) {
      try {
        if (!new RegExp(field.pattern).test(text))
          return { message: 'ra.validation.regex', args: { pattern: field.pattern } }
      } catch {
        // A pattern this browser cannot compile is left to the server.
      }
    }
    if (field.format === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text))
      return { message: 'ra.validation.email', args: {} }
    if ((field.format === 'uri' || field.format === 'url') && !isUrl(text))
      return { message: 'affix.screens.integrations.settings.url', args: {} }
  }
  return undefined
}

function isUrl(text: string): boolean {
  try {
    new URL(text)
    return true
  } catch {
    return false
  }
}

/** The values to PUT: numbers as numbers, booleans as booleans, an empty optional field left out (or null). */
export function toSettingsPayload(fields: SchemaField[], values: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...values }
  for (const field of fields) {
    const value = values[field.name]
    if (field.kind === 'boolean') {
      payload[field.name] = TRUE_SPELLINGS.has(value)
      continue
    }
    if (isEmpty(value)) {
      if (field.nullable) payload[field.name] = null
      else delete payload[field.name]
      continue
    }
    if (field.kind === 'integer' || field.kind === 'number') payload[field.name] = Number(value)
    else if (field.kind === 'select') {
      // A select hands back a string: give numbers back their type.
      const choice = field.choices?.find((option) => String(option) === String(value))
      payload[field.name] = choice ?? value
    } else payload[field.name] = String(value)
  }
  return payload
}

/** The form's starting values: the stored ones, else the schema's defaults, booleans as booleans. */
export function initialValues(
  fields: SchemaField[],
  values: Record<string, unknown> | null | undefined
): Record<string, unknown> {
  const initial: Record<string, unknown> = { ...(values ?? {}) }
  for (const field of fields) {
    if (initial[field.name] === undefined && field.defaultValue !== undefined) initial[field.name] = field.defaultValue
    if (field.kind === 'boolean') initial[field.name] = TRUE_SPELLINGS.has(initial[field.name])
  }
  return initial
}
