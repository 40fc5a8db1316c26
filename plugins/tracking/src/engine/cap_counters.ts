/*
 * Real-time cap counters. One atomic step per click checks every applicable bucket (each
 * 'clicks' cap × each period it limits, combined and per-affiliate) and increments them all
 * only when none is full, so N concurrent clicks at a cap of N get exactly N through, on
 * any number of nodes. Redis (a Lua script; keys of a campaign share a hash tag so the
 * script stays valid on Redis Cluster) on the kernel's `caps` connection when REDIS_URL is
 * set, a process-local map otherwise.
 */
import { redisConnection, redisKeyPrefix, type RedisConnection } from '@affix/core/kernel'

export interface CapCheck {
  key: string
  limit: number
  /** Epoch ms the bucket ends; null for lifetime. */
  endsAt: number | null
}

export interface CapCounters {
  /** 0 when every check had room (and all were incremented), else the 1-based index of the first full one. */
  take(checks: CapCheck[]): Promise<number>
  /** Gives back what a successful take() counted (its work was rolled back); never below 0. */
  release(checks: CapCheck[]): Promise<void>
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

const RELEASE = `
for i = 1, #KEYS do
  local v = tonumber(redis.call('GET', KEYS[i]) or '0')
  if v > 0 then redis.call('DECR', KEYS[i]) end
end
return 0`

export const CAP_KEY_PREFIX = `${redisKeyPrefix('cap')}:`

type CapRedis = RedisConnection['ioConnection'] & {
  affixCapTake(...args: Array<string | number>): Promise<number>
  affixCapRelease(...args: Array<string | number>): Promise<number>
}

class RedisCapCounters implements CapCounters {
  private readonly redis: CapRedis
  constructor(connection: RedisConnection) {
    this.redis = connection.ioConnection as CapRedis
    this.redis.defineCommand('affixCapTake', { lua: TAKE })
    this.redis.defineCommand('affixCapRelease', { lua: RELEASE })
  }
  async release(checks: CapCheck[]) {
    if (!checks.length) return
    await this.redis.affixCapRelease(checks.length, ...checks.map((check) => CAP_KEY_PREFIX + check.key))
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
  /** The connection is the kernel's: it closes it when the application stops. */
  async close() {}
}

class MemoryCapCounters implements CapCounters {
  // Keys name their bucket, so a count never needs expiring to be right; ended buckets are
  // only swept to bound memory.
  private readonly values = new Map<string, { count: number; expiresAt: number | null }>()
  async take(checks: CapCheck[]) {
    for (let i = 0; i < checks.length; i++)
      if ((this.values.get(checks[i].key)?.count ?? 0) >= checks[i].limit) return i + 1
    if (this.values.size > 100_000) this.sweep()
    for (const check of checks) {
      const count = this.values.get(check.key)?.count ?? 0
      this.values.set(check.key, { count: count + 1, expiresAt: check.endsAt === null ? null : check.endsAt + 60_000 })
    }
    return 0
  }
  async release(checks: CapCheck[]) {
    for (const check of checks) {
      const entry = this.values.get(check.key)
      if (entry && entry.count > 0) entry.count--
    }
  }
  private sweep() {
    const now = Date.now()
    for (const [key, entry] of this.values)
      if (entry.expiresAt !== null && entry.expiresAt <= now) this.values.delete(key)
  }
  async peek(keys: string[]) {
    return keys.map((key) => this.values.get(key)?.count ?? 0)
  }
  async close() {}
}

/** On the given connection (default: the kernel's `caps` one), in memory without one. */
export function createCapCounters(connection: RedisConnection | null = redisConnection('caps')): CapCounters {
  return connection ? new RedisCapCounters(connection) : new MemoryCapCounters()
}

export { MemoryCapCounters }
