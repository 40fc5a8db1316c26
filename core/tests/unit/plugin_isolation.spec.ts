/*
 * ARCHITECTURE §2: a plugin imports core's kernel and the `contracts` export of the
 * plugins it depends on, never another plugin's internals. This test reads every
 * plugin source file and fails on any import that breaks the rule.
 */
import { test } from '@japa/runner'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { findIsolationViolations } from '#tests/helpers/isolation'

const PLUGINS_DIR = resolve(import.meta.dirname, '../../../plugins')

test.group('plugin isolation', () => {
  test('no plugin reaches into another plugin or into core internals', ({ assert }) => {
    const violations = findIsolationViolations(PLUGINS_DIR)
    assert.deepEqual(violations, [])
  })

  test('the check catches a plugin importing another plugin’s internals', ({ assert }) => {
    const violations = findIsolationViolations(PLUGINS_DIR, {
      'brands/src/bad.ts': [
        "import x from '@affix/campaigns/src/models/campaign.js'",
        "import y from '../../campaigns/src/models/campaign.js'",
        "import z from '@affix/core/app/models/user.js'",
        "const w = await import('#models/user')",
        "import ok from '@affix/campaigns/contracts'",
      ].join('\n'),
    })
    assert.sameMembers(violations, [
      'brands/src/bad.ts: @affix/campaigns/src/models/campaign.js',
      'brands/src/bad.ts: ../../campaigns/src/models/campaign.js',
      'brands/src/bad.ts: @affix/core/app/models/user.js',
      'brands/src/bad.ts: #models/user',
    ])
  })

  test('core’s test helpers are for a plugin’s tests only; another plugin’s admin is internals too', ({ assert }) => {
    const violations = findIsolationViolations(PLUGINS_DIR, {
      'brands/src/uses_testing.ts': "import { createTenant } from '@affix/core/testing'",
      'brands/tests/functional/ok.spec.ts': [
        "import { createTenant } from '@affix/core/testing'",
        "import { findBrandRef } from '../../src/contracts.js'",
      ].join('\n'),
      'brands/tests/functional/bad.spec.ts': "import { Campaign } from '@affix/campaigns/src/models/campaign.js'",
      'brands/admin/bad.tsx': "import campaigns from '@affix/campaigns/admin'",
    })
    assert.sameMembers(violations, [
      'brands/src/uses_testing.ts: @affix/core/testing',
      'brands/tests/functional/bad.spec.ts: @affix/campaigns/src/models/campaign.js',
      'brands/admin/bad.tsx: @affix/campaigns/admin',
    ])
  })

  test('every plugin folder is a package named after its id', ({ assert }) => {
    for (const id of readdirSync(PLUGINS_DIR)) {
      if (!statSync(join(PLUGINS_DIR, id)).isDirectory()) continue
      const pkg = JSON.parse(readFileSync(join(PLUGINS_DIR, id, 'package.json'), 'utf8'))
      assert.equal(pkg.name, `@affix/${id}`)
      assert.equal(relative(PLUGINS_DIR, join(PLUGINS_DIR, id)).split(sep).length, 1)
    }
  })
})
