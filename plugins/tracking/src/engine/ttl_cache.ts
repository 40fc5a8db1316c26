/*
 * The click path's in-process cache: entries live `ttlMs`; an expired entry is still
 * served while one reload runs in the background (so a hot campaign never makes a click
 * wait for the database), and concurrent misses share one load. `delete`/`clear` are what
 * invalidation messages call; a deleted entry is loaded afresh by the next click.
 * "Not found" answers (null) are kept apart, in a smaller bucket of their own: a flood of
 * clicks on made-up ids then evicts only other made-up ids, never a live campaign.
 */
interface Entry<V> {
  value: V
  loadedAt: number
  reloading: boolean
}

export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>()
  private readonly absent = new Map<K, Entry<V>>()
  private readonly pending = new Map<K, Promise<V>>()
  private generation = 0

  constructor(
    private readonly load: (key: K) => Promise<V>,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 100_000,
    private readonly maxAbsent = 10_000
  ) {}

  /** How many values and "not found" answers are held (for tests and diagnostics). */
  get size() {
    return { values: this.entries.size, absent: this.absent.size }
  }

  /** The cached value when fresh (or stale while reloading), else a load. */
  get(key: K): V | Promise<V> {
    const entry = this.entries.get(key) ?? this.absent.get(key)
    if (entry) {
      if (!entry.reloading && Date.now() - entry.loadedAt > this.ttlMs) {
        entry.reloading = true
        this.fetch(key).catch(() => {
          entry.reloading = false
        })
      }
      return entry.value
    }
    return this.pending.get(key) ?? this.fetch(key)
  }

  private fetch(key: K): Promise<V> {
    const generation = this.generation
    const promise = this.load(key).then(
      (value) => {
        this.pending.delete(key)
        // An invalidation that arrived during the load wins: do not store the older value.
        if (generation === this.generation) {
          const found = value !== null && value !== undefined
          const [bucket, other, limit] = found
            ? [this.entries, this.absent, this.maxEntries]
            : [this.absent, this.entries, this.maxAbsent]
          other.delete(key)
          if (!bucket.has(key) && bucket.size >= limit) bucket.delete(bucket.keys().next().value as K)
          bucket.set(key, { value, loadedAt: Date.now(), reloading: false })
        }
        return value
      },
      (error) => {
        this.pending.delete(key)
        throw error
      }
    )
    this.pending.set(key, promise)
    return promise
  }

  delete(key: K) {
    this.generation++
    this.entries.delete(key)
    this.absent.delete(key)
    this.pending.delete(key)
  }

  deleteWhere(predicate: (key: K, value: V) => boolean) {
    this.generation++
    for (const bucket of [this.entries, this.absent])
      for (const [key, entry] of bucket) if (predicate(key, entry.value)) bucket.delete(key)
    this.pending.clear()
  }

  clear() {
    this.generation++
    this.entries.clear()
    this.absent.clear()
    this.pending.clear()
  }
}
