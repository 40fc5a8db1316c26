// @vitest-environment node
/*
 * Turkish calls an affiliate "ortak" everywhere: in the panels (shell, screens, plugins)
 * and in the server's messages. An English "affiliate" left in a Turkish text reads as a
 * mix of two languages.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { tr as shell } from '../../src/i18n/tr'
import { layoutMessages } from '../../src/layout/messages'
import { publicMessages } from '../../src/public/messages'
import { tr as screens } from '../../src/screens/i18n/tr'
import { installedPlugins } from '../../src/plugins'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const ENGLISH_TERM = /affiliate|afiliy/i

/** Every text of a message tree whose wording uses the English term, as `path: text`. */
function englishTerms(tree: unknown, path = ''): string[] {
  if (typeof tree === 'string') return ENGLISH_TERM.test(tree) ? [`${path}: ${tree}`] : []
  if (!tree || typeof tree !== 'object') return []
  return Object.entries(tree).flatMap(([key, value]) => englishTerms(value, path ? `${path}.${key}` : key))
}

describe('Turkish wording', () => {
  it('says "ortak" in every panel message', () => {
    const trees = {
      shell,
      screens,
      layout: layoutMessages.tr,
      public: publicMessages.tr,
      ...Object.fromEntries(installedPlugins.map((plugin) => [plugin.id, plugin.messages.tr])),
    }
    expect(Object.entries(trees).flatMap(([area, tree]) => englishTerms(tree, area))).toEqual([])
  })

  it('says "ortak" in every server message (core and plugins)', () => {
    const folders = [
      join(ROOT, 'core/resources/lang/tr'),
      ...readdirSync(join(ROOT, 'plugins')).map((plugin) => join(ROOT, 'plugins', plugin, 'resources/lang/tr')),
    ].filter((folder) => existsSync(folder))
    const found = folders.flatMap((folder) =>
      readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .flatMap((file) => englishTerms(JSON.parse(readFileSync(join(folder, file), 'utf8')), file))
        // An "unknown value" message lists the API's own identifiers (e.g. the report `affiliate`).
        .filter((found) => !/\.enum: /.test(found))
    )
    expect(found).toEqual([])
  })
})
