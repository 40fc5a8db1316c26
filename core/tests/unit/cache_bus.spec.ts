import { test } from '@japa/runner'
import { closeCacheBus, onInvalidation, publishInvalidation, type Invalidation } from '#kernel/cache_bus'

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
})
