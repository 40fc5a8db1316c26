import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#kernel/errors'
import { counters } from '#services/counters'

/** Fixed-window limit; over it the caller gets 429 with the spec's message. */
export async function limit(ctx: HttpContext, key: string, max: number, windowSeconds: number) {
  const count = await counters.hit(`rl:${key}`, windowSeconds)
  if (count > max) {
    ctx.response.header('Retry-After', String(windowSeconds))
    throw new AppError('errors.rate_limited', 429, 'rate_limited')
  }
}
