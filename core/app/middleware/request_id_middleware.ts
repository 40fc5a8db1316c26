import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { randomUUID } from 'node:crypto'

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** Query parameters that may carry a secret (OAuth codes, reset codes, tokens). */
const SECRET_QUERY = /([?&](?:code|token|state|key|secret|client_secret|code_verifier)=)[^&]*/gi

/**
 * Echoes the caller's x-request-id (or a generated one) on every response, and puts it
 * on the request logger so each log line carries it. Logs one line per request at debug
 * (method, path, status, duration) and the headers and body at trace, through the
 * logger's redaction of secret fields (config/logger.ts).
 */
export default class RequestIdMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const given = ctx.request.header('x-request-id')
    const requestId = given && SAFE_ID.test(given) ? given : randomUUID()
    ctx.request.request.headers['x-request-id'] = requestId
    ctx.response.header('x-request-id', requestId)
    ctx.logger = ctx.logger.child({ request_id: requestId })
    const started = process.hrtime.bigint()
    try {
      await next()
    } finally {
      if (ctx.logger.isLevelEnabled('debug')) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6
        const url = ctx.request.url(true).replace(SECRET_QUERY, '$1[redacted]')
        ctx.logger.debug(
          { method: ctx.request.method(), url, status: ctx.response.getStatus(), ms: Math.round(ms * 10) / 10 },
          'request'
        )
        if (ctx.logger.isLevelEnabled('trace')) {
          ctx.logger.trace({ headers: ctx.request.headers(), body: ctx.request.body() }, 'request detail')
        }
      }
    }
  }
}
