import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections, RedisConnectionConfig } from '@adonisjs/redis/types'

/**
 * The `main` connection comes from REDIS_URL (`redis://[user:password@]host[:port][/db]`,
 * `rediss://` for TLS). Without REDIS_URL nothing uses Redis (the limiter keeps its
 * counters in memory) and this placeholder is never dialled: connections are only made
 * when used (start/limiter.ts opens `main` at boot when REDIS_URL is set).
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
    main: redisOptionsFromUrl(env.get('REDIS_URL')),
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
