import { test } from '@japa/runner'
import { PluginRegistry, PluginGraphError, definePlugin } from '#kernel/plugin'

const plugin = (id: string, dependsOn: string[] = []) => definePlugin({ id, name: id, dependsOn })

test.group('plugin registry', () => {
  test('orders plugins so dependencies come first', ({ assert }) => {
    const registry = PluginRegistry.create([plugin('payouts', ['tracking']), plugin('tracking', ['campaigns']), plugin('campaigns', ['brands']), plugin('brands')])
    assert.deepEqual(registry.ordered.map((p) => p.id), ['brands', 'campaigns', 'tracking', 'payouts'])
  })

  test('a cycle stops startup with an error naming the cycle', ({ assert }) => {
    assert.throws(
      () => PluginRegistry.create([plugin('a', ['b']), plugin('b', ['c']), plugin('c', ['a'])]),
      'Plugin registry: dependency cycle a -> b -> c -> a'
    )
    assert.throws(() => PluginRegistry.create([plugin('self', ['self'])]), 'Plugin registry: dependency cycle self -> self')
  })

  test('missing dependencies, duplicate ids and bad ids are refused', ({ assert }) => {
    assert.throws(() => PluginRegistry.create([plugin('campaigns', ['brands'])]), 'Plugin registry: "campaigns" depends on "brands", which is not installed')
    assert.throws(() => PluginRegistry.create([plugin('brands'), plugin('brands')]), 'Plugin registry: plugin id "brands" is installed twice')
    assert.throws(() => PluginRegistry.create([plugin('Promo_Codes')]), 'Plugin registry: "Promo_Codes" is not a kebab-case plugin id')
    assert.instanceOf((() => { try { PluginRegistry.create([plugin('x', ['y'])]) } catch (e) { return e } })(), PluginGraphError)
  })

  test('migration paths follow dependency order, relative to core', ({ assert }) => {
    const registry = PluginRegistry.create([
      definePlugin({ id: 'b', name: 'b', dependsOn: ['a'], migrations: '/repo/plugins/b/database/migrations' }),
      definePlugin({ id: 'a', name: 'a', migrations: '/repo/plugins/a/database/migrations' }),
    ])
    assert.deepEqual(registry.migrationPaths('/repo/core'), ['../plugins/a/database/migrations', '../plugins/b/database/migrations'])
  })
})
