/*
 * Installation is one list: `affix.plugins` in the root package.json, which the server loads
 * here and the admin UI's build reads too (admin-ui/vite.config.ts).
 */
import { test } from '@japa/runner'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { installedPluginPackages, loadPluginManifests, registry } from '#config/plugins'

function packageJsonWith(content: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'affix-installed-'))
  writeFileSync(join(dir, 'package.json'), JSON.stringify(content))
  return { url: pathToFileURL(join(dir, 'package.json')), dispose: () => rmSync(dir, { recursive: true, force: true }) }
}

test.group('installed plugins (root package.json "affix.plugins")', () => {
  test('the registry holds exactly the listed packages', ({ assert }) => {
    const listed = installedPluginPackages()
    assert.isAbove(listed.length, 0)
    assert.sameMembers(
      registry.ordered.map((plugin) => plugin.id),
      listed.map((name) => name.replace(/^@affix\//, ''))
    )
  })

  test('a malformed list is refused with the field named', ({ assert }) => {
    for (const content of [{}, { affix: { plugins: 'brands' } }, { affix: { plugins: ['@affix/brands', 3] } }]) {
      const file = packageJsonWith(content)
      try {
        assert.throws(
          () => installedPluginPackages(file.url),
          /"affix\.plugins" must be a list of plugin package names/
        )
      } finally {
        file.dispose()
      }
    }
  })

  test('a missing package and a package that is no plugin stop startup, naming the package', async ({ assert }) => {
    await assert.rejects(
      () => loadPluginManifests(['@affix/not-installed']),
      'Plugin "@affix/not-installed" (listed in package.json "affix.plugins") cannot be loaded'
    )
    await assert.rejects(
      () => loadPluginManifests(['node:path']),
      'Plugin "node:path" (listed in package.json "affix.plugins") default-exports no manifest (definePlugin({ id, … }))'
    )
    const [deepLinks] = await loadPluginManifests(['@affix/deep-links'])
    assert.equal(deepLinks.id, 'deep-links')
  })
})
