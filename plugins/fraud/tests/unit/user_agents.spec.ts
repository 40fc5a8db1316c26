import { test } from '@japa/runner'
import { describeUserAgent } from '../../src/services/evaluate.js'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

test.group('fraud: user agents described for device rules', () => {
  test('device and OS from the agent; bots and empty agents are bots whatever the caller knew', ({ assert }) => {
    assert.deepEqual(describeUserAgent(IPHONE), { device: 'mobile', os: 'ios' })
    assert.deepEqual(describeUserAgent(CRAWLER, 'desktop'), { device: 'bot', os: 'other' })
    assert.deepEqual(describeUserAgent('', 'mobile'), { device: 'bot', os: 'other' })
  })

  test('a remembered agent still honours the device the caller already knows, call by call', ({ assert }) => {
    // Parsed once and remembered: the caller's own device answer must not be remembered with it.
    assert.equal(describeUserAgent(IPHONE, 'tablet').device, 'tablet')
    assert.equal(describeUserAgent(IPHONE).device, 'mobile')
    assert.equal(describeUserAgent(IPHONE, 'desktop').device, 'desktop')
    assert.equal(describeUserAgent(IPHONE, 'unknown-kind').device, 'mobile')
  })
})
