/*
 * Real-time cap counters. One atomic step per click checks every applicable bucket (each
 * 'clicks' cap × each period it limits, combined and per-affiliate) and increments them all
 * only when none is full, so N concurrent clicks at a cap of N get exactly N through, on
 * any number of nodes. Redis (a Lua script; keys of a campaign share a hash tag so the
 * script stays valid on Redis Cluster) when REDIS_URL is set, a process-local map otherwise.
 */
import { Redis } from 'ioredis'

export interface CapCheck {
  key: string
  limit: number
  /** Epoch ms the bucket ends; null for lifetime. */
  endsAt: number | null
}

export interface CapCounters {
  /** 0 when every check had room (and all were incremented), else the 1-based index of the first full one. */
  take(checks: CapCheck[]): Promise<number>
  /** Current values (screens, tests). */
  peek(keys: string[]): Promise<number[]>
  close(): Promise<void>
}

const TAKE = `
local n = #KEYS
for i = 1, n do
  local v = tonumber(redis.call('GET', KEYS[i]) or '0')
  if v >= tonumber(ARGV[i]) then return i end
end
for i = 1, n do
  redis.call('INCR', KEYS[i])
  local at = tonumber(ARGV[n + i])
  if at > 0 then redis.call('PEXPIREAT', KEYS[i], at) end
end
return 0`

export const CAP_KEY_PREFIX = `affix:${process.env.AFFIX_COUNTER_NAMESPACE ?? 'default'}:cap:`

class RedisCapCounters implements CapCounters {
  private readonly redis: Redis & { affixCapTake(...args: Array<string | number>): Promise<number> }
  constructor(url: string) {
    this.redis = new Redis(url, { enableAutoPipelining: true, maxRetriesPerRequest: 2 }) as any
    this.redis.defineCommand('affixCapTake', { lua: TAKE })
  }
  async take(checks: CapCheck[]) {
    if (!checks.length) return 0
    const args: Array<string | number> = [checks.length]
    for (const check of checks) args.push(CAP_KEY_PREFIX + check.key)
    for (const check of checks) args.push(check.limit)
    // A little past the bucket's end so a late click of the old bucket never resurrects it.
    for (const check of checks) args.push(check.endsAt === null ? 0 : check.endsAt + 60_000)
    return Number(await this.redis.affixCapTake(...args))
  }
  async peek(keys: string[]) {
    if (!keys.length) return []
    const values = await this.redis.mget(...keys.map((key) => CAP_KEY_PREFIX + key))
    return values.map((value) => Number(value ?? 0))
  }
  async close() {
    this.redis.disconnect()
  }
}

class MemoryCapCounters implements CapCounters {
  // Keys name their bucket, so a count never needs expiring to be right; ended buckets are
  // only swept to bound memory.
  private readonly values = new Map<string, { count: number; expiresAt: number | null }>()
  async take(checks: CapCheck[]) {
    for (let i = 0; i < checks.length; i++) if ((this.values.get(checks[i].key)?.count ?? 0) >= checks[i].limit) return i + 1
    if (this.values.size > 100_000) this.sweep()
    for (const check of checks) {
      const count = this.values.get(check.key)?.count ?? 0
      this.values.set(check.key, { count: count + 1, expiresAt: check.endsAt === null ? null : check.endsAt + 60_000 })
    }
    return 0
  }
  private sweep() {
    const now = Date.now()
    for (const [key, entry] of this.values) if (entry.expiresAt !== null && entry.expiresAt <= now) this.values.delete(key)
  }
  async peek(keys: string[]) {
    return keys.map((key) => this.values.get(key)?.count ?? 0)
  }
  async close() {}
}

export function createCapCounters(redisUrl = process.env.REDIS_URL): CapCounters {
  return redisUrl ? new RedisCapCounters(redisUrl) : new MemoryCapCounters()
}

export { MemoryCapCounters }
