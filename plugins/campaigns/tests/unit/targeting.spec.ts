import { test } from '@japa/runner'
import {
  blockMatches,
  conditionHolds,
  isValidIpValue,
  matchesTargeting,
  type TargetingVisitor,
} from '../../src/rules/targeting.js'
import type { TargetingBlock, TargetingCondition } from '../../src/types.js'

const condition = (
  field: TargetingCondition['field'],
  values: string[],
  operator: 'in' | 'not_in' = 'in'
): TargetingCondition => ({
  field,
  operator,
  values,
})
const block = (logic: 'and' | 'or', conditions: TargetingCondition[], id = 1): TargetingBlock => ({
  id,
  name: `b${id}`,
  logic,
  conditions,
})
const visitor = (extra: Partial<TargetingVisitor> = {}): TargetingVisitor => ({
  ip: '203.0.113.7',
  country: 'BR',
  device: 'mobile',
  os: 'Android',
  browser: 'Chrome',
  language: 'pt-BR',
  ...extra,
})

test.group('targeting: conditions', () => {
  test('country, device, os and browser compare case-insensitively', ({ assert }) => {
    assert.isTrue(conditionHolds(condition('country', ['PT', 'BR']), visitor({ country: 'br' })))
    assert.isFalse(conditionHolds(condition('country', ['PT']), visitor()))
    assert.isTrue(conditionHolds(condition('device', ['Mobile']), visitor()))
    assert.isFalse(conditionHolds(condition('device', ['desktop', 'tablet']), visitor()))
    assert.isTrue(conditionHolds(condition('os', ['android']), visitor()))
    assert.isTrue(conditionHolds(condition('browser', [' CHROME ']), visitor()))
    assert.isFalse(conditionHolds(condition('browser', ['Chromium']), visitor()))
  })

  test('not_in is the negation of in', ({ assert }) => {
    assert.isFalse(conditionHolds(condition('country', ['BR'], 'not_in'), visitor()))
    assert.isTrue(conditionHolds(condition('country', ['PT'], 'not_in'), visitor()))
  })

  test('an unknown attribute never satisfies in and always satisfies not_in', ({ assert }) => {
    for (const field of ['country', 'device', 'os', 'browser', 'language'] as const) {
      const unknown = visitor({ [field]: undefined })
      assert.isFalse(conditionHolds(condition(field, ['x', 'BR', 'mobile']), unknown), field)
      assert.isTrue(conditionHolds(condition(field, ['x', 'BR', 'mobile'], 'not_in'), unknown), field)
      assert.isFalse(conditionHolds(condition(field, ['x']), visitor({ [field]: '' })), `${field} empty`)
    }
  })

  test('language matches exactly or on the primary tag, never the other way round', ({ assert }) => {
    assert.isTrue(conditionHolds(condition('language', ['pt']), visitor({ language: 'pt-BR' })))
    assert.isTrue(conditionHolds(condition('language', ['PT-br']), visitor({ language: 'pt-BR' })))
    assert.isFalse(conditionHolds(condition('language', ['pt-BR']), visitor({ language: 'pt-PT' })))
    assert.isFalse(conditionHolds(condition('language', ['pt-BR']), visitor({ language: 'pt' })))
    assert.isFalse(conditionHolds(condition('language', ['en']), visitor({ language: 'pt-BR' })))
  })

  test('ip matches addresses of both families; IPv4-mapped IPv6 counts as IPv4', ({ assert }) => {
    assert.isTrue(conditionHolds(condition('ip', ['198.51.100.1', '203.0.113.7']), visitor()))
    assert.isFalse(conditionHolds(condition('ip', ['203.0.113.8']), visitor()))
    assert.isTrue(conditionHolds(condition('ip', ['203.0.113.7']), visitor({ ip: '::ffff:203.0.113.7' })))
    assert.isTrue(conditionHolds(condition('ip', ['2001:db8::1']), visitor({ ip: '2001:0db8:0:0::1' })))
    assert.isFalse(conditionHolds(condition('ip', ['2001:db8::1']), visitor()))
    assert.isFalse(conditionHolds(condition('ip', ['203.0.113.7']), visitor({ ip: 'not-an-ip' })))
    assert.isTrue(conditionHolds(condition('ip', ['203.0.113.7'], 'not_in'), visitor({ ip: 'not-an-ip' })))
  })

  test('ip_range tests CIDR blocks and start-end ranges at their edges', ({ assert }) => {
    const cidr = condition('ip_range', ['10.0.0.0/8'])
    assert.isTrue(conditionHolds(cidr, visitor({ ip: '10.0.0.0' })))
    assert.isTrue(conditionHolds(cidr, visitor({ ip: '10.255.255.255' })))
    assert.isFalse(conditionHolds(cidr, visitor({ ip: '11.0.0.0' })))
    assert.isFalse(conditionHolds(cidr, visitor({ ip: '9.255.255.255' })))
    const range = condition('ip_range', ['192.168.1.10-192.168.1.20'])
    assert.isTrue(conditionHolds(range, visitor({ ip: '192.168.1.10' })))
    assert.isTrue(conditionHolds(range, visitor({ ip: '192.168.1.20' })))
    assert.isFalse(conditionHolds(range, visitor({ ip: '192.168.1.21' })))
    const six = condition('ip_range', ['2001:db8::/32'])
    assert.isTrue(conditionHolds(six, visitor({ ip: '2001:db8:ffff::1' })))
    assert.isFalse(conditionHolds(six, visitor({ ip: '2001:db9::1' })))
    assert.isFalse(conditionHolds(six, visitor({ ip: '10.0.0.1' })))
    assert.isTrue(conditionHolds(condition('ip_range', ['0.0.0.0/0']), visitor()))
    assert.isTrue(conditionHolds(condition('ip_range', ['203.0.113.7/32']), visitor()))
    assert.isTrue(conditionHolds(condition('ip_range', ['10.0.0.0/8'], 'not_in'), visitor()))
  })

  test('ip and ip_range values are validated', ({ assert }) => {
    for (const value of ['1.2.3.4', '::1', '2001:db8::1', '::ffff:1.2.3.4'])
      assert.isTrue(isValidIpValue('ip', value), value)
    for (const value of ['1.2.3.256', '1.2.3', 'abc', '1.2.3.4/8', ''])
      assert.isFalse(isValidIpValue('ip', value), value)
    for (const value of [
      '10.0.0.0/8',
      '0.0.0.0/0',
      '2001:db8::/32',
      '::/0',
      '1.1.1.1-1.1.1.1',
      '1.1.1.1-2.2.2.2',
      '::1-::2',
    ])
      assert.isTrue(isValidIpValue('ip_range', value), value)
    for (const value of [
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0.0/',
      '10.0.0.0/a',
      '10.0.0.0/8/8',
      '2.2.2.2-1.1.1.1',
      '1.1.1.1-::2',
      '1.1.1.1',
      'x-y',
    ])
      assert.isFalse(isValidIpValue('ip_range', value), value)
  })
})

test.group('targeting: blocks', () => {
  const br = condition('country', ['BR'])
  const desktop = condition('device', ['desktop'])

  test('no blocks: every visitor matches', ({ assert }) => {
    assert.isTrue(matchesTargeting([], visitor()))
    assert.isTrue(matchesTargeting([], { ip: '::1' }))
  })

  test('and needs every condition, or needs one; an empty block matches', ({ assert }) => {
    assert.isFalse(blockMatches(block('and', [br, desktop]), visitor()))
    assert.isTrue(blockMatches(block('and', [br, desktop]), visitor({ device: 'desktop' })))
    assert.isTrue(blockMatches(block('or', [br, desktop]), visitor()))
    assert.isFalse(blockMatches(block('or', [condition('country', ['PT']), desktop]), visitor()))
    assert.isTrue(blockMatches(block('and', []), visitor()))
    assert.isTrue(blockMatches(block('or', []), visitor()))
  })

  test('the campaign matches when any block matches', ({ assert }) => {
    const brMobile = block('and', [br, condition('device', ['mobile'])], 1)
    const ptAny = block('and', [condition('country', ['PT'])], 2)
    assert.isTrue(matchesTargeting([brMobile, ptAny], visitor()))
    assert.isTrue(matchesTargeting([brMobile, ptAny], visitor({ country: 'PT', device: 'desktop' })))
    assert.isFalse(matchesTargeting([brMobile, ptAny], visitor({ device: 'desktop' })))
    assert.isFalse(matchesTargeting([ptAny], visitor()))
  })

  test('an exclusion block: everyone but a country and an IP range', ({ assert }) => {
    const exclude = block('and', [
      condition('country', ['US'], 'not_in'),
      condition('ip_range', ['203.0.113.0/24'], 'not_in'),
    ])
    assert.isFalse(matchesTargeting([exclude], visitor()))
    assert.isTrue(matchesTargeting([exclude], visitor({ ip: '198.51.100.1' })))
    assert.isFalse(matchesTargeting([exclude], visitor({ ip: '198.51.100.1', country: 'US' })))
  })

  test('the same condition objects give the same answers on every call (compiled once)', ({ assert }) => {
    const blocks = [block('or', [condition('ip_range', ['10.0.0.0/8']), condition('language', ['pt'])])]
    for (let i = 0; i < 3; i++) {
      assert.isTrue(matchesTargeting(blocks, visitor({ ip: '10.1.1.1', language: 'en' })))
      assert.isTrue(matchesTargeting(blocks, visitor()))
      assert.isFalse(matchesTargeting(blocks, visitor({ language: 'en' })))
    }
  })
})
