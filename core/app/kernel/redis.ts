/*
 * Redis for the kernel and plugins: one factory, one configuration, one shutdown.
 *
 * Every connection is a named connection of @adonisjs/redis (config/redis.ts), built from
 * REDIS_URL: `main` (the rate limiter, /health), `cache_bus` (invalidation messages; its
 * pub/sub subscriber connection is made and owned by the same connection object) and `caps`
 * (the click path's cap counters, auto-pipelined). @adonisjs/redis logs their errors and
 * closes them all when the application stops (its provider's shutdown, after every
 * plugin's onShutdown). Without REDIS_URL there is no connection: each user keeps its state
 * in process memory (single node), and `redisConnection` answers null.
 */
import redis from '@adonisjs/redis/services/main'
import type { RedisConnection } from '@adonisjs/redis'

export type { RedisConnection }

/** What a connection is for; each purpose is one named connection in config/redis.ts. */
export type RedisPurpose = 'main' | 'cache_bus' | 'caps'

/** Whether Redis is configured (REDIS_URL); without it, counters and caches live in memory. */
export const redisEnabled = () => Boolean(process.env.REDIS_URL)

/** The connection for `purpose`, opened on first use and reused; null without REDIS_URL. */
export function redisConnection(purpose: RedisPurpose): RedisConnection | null {
  return redisEnabled() ? (redis.connection(purpose) as RedisConnection) : null
}

/**
 * The key prefix of a kind of key (`cap`, `invalidate`…): `affix:<AFFIX_COUNTER_NAMESPACE or
 * default>:<kind>`, so deployments or test runs sharing one Redis never see each other's keys.
 */
export const redisKeyPrefix = (kind: string) => `affix:${process.env.AFFIX_COUNTER_NAMESPACE ?? 'default'}:${kind}`

/** Whether the connection answers PING (false when down; it is retried on the next call). */
export async function redisAnswers(connection: RedisConnection): Promise<boolean> {
  try {
    return (await connection.ping()) === 'PONG'
  } catch {
    return false
  }
}
