/*
 * The OpenAPI registry. Every API route is declared through ApiRouter, which records an
 * operation here as it registers the route, so the document (openapi/openapi.json) is
 * generated from the very routes the server answers. Request bodies come from the VineJS
 * validators (toJSONSchema); response bodies from the schemas the route declares.
 */
type JSONSchema7 = { [key: string]: unknown }

export type Schema = JSONSchema7 | { $ref: string } | Record<string, unknown>

export interface OperationRecord {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  path: string
  tag: string
  operationId: string
  summary: string
  description?: string
  public?: boolean
  /** Path parameters that are not record ids (`id`/`…Id` are integers by default), e.g. a plugin id. */
  params?: Record<string, Schema>
  query?: Record<string, Schema & { description?: string }>
  body?: Schema
  /** The body may also be sent form-encoded (the OAuth token endpoint, RFC 6749). */
  formEncoded?: boolean
  /** Multipart body: the file field (required unless `optionalFile`; CSV unless `fileMediaType`) and other fields. */
  multipart?: {
    fileField: string
    fields?: Record<string, Schema>
    required?: string[]
    optionalFile?: boolean
    fileMediaType?: string
    /**
     * The same fields may be sent as a JSON object instead (no file then), checked against
     * them. Say so in the summary: the document lists multipart only, because the SDK
     * generator would otherwise send JSON and never the file.
     */
    json?: boolean
  }
  /** Extra documented error statuses (status → description), e.g. 401 on login. */
  errors?: Record<string, string>
  /** Success response: a JSON schema for `data`, a list of a schema, or a raw media type. */
  response: { status: number; data?: Schema; list?: Schema; raw?: string }
  /**
   * What an API key or OAuth token needs to make this call (see RouteSpec.scope): declared,
   * `false` (panel sessions only), or undefined (derived from `resource`).
   */
  scope?: RouteScope | false
  /** Largest JSON body in bytes when above the default (RouteSpec.bodyLimit). */
  bodyLimit?: number
  /** Body fields refused on purpose → the message key saying why (RouteSpec.refusedFields). */
  refusedFields?: Record<string, string>
  /** The first segment of the route's path below its router's prefix (e.g. `products`). */
  resource?: string
}

/**
 * A permission subject and the scope operation a call needs (`brands:read`,
 * `campaigns.links:write`), or `any`: every key and token may make the call (it only
 * describes the caller, e.g. GET /account).
 */
export type RouteScope = `${string}:${'read' | 'write'}` | 'any'

const operations: OperationRecord[] = []
const schemas = new Map<string, Schema>()
const byId = new Map<string, OperationRecord>()

export const openapiRegistry = {
  add(operation: OperationRecord) {
    if (operations.some((op) => op.operationId === operation.operationId)) {
      throw new Error(`OpenAPI: operationId "${operation.operationId}" is declared twice`)
    }
    operations.push(operation)
  },
  operations(): readonly OperationRecord[] {
    return operations
  },
  /** The operation a route was registered for (AdonisJS route names are operationIds). */
  byOperationId(operationId: string | undefined): OperationRecord | undefined {
    if (!operationId) return undefined
    if (byId.size !== operations.length) for (const op of operations) byId.set(op.operationId, op)
    return byId.get(operationId)
  },
  schemas(): ReadonlyMap<string, Schema> {
    return schemas
  },
}

/** Registers a named component schema and returns a $ref to it. */
export function defineSchema(name: string, schema: Schema): { $ref: string } {
  schemas.set(name, schema)
  return { $ref: `#/components/schemas/${name}` }
}

/**
 * The body of a form where a person chooses a password and accepts the terms (registration,
 * signup). The validators' JSON Schema misses what VineJS rules cannot describe: the confirmation field
 * of `confirmed()` and the accepted values of `accepted()`. Completed here for the document.
 */
export function passwordFormBody(validator: { toJSONSchema(): unknown }) {
  const schema = structuredClone(validator.toJSONSchema()) as {
    properties: Record<string, unknown>
    required: string[]
  }
  schema.properties.passwordConfirmation = { type: 'string', description: 'Must equal password' }
  schema.properties.acceptTerms = {
    enum: [true, 'true', 'on', 'yes', '1', 1],
    description: 'The terms must be accepted',
  }
  schema.required.push('passwordConfirmation')
  return schema
}
