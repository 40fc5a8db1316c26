/*
 * Hot counters (ARCHITECTURE §5): Redis when REDIS_URL is set, an in-process store when
 * it is not. Used for rate limits now and for campaign caps later; both need an atomic
 * "increment and tell me the new value within this window".
 */
import { Redis } from 'ioredis'
import env from '#start/env'

export interface CounterStore {
  readonly kind: 'redis' | 'memory'
  /** Atomically increments `key` and returns the count within the current window. */
  hit(key: string, windowSeconds: number): Promise<number>
  reset(key: string): Promise<void>
  ping(): Promise<boolean>
  close(): Promise<void>
}

/**
 * Keys live under a namespace (AFFIX_COUNTER_NAMESPACE, default "default") so that
 * separate deployments or test runs sharing one Redis never count each other's hits.
 */
const PREFIX = `affix:${process.env.AFFIX_COUNTER_NAMESPACE ?? 'default'}:counter:`

class RedisCounters implements CounterStore {
  readonly kind = 'redis' as const
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowSeconds: number) {
    const [[, count]] = (await this.redis
      .multi()
      .incr(`${PREFIX}${key}`)
      .expire(`${PREFIX}${key}`, windowSeconds, 'NX')
      .exec()) as [[null, number], [null, number]]
    return count
  }
  async reset(key: string) {
    await this.redis.del(`${PREFIX}${key}`)
  }
  async ping() {
    try {
      return (await this.redis.ping()) === 'PONG'
    } catch {
      return false
    }
  }
  async close() {
    this.redis.disconnect()
  }
}

class MemoryCounters implements CounterStore {
  readonly kind = 'memory' as const
  private readonly windows = new Map<string, { count: number; expiresAt: number }>()

  async hit(key: string, windowSeconds: number) {
    const now = Date.now()
    const current = this.windows.get(key)
    if (!current || current.expiresAt <= now) {
      this.windows.set(key, { count: 1, expiresAt: now + windowSeconds * 1000 })
      return 1
    }
    current.count += 1
    return current.count
  }
  async reset(key: string) {
    this.windows.delete(key)
  }
  async ping() {
    return true
  }
  async close() {}
}

function createStore(): CounterStore {
  const url = env.get('REDIS_URL')
  if (!url) return new MemoryCounters()
  return new RedisCounters(new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true }))
}

export const counters: CounterStore = createStore()
