import { test } from '@japa/runner'
import { mapCooperatively } from '#kernel/cooperative'

test.group('kernel cooperative loops', () => {
  test('mapCooperatively maps in order and lets waiting callbacks run while it works', async ({ assert }) => {
    const items = Array.from({ length: 20_000 }, (_, index) => index)
    let ranDuring = -1
    let mapped = 0
    setImmediate(() => (ranDuring = mapped))
    const started = performance.now()
    const out = await mapCooperatively(
      items,
      (item) => {
        mapped++
        // Busy enough that the whole map takes well over one slice.
        const until = performance.now() + 0.002
        while (performance.now() < until);
        return item * 2
      },
      1
    )
    assert.isAbove(performance.now() - started, 10)
    assert.deepEqual(out.slice(0, 3), [0, 2, 4])
    assert.equal(out[19_999], 39_998)
    assert.lengthOf(out, 20_000)
    // The callback queued before the map ran in the middle of it, not after it.
    assert.isAbove(ranDuring, 0)
    assert.isBelow(ranDuring, 20_000)
  })

  test('an empty list maps to an empty list', async ({ assert }) => {
    assert.deepEqual(await mapCooperatively([], (item: number) => item), [])
  })
})
