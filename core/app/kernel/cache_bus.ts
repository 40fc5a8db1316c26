/*
 * Cross-node cache invalidation (ARCHITECTURE §4): a plugin that keeps an in-process cache
 * (the click path's campaigns, fraud rules, domains) listens on a topic; whoever changes the
 * data publishes on it after the write commits. With REDIS_URL the message goes through
 * Redis pub/sub to every node (this one included); without it, only this process hears it.
 * Messages are hints ("organisation 7 changed campaign 12"): listeners reload from the
 * database, so a lost message only delays freshness until the cache's own expiry.
 */
import { Redis } from 'ioredis'

export interface Invalidation {
  topic: string
  organizationId: number
  /** The changed entity, when one; absent means "anything of this organisation". */
  id?: number
}

type Listener = (message: Invalidation) => void

const CHANNEL = `affix:${process.env.AFFIX_COUNTER_NAMESPACE ?? 'default'}:invalidate`
const listeners = new Map<string, Set<Listener>>()
let publisher: Redis | null = null
let subscriber: Redis | null = null

function deliver(message: Invalidation) {
  for (const listener of listeners.get(message.topic) ?? []) {
    try {
      listener(message)
    } catch {
      // A listener's failure must not stop the others; it reloads on its next expiry.
    }
  }
}

function connect() {
  const url = process.env.REDIS_URL
  if (!url || publisher) return
  publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 })
  subscriber = new Redis(url, { lazyConnect: false })
  subscriber.subscribe(CHANNEL).catch(() => {})
  subscriber.on('message', (_channel, raw) => {
    try {
      const message = JSON.parse(raw) as Invalidation
      if (typeof message.topic === 'string' && Number.isSafeInteger(message.organizationId)) deliver(message)
    } catch {
      // Not ours or malformed: ignore.
    }
  })
}

/** Runs `listener` whenever `topic` is invalidated on any node. Returns an unsubscribe. */
export function onInvalidation(topic: string, listener: Listener) {
  connect()
  if (!listeners.has(topic)) listeners.set(topic, new Set())
  listeners.get(topic)!.add(listener)
  return () => listeners.get(topic)?.delete(listener)
}

/** Tells every node that data of `topic` changed. Call it after the transaction commits. */
export async function publishInvalidation(message: Invalidation) {
  connect()
  if (!publisher) return deliver(message)
  try {
    await publisher.publish(CHANNEL, JSON.stringify(message))
  } catch {
    // Redis down: at least this node drops its cache now; the others expire theirs.
    deliver(message)
  }
}

/** Closes the Redis connections (app shutdown, tests). */
export async function closeCacheBus() {
  publisher?.disconnect()
  subscriber?.disconnect()
  publisher = null
  subscriber = null
}
