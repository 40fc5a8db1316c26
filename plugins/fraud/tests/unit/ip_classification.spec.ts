import { test } from '@japa/runner'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { classifyIp, reloadIpRanges } from '../../src/contracts.js'

test.group('fraud: IP classification from the shipped range files', (group) => {
  const original = process.env.FRAUD_RANGES_DIR
  group.each.teardown(() => {
    if (original === undefined) delete process.env.FRAUD_RANGES_DIR
    else process.env.FRAUD_RANGES_DIR = original
    reloadIpRanges()
  })

  test('addresses inside the data-centre ranges (IPv4 and IPv6)', ({ assert }) => {
    delete process.env.FRAUD_RANGES_DIR
    const loaded = reloadIpRanges()
    assert.isAbove(loaded.dataCenter, 150)
    assert.isAbove(loaded.proxy, 5)
    for (const ip of [
      '3.5.140.2',
      '52.95.110.1',
      '34.70.1.1',
      '20.80.1.1',
      '167.99.10.20',
      '51.68.1.1',
      '88.99.12.34',
      '2600:1f18::1',
      '2604:a880:400::1',
      '2a01:4f8:c0c::1',
      '2001:41d0::abcd',
      '::ffff:3.5.140.2',
      '[2a03:b0c0::1]',
    ]) {
      assert.deepEqual(classifyIp(ip), { dataCenter: true, proxy: false }, ip)
    }
  })

  test('addresses inside the proxy ranges', ({ assert }) => {
    for (const ip of ['185.220.101.7', '171.25.193.20', '104.28.1.1', '2a0b:f4c2::1']) {
      assert.deepEqual(classifyIp(ip), { dataCenter: false, proxy: true }, ip)
    }
  })

  test('addresses outside every range, and things that are not addresses', ({ assert }) => {
    for (const ip of [
      '192.0.2.10',
      '198.51.100.7',
      '8.8.8.8',
      '127.0.0.1',
      '10.1.2.3',
      '2001:db8::1',
      '::1',
      'not-an-ip',
      '',
      '3.5.140',
      '300.1.1.1',
    ]) {
      assert.deepEqual(classifyIp(ip), { dataCenter: false, proxy: false }, ip)
    }
  })

  test('FRAUD_RANGES_DIR replaces the shipped files; a missing file falls back; bad lines are skipped', ({
    assert,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'affix-ranges-'))
    try {
      writeFileSync(
        join(dir, 'datacenter-ranges.txt'),
        '# operator copy\n198.51.100.0/24  # test net\n\nnot a range\n2001:db8:abcd::/48\n10.0.0.0/40\n'
      )
      process.env.FRAUD_RANGES_DIR = dir
      assert.deepEqual(reloadIpRanges(), { dir, dataCenter: 2, proxy: reloadIpRanges().proxy })
      assert.isTrue(classifyIp('198.51.100.7').dataCenter)
      assert.isTrue(classifyIp('2001:db8:abcd:1::9').dataCenter)
      assert.isFalse(classifyIp('3.5.140.2').dataCenter)
      // No proxy file in the operator's directory: the shipped one is used.
      assert.isTrue(classifyIp('185.220.101.7').proxy)

      // SIGHUP reads the files again.
      writeFileSync(join(dir, 'proxy-ranges.txt'), '203.0.113.0/24\n')
      assert.isFalse(classifyIp('203.0.113.5').proxy)
      process.emit('SIGHUP', 'SIGHUP')
      assert.isTrue(classifyIp('203.0.113.5').proxy)
      assert.isFalse(classifyIp('185.220.101.7').proxy)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
