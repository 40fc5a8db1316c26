/*
 * Builds the OpenAPI 3.1 document from the operation registry. Every JSON response is
 * described inside the envelope; errors share one ErrorEnvelope schema.
 */
import { openapiRegistry, type OperationRecord, type Schema } from '#kernel/openapi'
import { installedPlugins } from '#kernel/installed_plugins'
import { routeScope } from '#services/abilities'
import { documentedBody } from '#kernel/request_shape'
import { APP_VERSION } from '#services/version'

const envelopeOf = (data: Schema): Schema => ({
  type: 'object',
  required: ['success', 'data', 'error', 'status', 'type'],
  properties: {
    success: { type: 'boolean' },
    data,
    error: { type: 'null' },
    status: { type: 'integer' },
    type: { type: 'null' },
  },
})

const ERROR_ENVELOPE: Schema = {
  type: 'object',
  required: ['success', 'data', 'error', 'status', 'type'],
  properties: {
    success: { type: 'boolean', const: false },
    data: { type: 'null' },
    error: {
      type: 'object',
      required: ['message'],
      properties: {
        message: { type: 'string' },
        fields: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'message'],
            properties: { field: { type: 'string' }, message: { type: 'string' }, rule: { type: 'string' } },
          },
        },
      },
      additionalProperties: true,
    },
    status: { type: 'integer' },
    type: { type: 'string' },
  },
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
})

/** Drops the `$schema` key VineJS adds, which OpenAPI does not want inside a document. */
function clean(schema: Schema): Schema {
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>
  return rest
}

/**
 * `id` and `…Id` path parameters are record ids (integers), except click ids (UUIDv7) and
 * those the route declares otherwise (a plugin's id is its name).
 */
function pathParameterSchema(name: string, declared?: Schema) {
  if (declared) return declared
  if (name === 'clickId') return { type: 'string', format: 'uuid' }
  if (name === 'id' || /^[a-z]+Id$/.test(name)) return { type: 'integer', minimum: 1 }
  return { type: 'string' }
}

function operationObject(op: OperationRecord) {
  const parameters: unknown[] = []
  for (const match of op.path.matchAll(/\{([a-zA-Z_]+)\}/g)) {
    parameters.push({
      name: match[1],
      in: 'path',
      required: true,
      schema: pathParameterSchema(match[1], op.params?.[match[1]]),
    })
  }
  for (const [name, schema] of Object.entries(op.query ?? {})) {
    const { description, ...rest } = schema as Record<string, unknown>
    parameters.push({ name, in: 'query', required: false, description, schema: rest })
  }
  const responses: Record<string, unknown> = {}
  const { status } = op.response
  if (op.response.raw) {
    responses[status] = { description: 'OK', content: { [op.response.raw]: { schema: { type: 'string' } } } }
  } else {
    const data = op.response.list ? { type: 'array', items: op.response.list } : (op.response.data ?? { type: 'null' })
    responses[status] = {
      description: 'OK',
      ...(op.response.list
        ? {
            headers: {
              'Content-Range': { description: '<resource> <start>-<end>/<total>', schema: { type: 'string' } },
            },
          }
        : {}),
      content: { 'application/json': { schema: envelopeOf(data) } },
    }
  }
  // Every call can be refused: hostile text, unknown parameters or fields (kernel/request_shape.ts).
  responses['422'] = errorResponse('Validation failed')
  if (op.body) responses['400'] = errorResponse('The body is not valid JSON')
  if (op.body || op.multipart) {
    responses['413'] = errorResponse('The request body is too large')
    responses['415'] = errorResponse('The body is not of the documented media type')
  }
  if (!op.public) {
    responses['401'] = errorResponse('Missing or invalid token')
    responses['403'] = errorResponse('Not allowed')
    responses['404'] = errorResponse('Not found, or not in your organisation')
    responses['406'] = errorResponse('The user is no longer active: log out (forced logout)')
    if (op.method !== 'get') responses['409'] = errorResponse('Conflicts with existing data')
  }
  for (const [status, description] of Object.entries(op.errors ?? {})) responses[status] = errorResponse(description)

  let requestBody: unknown
  if (op.body) {
    const schema = clean(documentedBody(op)!)
    requestBody = {
      required: true,
      content: {
        'application/json': { schema },
        ...(op.formEncoded ? { 'application/x-www-form-urlencoded': { schema } } : {}),
      },
    }
  } else if (op.multipart) {
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [
              ...(op.multipart.optionalFile ? [] : [op.multipart.fileField]),
              ...(op.multipart.required ?? []),
            ],
            properties: {
              [op.multipart.fileField]: {
                type: 'string',
                format: 'binary',
                contentMediaType: op.multipart.fileMediaType ?? 'text/csv',
              },
              ...(op.multipart.fields ?? {}),
            },
          },
        },
      },
    }
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    ...(op.public ? { security: [] } : {}),
    // What an API key or OAuth token needs; absent on an authenticated call = panel sessions only.
    ...(routeScope(op) ? { 'x-affix-scope': routeScope(op) } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  }
}

export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {}
  const operations = [...openapiRegistry.operations()].sort((a, b) =>
    a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path)
  )
  for (const op of operations) {
    paths[op.path] ??= {}
    paths[op.path][op.method] = operationObject(op)
  }
  const pluginTags = installedPlugins()
    // A plugin whose routes all keep a tag of core's (OIDC sign-in under `auth`) has no tag of its own.
    .ordered.filter((plugin) => operations.some((op) => op.tag === plugin.id))
    .map((plugin) => ({ name: plugin.id, description: plugin.description ?? plugin.name }))
  const coreTags = [
    { name: 'core', description: 'Account, profile, organisation, API keys, plugins, imports and health' },
    {
      name: 'auth',
      description:
        'Log in and out, panels, organisation registration and verification, password reset, OpenID Connect, login-as',
    },
    { name: 'superadmin', description: 'Every organisation (account), for superadmins' },
  ]
  // Each tag once (OpenAPI requires unique names): a plugin's own description wins over core's.
  const tags = [
    ...coreTags.filter(
      (tag) => operations.some((op) => op.tag === tag.name) && !pluginTags.some((plugin) => plugin.name === tag.name)
    ),
    ...pluginTags,
  ]
  const componentSchemas: Record<string, unknown> = { ErrorEnvelope: ERROR_ENVELOPE }
  for (const [name, schema] of [...openapiRegistry.schemas()].sort(([a], [b]) => a.localeCompare(b))) {
    componentSchemas[name] = clean(schema)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Affix API',
      version: APP_VERSION,
      description:
        'Generated from the routes of the Affix server (never edited by hand). Every response is an envelope { success, data, error, status, type }; lists carry a Content-Range header.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    tags,
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: componentSchemas,
    },
  }
}
