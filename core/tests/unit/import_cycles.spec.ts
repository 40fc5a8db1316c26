/*
 * No import cycle in the server (the kernel is handed the plugin registry at boot instead of
 * importing it). A new cycle fails here with the modules that form it.
 */
import { test } from '@japa/runner'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { importCycles, installedPluginEdges } from '#tests/helpers/import_cycles'
import { installedPluginPackages } from '#config/plugins'

const CORE_DIR = resolve(import.meta.dirname, '../..')

/** A throwaway package laid out like core (package.json `imports`, a tsconfig). */
function plantPackage(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'affix-cycles-'))
  const all: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'planted', type: 'module', imports: { '#lib/*': './lib/*.js' } }),
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }),
    ...files,
  }
  for (const [path, source] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), source)
  }
  return root
}

test.group('import cycles', () => {
  test('the server (core and every plugin) has no import cycle', async ({ assert }) => {
    assert.deepEqual(await importCycles(CORE_DIR), [])
  }).timeout(60_000)

  test('the plugin list imports every listed plugin by name at run time: those edges are in the graph', ({
    assert,
  }) => {
    const edges = installedPluginEdges(CORE_DIR)
    assert.deepEqual(
      edges.map((edge) => edge.request),
      installedPluginPackages()
    )
    for (const edge of edges) {
      assert.equal(edge.issuer, 'config/plugins.ts')
      assert.match(edge.id!, /^\.\.\/plugins\/[a-z-]+\/src\/plugin\.ts$/)
      assert.isTrue(existsSync(join(CORE_DIR, edge.id!)), edge.id!)
    }
  })

  test('the check finds a planted cycle, also one dodged with await import(), and ignores type-only imports', async ({
    assert,
  }) => {
    const root = plantPackage({
      'lib/registry.ts': "import { kernel } from '#lib/kernel'\nexport const registry = [kernel]\n",
      'lib/kernel.ts': "import { registry } from './registry.js'\nexport const kernel = () => registry\n",
      'lib/jobs.ts': "export async function run() { const { enqueue } = await import('#lib/queue'); enqueue() }\n",
      'lib/queue.ts': "import { run } from '#lib/jobs'\nexport const enqueue = () => run\n",
      'lib/types_a.ts': "import type { B } from './types_b.js'\nexport type A = { b?: B }\n",
      'lib/types_b.ts': "import type { A } from './types_a.js'\nexport type B = { a?: A }\n",
    })
    try {
      const cycles = await importCycles(root, ['lib/*.ts'])
      assert.sameMembers(cycles, [
        'lib/kernel.ts -> lib/registry.ts -> lib/kernel.ts',
        'lib/jobs.ts -> lib/queue.ts -> lib/jobs.ts',
      ])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
