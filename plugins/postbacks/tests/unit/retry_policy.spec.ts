import { test } from '@japa/runner'
import { backoffSeconds, completeSettings } from '../../src/settings.js'

/* The retry policy: waits double from the base up to the cap (six hours unless set lower). */
test.group('Postbacks: retry policy', () => {
  test('waits double from the base and stop at the cap', ({ assert }) => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7].map((round) => backoffSeconds(30, round)),
      [30, 60, 120, 240, 480, 960, 1920]
    )
    assert.equal(backoffSeconds(30, 20), 6 * 3600)
    assert.deepEqual(
      [1, 2, 3, 4].map((round) => backoffSeconds(1, round, 2)),
      [1, 2, 2, 2]
    )
  })

  test('stored settings are read defensively: a missing or malformed cap is six hours', ({ assert }) => {
    assert.equal(completeSettings({}).retryMaxSeconds, 21_600)
    assert.equal(completeSettings({ retryMaxSeconds: 'soon' }).retryMaxSeconds, 21_600)
    assert.equal(completeSettings({ retryMaxSeconds: 0 }).retryMaxSeconds, 21_600)
    assert.equal(completeSettings({ retryMaxSeconds: 120 }).retryMaxSeconds, 120)
  })
})
