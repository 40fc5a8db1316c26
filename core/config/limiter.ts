import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'
import type { InferLimiters } from '@adonisjs/limiter/types'

/**
 * Rate-limit counters live in Redis when REDIS_URL is set (shared by every node), in
 * process memory otherwise (single node, `npm start` with nothing configured) — the same
 * rule as the cache bus and the cap counters (app/kernel/redis.ts). Keys carry AFFIX_COUNTER_NAMESPACE so deployments or
 * test runs sharing one Redis never count each other's hits.
 */
export const LIMITER_KEY_PREFIX = `affix:${env.get('AFFIX_COUNTER_NAMESPACE') ?? 'default'}:rl`

const limiterConfig = defineConfig({
  default: env.get('REDIS_URL') ? 'redis' : 'memory',
  stores: {
    // While Redis is not connected, refuse at once (rate_limit.ts then counts in memory)
    // rather than queue the request behind reconnection attempts.
    redis: stores.redis({ connectionName: 'main', keyPrefix: LIMITER_KEY_PREFIX, rejectIfRedisNotReady: true }),
    memory: stores.memory({ keyPrefix: LIMITER_KEY_PREFIX }),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
