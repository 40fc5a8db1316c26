/*
 * Every plugin declares the packages it imports in its own package.json (rule:
 * tests/helpers/plugin_dependencies.ts), so it does not lean on core's.
 */
import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { findUndeclaredImports } from '#tests/helpers/plugin_dependencies'

const PLUGINS_DIR = resolve(import.meta.dirname, '../../../plugins')
const packageOf = (id: string) => JSON.parse(readFileSync(resolve(PLUGINS_DIR, id, 'package.json'), 'utf8'))

test.group('plugin dependencies', () => {
  test('every package a plugin imports is in its package.json', ({ assert }) => {
    assert.deepEqual(findUndeclaredImports(PLUGINS_DIR), [])
  })

  test('core no longer carries the plugins’ libraries', ({ assert }) => {
    const core = JSON.parse(readFileSync(resolve(PLUGINS_DIR, '../core/package.json'), 'utf8'))
    for (const name of ['geoip-lite', 'ua-parser-js', 'openid-client']) assert.notProperty(core.dependencies, name)
    assert.notProperty(core.devDependencies, 'oidc-provider')
    assert.property(packageOf('tracking').dependencies, 'geoip-lite')
    assert.property(packageOf('media').dependencies, 'sharp')
    assert.property(packageOf('oidc').dependencies, 'openid-client')
    assert.property(packageOf('oidc').devDependencies, 'oidc-provider')
  })

  test('the check catches planted undeclared imports', ({ assert }) => {
    const fraud = packageOf('fraud')
    const problems = findUndeclaredImports(PLUGINS_DIR, {
      files: {
        'fraud/src/planted.ts': [
          "import sharp from 'sharp'",
          "import { lookup } from 'geoip-lite/lib/geoip.js'",
          "const geo = createRequire(import.meta.url)('geoip-lite')",
          "const { Redis } = await import('ioredis')",
          "import { findBrandRef } from '@affix/brands/contracts'",
          "import { readFile } from 'node:fs/promises'",
          "import path from 'path'",
          "import db from '@adonisjs/lucid/services/db'",
          "import vine from '@vinejs/vine'",
          "import { UAParser } from 'ua-parser-js'",
          "import { x } from './local.js'",
          "// import nothing from 'commented-out'",
        ].join('\n'),
        'fraud/src/uses_japa.ts': "import { test } from '@japa/runner'",
        'fraud/tests/unit/planted.spec.ts': [
          "import { test } from '@japa/runner'",
          "import fc from 'fast-check'",
          "import { createTenant } from '@affix/core/testing'",
        ].join('\n'),
        'fraud/admin/planted.tsx': "import { useForm } from 'react-hook-form'\nimport { Chart } from 'chart.js'",
      },
      packages: { fraud: { ...fraud, devDependencies: { 'fast-check': '*' } } },
    })
    assert.sameMembers(
      problems.filter((problem) => problem.includes('planted') || problem.includes('uses_japa')),
      [
        'fraud/src/planted.ts: sharp (not in package.json)',
        'fraud/src/planted.ts: geoip-lite/lib/geoip.js (not in package.json)',
        'fraud/src/planted.ts: geoip-lite (not in package.json)',
        'fraud/src/planted.ts: ioredis (not in package.json)',
        'fraud/src/planted.ts: @affix/brands/contracts (not in package.json)',
        "fraud/src/planted.ts: @affix/brands/contracts (brands is not in the manifest's dependsOn)",
        'fraud/src/uses_japa.ts: @japa/runner (not in package.json)',
        'fraud/admin/planted.tsx: chart.js (not in package.json)',
      ]
    )
  })
})
