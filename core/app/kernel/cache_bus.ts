/*
 * Cross-node cache invalidation (ARCHITECTURE §4): a plugin that keeps an in-process cache
 * (the click path's campaigns, fraud rules, domains) listens on a topic; whoever changes the
 * data publishes on it after the write commits. This process hears it at once (so the next
 * request here already sees the change); with REDIS_URL it also goes through Redis pub/sub to
 * every other node.
 * Messages are hints ("organisation 7 changed campaign 12"): listeners reload from the
 * database, so a lost message only delays freshness until the cache's own expiry.
 */
import { randomUUID } from 'node:crypto'
import { redisConnection, redisKeyPrefix } from './redis.js'

export interface Invalidation {
  topic: string
  organizationId: number
  /** The changed entity, when one; absent means "anything of this organisation". */
  id?: number
}

type Listener = (message: Invalidation) => void

const CHANNEL = redisKeyPrefix('invalidate')
/** Marks this process's own messages, which it already delivered when publishing. */
const NODE = randomUUID()
const listeners = new Map<string, Set<Listener>>()
let subscribed = false

function deliver(message: Invalidation) {
  for (const listener of listeners.get(message.topic) ?? []) {
    try {
      listener(message)
    } catch {
      // A listener's failure must not stop the others; it reloads on its next expiry.
    }
  }
}

function receive(raw: string) {
  try {
    const { node, ...message } = JSON.parse(raw) as Invalidation & { node?: string }
    if (node === NODE) return
    if (typeof message.topic === 'string' && Number.isSafeInteger(message.organizationId)) deliver(message)
  } catch {
    // Not ours or malformed: ignore.
  }
}

/** Subscribes once per process (the kernel's `cache_bus` connection; none without REDIS_URL). */
function connect() {
  if (subscribed) return
  const connection = redisConnection('cache_bus')
  if (!connection) return
  subscribed = true
  connection.subscribe(CHANNEL, receive)
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
  deliver(message)
  const connection = redisConnection('cache_bus')
  if (!connection) return
  try {
    await connection.publish(CHANNEL, JSON.stringify({ ...message, node: NODE }))
  } catch {
    // Redis down: this node already dropped its cache; the others expire theirs.
  }
}

/** Stops hearing other nodes (tests). The connection itself is closed with the application. */
export async function closeCacheBus() {
  if (!subscribed) return
  subscribed = false
  await redisConnection('cache_bus')?.unsubscribe(CHANNEL)
}
