/*
 * Installation is listed once, under `affix.plugins` in the root package.json (the server
 * loads the same list, core/config/plugins.ts): the build imports each listed plugin's admin
 * module, in list order (virtual:affix-installed-plugins, vite.config.ts).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { installedPlugins } from '../../src/plugins'

const rootPackage = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as {
  affix: { plugins: string[] }
}

describe('installed plugins', () => {
  it('are the admin modules of the packages listed in the root package.json, in its order', () => {
    expect(installedPlugins.map((plugin) => plugin.id)).toEqual(
      rootPackage.affix.plugins.map((name) => name.replace(/^@affix\//, ''))
    )
    for (const plugin of installedPlugins) expect(plugin.resources, plugin.id).toBeInstanceOf(Array)
  })
})
