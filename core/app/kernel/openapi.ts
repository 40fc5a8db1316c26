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
  query?: Record<string, Schema & { description?: string }>
  body?: Schema
  /** Multipart body: the file field (required unless `optionalFile`; CSV unless `fileMediaType`) and other fields. */
  multipart?: { fileField: string; fields?: Record<string, Schema>; required?: string[]; optionalFile?: boolean; fileMediaType?: string }
  /** Extra documented error statuses (status → description), e.g. 401 on login. */
  errors?: Record<string, string>
  /** Success response: a JSON schema for `data`, a list of a schema, or a raw media type. */
  response: { status: number; data?: Schema; list?: Schema; raw?: string }
}

const operations: OperationRecord[] = []
const schemas = new Map<string, Schema>()

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
  schemas(): ReadonlyMap<string, Schema> {
    return schemas
  },
}

/** Registers a named component schema and returns a $ref to it. */
export function defineSchema(name: string, schema: Schema): { $ref: string } {
  schemas.set(name, schema)
  return { $ref: `#/components/schemas/${name}` }
}
