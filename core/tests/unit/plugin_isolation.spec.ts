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
    assert.lengthOf(violations, 4)
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
