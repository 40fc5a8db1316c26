import { test } from '@japa/runner'
import { existingIds, hasLookup, missingIds } from '#kernel/lookups'
import { installTestPlugin } from '#tests/helpers/plugins'

test.group('kernel lookups', () => {
  test('an entity no plugin provides has no ids, so every reference to it is missing', async ({ assert }) => {
    assert.isFalse(hasLookup('unit-nothing'))
    assert.equal((await existingIds(1, 'unit-nothing', [1, 2])).size, 0)
    assert.deepEqual(await missingIds(1, 'unit-nothing', [1, 2, 2]), [1, 2])
  })

  test('the provider answers per organisation; bad ids never reach it', async ({ assert, cleanup }) => {
    const asked: number[][] = []
    const uninstall = installTestPlugin({
      id: 'unit-things',
      lookups: {
        'unit-things': async (organizationId, ids) => {
          asked.push(ids)
          return ids.filter((id) => organizationId === 7 && id < 10)
        },
      },
    })
    cleanup(uninstall)
    assert.deepEqual([...(await existingIds(7, 'unit-things', [3, 3, 12, -1, 0, 1.5]))], [3])
    assert.deepEqual(asked, [[3, 12]])
    assert.deepEqual(await missingIds(8, 'unit-things', [3]), [3])
    assert.deepEqual(await missingIds(7, 'unit-things', []), [])
  })
})
