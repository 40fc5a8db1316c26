import { test } from '@japa/runner'
import { PluginRegistry, PluginGraphError, definePlugin, publicMountOf } from '#kernel/plugin'
import { defineEvent, defineHook } from '#kernel/extensions'

const plugin = (id: string, dependsOn: string[] = []) => definePlugin({ id, name: id, dependsOn })

test.group('plugin registry', () => {
  test('orders plugins so dependencies come first', ({ assert }) => {
    const registry = PluginRegistry.create([
      plugin('payouts', ['tracking']),
      plugin('tracking', ['campaigns']),
      plugin('campaigns', ['brands']),
      plugin('brands'),
    ])
    assert.deepEqual(
      registry.ordered.map((p) => p.id),
      ['brands', 'campaigns', 'tracking', 'payouts']
    )
  })

  test('a cycle stops startup with an error naming the cycle', ({ assert }) => {
    assert.throws(
      () => PluginRegistry.create([plugin('a', ['b']), plugin('b', ['c']), plugin('c', ['a'])]),
      'Plugin registry: dependency cycle a -> b -> c -> a'
    )
    assert.throws(
      () => PluginRegistry.create([plugin('self', ['self'])]),
      'Plugin registry: dependency cycle self -> self'
    )
  })

  test('missing dependencies, duplicate ids and bad ids are refused', ({ assert }) => {
    assert.throws(
      () => PluginRegistry.create([plugin('campaigns', ['brands'])]),
      'Plugin registry: "campaigns" depends on "brands", which is not installed'
    )
    assert.throws(
      () => PluginRegistry.create([plugin('brands'), plugin('brands')]),
      'Plugin registry: plugin id "brands" is installed twice'
    )
    assert.throws(
      () => PluginRegistry.create([plugin('Promo_Codes')]),
      'Plugin registry: "Promo_Codes" is not a kebab-case plugin id'
    )
    assert.instanceOf(
      (() => {
        try {
          PluginRegistry.create([plugin('x', ['y'])])
        } catch (e) {
          return e
        }
      })(),
      PluginGraphError
    )
  })

  test('public routes mount at /api/v1/<id>/public unless the manifest names a path that names the plugin', ({
    assert,
  }) => {
    assert.deepEqual(publicMountOf(plugin('media')), { prefix: '/api/v1/media/public', tag: 'media' })
    const oauth = definePlugin({ id: 'oauth', name: 'OAuth', publicMount: { path: 'oauth' } })
    const oidc = definePlugin({ id: 'oidc', name: 'OIDC', publicMount: { path: 'auth/oidc', tag: 'auth' } })
    PluginRegistry.create([oauth, oidc])
    assert.deepEqual(publicMountOf(oauth), { prefix: '/api/v1/oauth', tag: 'oauth' })
    assert.deepEqual(publicMountOf(oidc), { prefix: '/api/v1/auth/oidc', tag: 'auth' })

    const mounted = (id: string, publicMount: { path: string; tag?: string }) =>
      definePlugin({ id, name: id, publicMount })
    assert.throws(
      () => PluginRegistry.create([mounted('oidc', { path: 'auth/sso' })]),
      'Plugin registry: "oidc" mounts its public routes at "auth/sso": use a path relative to /api/v1 that names the plugin'
    )
    assert.throws(() => PluginRegistry.create([mounted('oidc', { path: '/api/v1/oidc' })]), PluginGraphError)
    assert.throws(() => PluginRegistry.create([mounted('oidc', { path: 'auth/../oidc' })]), PluginGraphError)
    assert.throws(
      () => PluginRegistry.create([mounted('oidc', { path: 'oidc', tag: 'Not a tag' })]),
      'Plugin registry: "oidc" gives its public routes the tag "Not a tag", which is not a tag'
    )
    assert.throws(
      () =>
        PluginRegistry.create([mounted('sso', { path: 'auth/sso/oidc' }), mounted('oidc', { path: 'auth/sso/oidc' })]),
      'Plugin registry: public mount "auth/sso/oidc" is claimed by "sso" and "oidc"'
    )
  })

  test('branding images come from one plugin at most, as a function', ({ assert }) => {
    const images = async () => ({ logoUrl: null, loginLogoUrl: null, favIconUrl: null })
    const provider = (id: string, brandingImages: unknown) =>
      definePlugin({ id, name: id, brandingImages: brandingImages as typeof images })
    PluginRegistry.create([provider('branding', images), plugin('media')])
    assert.throws(
      () => PluginRegistry.create([provider('branding', images), provider('white-label', images)]),
      'Plugin registry: brandingImages is provided by both "branding" and "white-label"'
    )
    assert.throws(
      () => PluginRegistry.create([provider('branding', 'https://cdn.example/logo.png')]),
      'Plugin registry: "branding" gives brandingImages that is not a function'
    )
  })

  test('migration paths follow dependency order, relative to core', ({ assert }) => {
    const registry = PluginRegistry.create([
      definePlugin({ id: 'b', name: 'b', dependsOn: ['a'], migrations: '/repo/plugins/b/database/migrations' }),
      definePlugin({ id: 'a', name: 'a', migrations: '/repo/plugins/a/database/migrations' }),
    ])
    assert.deepEqual(registry.migrationPaths('/repo/core'), [
      '../plugins/a/database/migrations',
      '../plugins/b/database/migrations',
    ])
  })
})

test.group('plugin registry: manifest wiring', () => {
  const usage = defineHook<(groupId: number) => Promise<boolean>>('groups', 'usage')
  const changed = defineEvent<{ organizationId: number }>('groups', 'changed')
  const groups = definePlugin({ id: 'groups', name: 'groups', extensionPoints: [usage, changed] })

  test('contributions reach a declared point of a dependency; the owner lists them in install order', ({ assert }) => {
    const first = async () => true
    const registry = PluginRegistry.create([
      definePlugin({ id: 'campaigns', name: 'c', dependsOn: ['groups'], hooks: [usage.provide(first)] }),
      groups,
      definePlugin({
        id: 'payouts',
        name: 'p',
        dependsOn: ['campaigns'],
        listeners: [changed.listen(async () => {})],
        lookups: { payouts: async () => [] },
      }),
    ])
    assert.deepEqual(
      registry.ordered.map((p) => p.id),
      ['groups', 'campaigns', 'payouts']
    )
    assert.isFunction(registry.lookup('payouts'))
    assert.isUndefined(registry.lookup('nothing'))
  })

  test('a contribution to an undeclared point, or to a plugin not depended on, stops startup', ({ assert }) => {
    assert.throws(
      () =>
        PluginRegistry.create([definePlugin({ id: 'campaigns', name: 'c', hooks: [usage.provide(async () => true)] })]),
      'Plugin registry: "campaigns" contributes to hook "groups.usage", which no installed plugin declares'
    )
    assert.throws(
      () =>
        PluginRegistry.create([
          groups,
          definePlugin({ id: 'campaigns', name: 'c', hooks: [usage.provide(async () => true)] }),
        ]),
      'Plugin registry: "campaigns" contributes to "groups.usage" but does not depend on "groups"'
    )
    assert.throws(
      () =>
        PluginRegistry.create([
          groups,
          definePlugin({
            id: 'campaigns',
            name: 'c',
            dependsOn: ['groups'],
            listeners: [changed.listen(async () => {}), changed.listen(async () => {})],
          }),
        ]),
      'Plugin registry: "campaigns" listens to "groups.changed" twice'
    )
  })

  test('a point declared by another plugin than its owner, twice, or a lookup with two owners stops startup', ({
    assert,
  }) => {
    assert.throws(
      () => PluginRegistry.create([definePlugin({ id: 'campaigns', name: 'c', extensionPoints: [usage] })]),
      'Plugin registry: "campaigns" declares extension point "groups.usage" owned by "groups"'
    )
    assert.throws(
      () =>
        PluginRegistry.create([
          groups,
          definePlugin({ id: 'groups2', name: 'g', extensionPoints: [] }),
          { ...groups, id: 'x' },
        ]),
      'Plugin registry: "x" declares extension point "groups.usage" owned by "groups"'
    )
    assert.throws(
      () =>
        PluginRegistry.create([
          definePlugin({ id: 'a', name: 'a', lookups: { things: async () => [] } }),
          definePlugin({ id: 'b', name: 'b', lookups: { things: async () => [] } }),
        ]),
      'Plugin registry: lookup "things" is provided by both "a" and "b"'
    )
  })

  test('import types once per plugin, cron entries on its own jobs with a five-field schedule, or startup stops', ({
    assert,
  }) => {
    const importType = (type: string) => ({ type }) as any
    const job = async () => {}
    assert.throws(
      () =>
        PluginRegistry.create([
          definePlugin({ id: 'players', name: 'p', imports: [importType('customers'), importType('customers')] }),
        ]),
      'Plugin registry: "players" declares import type "customers" twice'
    )
    assert.throws(
      () =>
        PluginRegistry.create([
          definePlugin({
            id: 'cleaner',
            name: 'c',
            jobs: { sweep: job },
            cron: [{ job: 'swep', schedule: '0 3 * * *' }],
          }),
        ]),
      'Plugin registry: "cleaner" schedules job "swep", which is not one of its jobs'
    )
    assert.throws(
      () =>
        PluginRegistry.create([
          definePlugin({
            id: 'cleaner',
            name: 'c',
            jobs: { sweep: job },
            cron: [{ job: 'sweep', schedule: '0 3 * *' }],
          }),
        ]),
      'Plugin registry: "cleaner" schedules "sweep" at "0 3 * *": a schedule has five fields (minute hour day month weekday)'
    )
    // The same type in two plugins is fine: imports are found by plugin and type.
    const registry = PluginRegistry.create([
      definePlugin({ id: 'a', name: 'a', imports: [importType('rows')] }),
      definePlugin({
        id: 'b',
        name: 'b',
        imports: [importType('rows')],
        jobs: { sweep: job },
        cron: [{ job: 'sweep', schedule: '*/5 * * * *' }],
      }),
    ])
    assert.lengthOf(registry.ordered, 2)
  })
})
