/*
 * Every installed plugin's screens live at the product's own routes (spec §2): a resource's
 * name is its path, under the sidebar group it is listed in (manage/…, engagements/…,
 * configuration/…), guarded by an ability subject of its own.
 */
import { describe, expect, it } from 'vitest'
import { SECTIONS } from '../../src/layout/sections'
import { MENU_GROUPS } from '../../src/plugin_api'
import { installedPlugins } from '../../src/plugins'

const resources = installedPlugins.flatMap((plugin) => plugin.resources.map((resource) => ({ plugin, resource })))

describe('plugin paths', () => {
  it('names every resource after its route, under its sidebar group (a tab under its section’s page)', () => {
    for (const { plugin, resource } of resources) {
      const inSection = resource.section ? resource.name.slice(resource.section.length + 1) : resource.name
      if (resource.section) {
        expect(SECTIONS, `${plugin.id}: ${resource.name}`).toHaveProperty([resource.section])
        expect(resource.name.startsWith(`${resource.section}/`), `${plugin.id}: ${resource.name}`).toBe(true)
      }
      const [group, screen, ...rest] = resource.section
        ? [resource.section.split('/')[0], inSection]
        : resource.name.split('/')
      expect(rest, `${plugin.id}: ${resource.name}`).toEqual([])
      expect(MENU_GROUPS, `${plugin.id}: ${resource.name}`).toContain(group)
      expect(resource.menuGroup, `${plugin.id}: ${resource.name}`).toBe(group)
      expect(screen, `${plugin.id}: ${resource.name}`).toMatch(/^[a-z]+(-[a-z]+)*$/)
      expect(resource.subject, `${plugin.id}: ${resource.name} needs its ability subject`).toBeTruthy()
    }
  })

  it('gives the spec’s paths to the screens of the built plugins', () => {
    expect(resources.map(({ resource }) => `/${resource.name}`).sort()).toEqual(
      [
        '/manage/brand',
        '/manage/product',
        '/manage/campaign',
        '/manage/affiliate',
        '/manage/affiliate-group',
        '/manage/referred-affiliates',
        '/manage/media',
        '/manage/promo-code',
        '/manage/deep-links',
        '/engagements/click',
        '/engagements/payout',
        '/engagements/customer',
        '/engagements/activity',
        '/engagements/conversion',
        '/configuration/tracking/domains',
        '/configuration/tracking/fraud-rules',
        '/configuration/operator-postback',
        '/configuration/fx-rates',
        '/manage/postback',
        '/manage/postback-log',
        '/manage/postback-dead-letters',
        '/manage/pbrules',
        '/configuration/webhook-configs',
        '/configuration/webhook-logs',
        '/configuration/webhook-dead-letters',
      ].sort()
    )
  })

  it('puts domains and fraud rules on the Tracking page, their former paths kept as redirects', () => {
    const tabs = resources.filter(({ resource }) => resource.section === 'configuration/tracking')
    expect(tabs.map(({ resource }) => [resource.name, resource.formerNames])).toEqual([
      ['configuration/tracking/fraud-rules', ['configuration/fraud-rules']],
      ['configuration/tracking/domains', ['configuration/domains']],
    ])
    const former = resources.flatMap(({ resource }) => resource.formerNames ?? [])
    const names = new Set(resources.map(({ resource }) => resource.name))
    for (const name of former) expect(names.has(name), name).toBe(false)
  })

  it('never lets two plugins claim one path', () => {
    const names = resources.map(({ resource }) => resource.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('puts the custom screens of plugins under their sidebar group, beside their routes', () => {
    const items = installedPlugins.flatMap((plugin) => plugin.menuItems ?? [])
    const routed = new Set(
      installedPlugins.flatMap((plugin) => (plugin.routes ?? []).map((route) => (route.props as { path: string }).path))
    )
    // Spec §2 gives the superadmin panel a tree of its own (/superadmin/home, /superadmin/accounts).
    const ownTrees = new Set(['superadmin'])
    for (const item of items) {
      const top = item.path.split('/')[1]
      if (!ownTrees.has(top)) expect(top, item.path).toBe(item.group)
      expect(routed, `${item.path} has no route`).toContain(item.path)
    }
    expect(items.map((item) => item.path)).toEqual(
      expect.arrayContaining(['/engagements/payout-summary', '/engagements/payout-periods', '/engagements/carryover'])
    )
    const paths = [...resources.map(({ resource }) => `/${resource.name}`), ...items.map((item) => item.path)]
    expect(new Set(paths).size).toBe(paths.length)
  })
})
