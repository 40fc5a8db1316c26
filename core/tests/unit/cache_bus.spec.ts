import { test } from '@japa/runner'
import { closeCacheBus, onInvalidation, publishInvalidation, type Invalidation } from '#kernel/cache_bus'
import { redisConnection, redisEnabled, redisKeyPrefix } from '#kernel/redis'

const nextMessage = (topic: string) =>
  new Promise<Invalidation>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no invalidation within 3 s')), 3000)
    const stop = onInvalidation(topic, (message) => {
      clearTimeout(timer)
      stop()
      resolve(message)
    })
  })

test.group('kernel cache bus', (group) => {
  group.teardown(() => closeCacheBus())

  test('a published invalidation reaches the listeners of its topic only', async ({ assert }) => {
    const topic = `unit-${Date.now()}`
    const heard: Invalidation[] = []
    const stopOther = onInvalidation(`${topic}-other`, (message) => heard.push(message))
    const received = nextMessage(topic)
    // Through Redis the subscription is asynchronous: publish until it arrives.
    const timer = setInterval(() => publishInvalidation({ topic, organizationId: 7, id: 12 }), 100)
    try {
      assert.deepEqual(await received, { topic, organizationId: 7, id: 12 })
    } finally {
      clearInterval(timer)
      stopOther()
    }
    assert.deepEqual(heard, [])
  })

  test('a message another node publishes through Redis reaches this node’s listeners', async ({ assert }) => {
    if (!redisEnabled()) return assert.isNull(redisConnection('cache_bus'))
    const topic = `unit-remote-${Date.now()}`
    const received = nextMessage(topic)
    // Another node: the same channel, another node id, published on another connection.
    const raw = JSON.stringify({ topic, organizationId: 9, id: 3, node: 'another-node' })
    const timer = setInterval(() => redisConnection('main')!.publish(redisKeyPrefix('invalidate'), raw), 100)
    try {
      assert.deepEqual(await received, { topic, organizationId: 9, id: 3 })
    } finally {
      clearInterval(timer)
    }
  })
})

test.group('kernel Redis factory', () => {
  test('one connection per purpose, reused; none without REDIS_URL', async ({ assert }) => {
    const saved = process.env.REDIS_URL
    try {
      process.env.REDIS_URL = saved ?? 'redis://127.0.0.1:6379'
      const main = redisConnection('main')
      assert.strictEqual(redisConnection('main'), main)
      assert.notStrictEqual(redisConnection('caps'), main)
      assert.equal(main!.connectionName, 'main')
      delete process.env.REDIS_URL
      assert.isNull(redisConnection('main'))
      assert.isNull(redisConnection('cache_bus'))
    } finally {
      if (saved === undefined) delete process.env.REDIS_URL
      else process.env.REDIS_URL = saved
    }
    assert.equal(redisKeyPrefix('cap'), `affix:${process.env.AFFIX_COUNTER_NAMESPACE}:cap`)
  })
})
