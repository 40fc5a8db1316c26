import app from '@adonisjs/core/services/app'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import i18nManager from '@adonisjs/i18n/services/main'
import { AppError } from '#kernel/errors'
import { errorEnvelope } from '#kernel/envelope'
import { JSON_BODY_PARSER_LIMIT } from '#config/bodyparser'
import { MAX_BODY_DEPTH } from '#kernel/request_shape'

interface Described {
  status: number
  type: string
  key: string
  details?: Record<string, unknown>
  data?: Record<string, unknown>
}

/** PostgreSQL error codes that mean "your input", never "our bug". */
const PG_INPUT_ERRORS: Record<string, Described> = {
  '23505': { status: 409, type: 'conflict', key: 'errors.conflict' },
  '23503': { status: 409, type: 'conflict', key: 'errors.in_use' },
  '22P02': { status: 422, type: 'validation', key: 'errors.invalid_value' },
  '22003': { status: 422, type: 'validation', key: 'errors.invalid_value' },
  '22001': { status: 422, type: 'validation', key: 'errors.invalid_value' },
}

/**
 * Turns every error into the envelope of ARCHITECTURE §7 with the spec's messages (§8),
 * in the caller's language. Unknown errors are logged and answered with the generic
 * message, never with their internals.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = false

  private describe(error: any, ctx?: HttpContext): Described {
    if (error instanceof AppError) {
      return { status: error.status, type: error.type, key: error.messageKey, details: error.details, data: error.data }
    }
    switch (error?.code) {
      case 'E_ROUTE_NOT_FOUND':
      case 'E_ROW_NOT_FOUND':
        return { status: 404, type: 'not_found', key: 'errors.not_found' }
      case 'E_UNAUTHORIZED_ACCESS':
        return { status: 401, type: 'unauthorized', key: 'errors.unauthorized' }
      case 'E_INVALID_CREDENTIALS':
        return { status: 401, type: 'invalid_credentials', key: 'auth.invalid_credentials' }
      case 'E_AUTHORIZATION_FAILURE':
        return { status: 403, type: 'forbidden', key: 'errors.forbidden' }
      case 'E_TOO_MANY_REQUESTS':
        return { status: 429, type: 'rate_limited', key: 'errors.rate_limited' }
      case 'E_REQUEST_ENTITY_TOO_LARGE':
        // An upload over the limit is "Please upload a valid file"; any other body says its limit.
        return ctx?.request.is(['multipart/form-data'])
          ? { status: 413, type: 'too_large', key: 'upload.invalid_file' }
          : { status: 413, type: 'too_large', key: 'request.body_too_large', data: { max: JSON_BODY_PARSER_LIMIT } }
      case 'E_ENCODING_UNSUPPORTED':
        return { status: 415, type: 'unsupported_media_type', key: 'request.encoding' }
      case 'E_INVALID_MULTIPART_REQUEST':
        return { status: 400, type: 'bad_request', key: 'upload.invalid_file' }
      case 'E_VALIDATION_ERROR':
        return {
          status: 422,
          type: 'validation',
          key: 'errors.validation',
          details: { fields: error.messages },
        }
    }
    if (typeof error?.code === 'string' && PG_INPUT_ERRORS[error.code]) return PG_INPUT_ERRORS[error.code]
    // The body parser's JSON parse failures (status 400, the raw body attached): bad syntax,
    // or nesting so deep that the parser's own scan overflowed the stack.
    if (Number(error?.status) === 400 && error?.body !== undefined) {
      if (error instanceof SyntaxError) return { status: 400, type: 'bad_request', key: 'request.invalid_json' }
      if (error instanceof RangeError)
        return { status: 422, type: 'validation', key: 'request.body_too_deep', data: { max: MAX_BODY_DEPTH } }
    }
    if (Number(error?.status) === 422 && /only supports object and array/.test(String(error?.message)))
      return { status: 422, type: 'validation', key: 'request.json_not_object' }
    if (error instanceof URIError) return { status: 400, type: 'bad_request', key: 'request.invalid_url' }
    const status = Number(error?.status)
    if (status >= 400 && status < 500) {
      return { status, type: 'bad_request', key: status === 404 ? 'errors.not_found' : 'errors.fallback' }
    }
    return { status: 500, type: 'server_error', key: 'errors.fallback' }
  }

  async handle(error: unknown, ctx: HttpContext) {
    const described = this.describe(error, ctx)
    const i18n = ctx.i18n ?? i18nManager.locale(i18nManager.defaultLocale)
    let message = i18n.t(described.key, { ...described.details, ...described.data })
    if (
      described.type === 'validation' &&
      Array.isArray(described.details?.fields) &&
      described.details.fields.length
    ) {
      const first = described.details.fields[0] as { message?: string }
      if (first?.message) message = first.message
    }
    const details = { ...(described.details ?? {}) }
    if (described.key.startsWith('upload.')) details.fields ??= [{ field: 'file' }]
    // Fields named by a business rule carry the rule's message.
    if (Array.isArray(details.fields)) {
      details.fields = (details.fields as Array<Record<string, unknown>>).map((field) => ({ message, ...field }))
    }
    ctx.response.status(described.status).send(errorEnvelope(message, described.status, described.type, details))
  }

  async report(error: unknown, ctx: HttpContext) {
    if (this.describe(error, ctx).status >= 500) {
      ctx.logger.error({ err: error }, 'unhandled error')
      return
    }
    if (!app.inProduction) ctx.logger.debug({ err: error }, 'request error')
  }
}
