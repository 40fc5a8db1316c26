import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections, RedisConnectionConfig } from '@adonisjs/redis/types'

/**
 * Every connection comes from REDIS_URL (`redis://[user:password@]host[:port][/db]`,
 * `rediss://` for TLS), one per purpose (app/kernel/redis.ts hands them out). Without
 * REDIS_URL nothing uses Redis (limiter, cache bus and caps keep their state in memory) and
 * these placeholders are never dialled: connections are only made when used (start/limiter.ts
 * opens `main` at boot when REDIS_URL is set).
 */
export function redisOptionsFromUrl(url: string | undefined): RedisConnectionConfig {
  // A command in flight when Redis goes away fails after two reconnection attempts instead
  // of waiting for ever; the limiter then counts in memory (app/services/rate_limit.ts).
  const common = { maxRetriesPerRequest: 2 }
  if (!url) return { ...common, host: '127.0.0.1', port: 6379, lazyConnect: true }
  const parsed = new URL(url)
  const db = Number(parsed.pathname.replace(/^\//, '') || 0)
  return {
    ...common,
    host: parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  }
}

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    /** The rate limiter and /health. */
    main: redisOptionsFromUrl(env.get('REDIS_URL')),
    /** Cache invalidation messages (kernel/cache_bus.ts); pub/sub adds its own subscriber connection. */
    cache_bus: redisOptionsFromUrl(env.get('REDIS_URL')),
    /** The click path's cap counters: many small commands, pipelined automatically. */
    caps: { ...redisOptionsFromUrl(env.get('REDIS_URL')), enableAutoPipelining: true },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
