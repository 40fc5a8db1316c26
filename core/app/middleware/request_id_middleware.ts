import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { randomUUID } from 'node:crypto'

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Echoes the caller's x-request-id (or a generated one) on every response, and puts it
 * on the request logger so each log line carries it.
 */
export default class RequestIdMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const given = ctx.request.header('x-request-id')
    const requestId = given && SAFE_ID.test(given) ? given : randomUUID()
    ctx.request.request.headers['x-request-id'] = requestId
    ctx.response.header('x-request-id', requestId)
    ctx.logger = ctx.logger.child({ request_id: requestId })
    return next()
  }
}
