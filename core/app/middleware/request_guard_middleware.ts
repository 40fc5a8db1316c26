import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { AppError, unprocessable } from '#kernel/errors'
import { JSON_BODY_LIMIT_BYTES } from '#config/bodyparser'
import { openapiRegistry, type OperationRecord } from '#kernel/openapi'
import { AffixMessagesProvider } from '#kernel/validation'
import {
  checkJson,
  documentedBody,
  emptyStringsToNull,
  findHostileInput,
  MAX_URL_LENGTH,
  multipartJsonSchema,
  type ShapeProblem,
} from '#kernel/request_shape'

/**
 * One place for the input rules of every route, public ones included (router middleware,
 * after the body parser and before authentication and any handler): hostile text in the
 * path, query, headers, body or file names; then, for API routes, the request's shape
 * against its OpenAPI operation (kernel/request_shape.ts). Every refusal is a 4xx envelope
 * naming the field and what is wrong, in the caller's language.
 */
export default class RequestGuardMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    if (request.url(true).length > MAX_URL_LENGTH)
      throw new AppError('request.url_too_long', 414, 'uri_too_long', { max: MAX_URL_LENGTH })
    const operation = openapiRegistry.byOperationId(ctx.route?.name)

    const files = Object.values(request.allFiles())
      .flat()
      .map((file) => file.clientName)
    const hostile =
      findHostileInput(ctx.params) ??
      findHostileInput(request.qs()) ??
      findHostileInput(request.headers()) ??
      findHostileInput(request.body()) ??
      findHostileInput(files, 'file')
    if (hostile) refuse(ctx, operation, [hostile])
    // config/bodyparser.ts: JSON is parsed without a reviver; its empty strings become null here.
    // (updateBody: request.all() holds a shallow copy made when the parser set the body.)
    if (request.bodyType === 'json') request.updateBody(emptyStringsToNull(request.body()))
    if (!operation) return next()

    // The parser takes up to the largest limit any route declares; this route's own applies.
    const limit = operation.bodyLimit ?? JSON_BODY_LIMIT_BYTES
    if (request.bodyType === 'json' && Buffer.byteLength(request.raw() ?? '') > limit)
      throw new AppError('request.body_too_large', 413, 'too_large', { max: `${Math.round(limit / 1024 / 1024)}mb` })

    const problems: ShapeProblem[] = []
    const declared = new Set([...Object.keys(operation.query ?? {}), ...(operation.public ? [] : ['coid'])])
    for (const [name, value] of Object.entries(request.qs())) {
      if (!declared.has(name)) problems.push({ field: name, rule: 'query' })
      // A parameter is text, or repeated text (`status[]=a&status[]=b`), never an object.
      else if (typeof value === 'object' && value !== null && !Array.isArray(value))
        problems.push({ field: name, rule: 'string' })
    }

    const body = request.body()
    // Clients send `Content-Length: 0` with no body at all: that is no body.
    const sent = request.hasBody() && request.header('content-length') !== '0'
    if (operation.body) {
      const json = request.bodyType === 'json' || (operation.formEncoded && request.bodyType === 'urlencoded')
      if (sent && !json) throw new AppError('request.json_required', 415, 'unsupported_media_type')
      checkJson(body, documentedBody(operation), '', problems)
      request.updateBody(body)
    } else if (operation.multipart) {
      const { fileField, fields = {}, json } = operation.multipart
      if (sent && json && request.bodyType === 'json') {
        checkJson(body, multipartJsonSchema(operation.multipart), '', problems)
        request.updateBody(body)
      } else {
        if (sent && request.bodyType !== 'multipart')
          throw new AppError('request.multipart_required', 415, 'unsupported_media_type', { field: fileField })
        // The file field sent as text is the handler's "Please upload a valid file".
        const names = new Set([...Object.keys(fields), fileField])
        for (const name of Object.keys(body)) if (!names.has(name)) problems.push({ field: name, rule: 'unknown' })
        for (const name of Object.keys(request.allFiles()))
          if (name !== fileField) problems.push({ field: name, rule: 'unknown' })
      }
    } else if (sent && (request.bodyType === 'json' || request.bodyType === 'urlencoded')) {
      // No request body in the document: an empty object is fine, any field is unknown.
      for (const name of Object.keys(body ?? {})) problems.push({ field: name, rule: 'unknown' })
    }
    if (problems.length) refuse(ctx, operation, problems)
    return next()
  }
}

const TYPE_RULES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object'])

function messageKey({ field, rule }: ShapeProblem): string {
  if (rule === 'text') return 'request.invalid_text'
  if (rule === 'depth') return 'request.too_deep'
  if (rule === 'unknown') return 'request.unknown_field'
  if (rule === 'query') return 'request.unknown_query'
  if (!field) return 'request.body_type'
  return `request.type.${TYPE_RULES.has(rule) ? rule : 'valid'}`
}

function refuse(ctx: HttpContext, operation: OperationRecord | undefined, problems: ShapeProblem[]): never {
  // A field the route refuses on purpose says why (a password only its person chooses).
  const refused = problems.find((problem) => problem.rule === 'unknown' && operation?.refusedFields?.[problem.field])
  if (refused)
    throw unprocessable(operation!.refusedFields![refused.field], {
      fields: [{ field: refused.field, rule: 'invitation' }],
    })
  const provider = new AffixMessagesProvider(ctx.i18n, operation && !operation.public ? operation.tag : undefined)
  // As in VineJS messages, a field is named by its own key (`scopes.0.resource` → Resource).
  const name = (path: string) =>
    provider.translateField(path.split('.').findLast((part) => !/^\d+$/.test(part)) ?? path)
  const fields = problems.map((problem) => ({
    field: problem.field || 'body',
    rule: problem.rule,
    message: ctx.i18n.t(messageKey(problem), {
      field: problem.field ? name(problem.field) : ctx.i18n.t('request.the_body'),
      ...problem.meta,
    }),
  }))
  throw new AppError('errors.validation', 422, 'validation', {}, { fields })
}
