import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import limiter from '@adonisjs/limiter/services/main'
import { errors, type LimiterResponse } from '@adonisjs/limiter'
import { AppError } from '#kernel/errors'

/**
 * At most `max` hits of `key` per `windowSeconds` (a fixed window opened by the first
 * hit), counted by @adonisjs/limiter in Redis or memory (config/limiter.ts). Over it the
 * caller gets 429 with the spec's message and Retry-After; every answer carries
 * X-RateLimit-Limit/Remaining of the limit closest to being reached on that request.
 */
export async function limit(ctx: HttpContext, key: string, max: number, windowSeconds: number) {
  let response: LimiterResponse
  try {
    response = await consume(key, max, windowSeconds)
  } catch (error) {
    if (!(error instanceof errors.E_TOO_MANY_REQUESTS)) throw error
    describe(ctx, error.response, true)
    throw new AppError('errors.rate_limited', 429, 'rate_limited')
  }
  describe(ctx, response, false)
}

/** Whether the last Redis failure was logged; reset once Redis answers again. */
let outageLogged = false

async function consume(key: string, max: number, windowSeconds: number): Promise<LimiterResponse> {
  try {
    const response = await limiter.use({ requests: max, duration: windowSeconds }).consume(key)
    outageLogged = false
    return response
  } catch (error) {
    if (error instanceof errors.E_TOO_MANY_REQUESTS || limiter.config.default === 'memory') throw error
    // Redis is unreachable: count in this process rather than fail the request with a 500.
    if (!outageLogged) logger.warn({ err: error }, 'rate limit store unavailable, counting in memory')
    outageLogged = true
    return limiter.use('memory', { requests: max, duration: windowSeconds }).consume(key)
  }
}

function describe(ctx: HttpContext, response: LimiterResponse, exceeded: boolean) {
  const shown = Number(ctx.response.getHeader('X-RateLimit-Remaining') ?? Number.POSITIVE_INFINITY)
  if (exceeded || response.remaining <= shown) {
    ctx.response.header('X-RateLimit-Limit', String(response.limit))
    ctx.response.header('X-RateLimit-Remaining', String(Math.max(0, response.remaining)))
  }
  if (exceeded) ctx.response.header('Retry-After', String(Math.max(1, response.availableIn)))
}
