/* The affiliates admin module as the shell sees it: resources and their ability subject, routes, menu, messages. */
import { describe, expect, it } from 'vitest'
import affiliatesAdmin from '../../../plugins/affiliates/admin'
import { canAccessResource } from '../../src/auth_provider'
import { collectRoutePaths } from '../../src/layout/menu_registry'
import { isMenuItemVisible, sidebarGroups } from '../../src/layout/sidebar_items'
import { getPaymentInfoPanel } from '../../src/screens/account/tabs'
import type { Account } from '../../src/session'
import '../../src/plugins'

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]
  )
}

const accountOf = (role: string, abilities: Array<{ subject: string; action: string }>): Account => ({
  user: { id: 1, email: `${role}@demo.affix.dev`, name: role, role, status: 'active', locale: null },
  org: { id: 1, name: 'Demo Casino Network', type: 'parent' },
  su: false,
  preference: {},
  abilities,
  plugins: [{ id: 'affiliates', name: 'Affiliates', enabled: true }],
})

describe('affiliates admin module', () => {
  it('declares affiliates and affiliate groups; groups are guarded by the affiliates ability', () => {
    expect(affiliatesAdmin.resources.map(({ name, apiPath }) => [name, apiPath])).toEqual([
      ['affiliates', '/api/v1/affiliates/affiliates'],
      ['affiliate-groups', '/api/v1/affiliates/groups'],
    ])
    const admin = { abilities: [{ subject: 'affiliates', action: 'manage' }] }
    expect(canAccessResource(admin, 'affiliate-groups', 'edit')).toBe(true)
    expect(canAccessResource({ abilities: [{ subject: 'affiliates', action: 'read' }] }, 'affiliate-groups', 'edit')).toBe(false)
    expect(canAccessResource({ abilities: [{ subject: 'brands', action: 'manage' }] }, 'affiliate-groups', 'list')).toBe(false)
    // Other resources keep their own name as subject.
    expect(canAccessResource({ abilities: [{ subject: 'brands', action: 'read' }] }, 'brands', 'list')).toBe(true)

    const groups = sidebarGroups(
      [],
      affiliatesAdmin.resources.map((resource) => ({ name: resource.name, menuGroup: resource.menuGroup, hasList: true })),
      { account: accountOf('admin', [{ subject: 'affiliates', action: 'manage' }]), coid: null }
    )
    expect(groups.flatMap(({ entries }) => entries.map((entry) => entry.path))).toEqual(['/affiliates', '/affiliate-groups'])
  })

  it('serves the spec paths and the import screen', () => {
    expect(collectRoutePaths(affiliatesAdmin.routes ?? [])).toEqual([
      '/manage/affiliate',
      '/manage/affiliate/import',
      '/manage/affiliate/:id',
      '/manage/referred-affiliates',
    ])
  })

  it('shows Referred affiliates to affiliates holding the ability only', () => {
    const [item] = affiliatesAdmin.menuItems ?? []
    expect(item.path).toBe('/manage/referred-affiliates')
    const referred = [{ subject: 'affiliates.referred', action: 'read' }]
    expect(isMenuItemVisible(item, { account: accountOf('affiliate', referred), coid: null })).toBe(true)
    // dra_aff: the server withholds the ability.
    expect(isMenuItemVisible(item, { account: accountOf('affiliate', []), coid: null })).toBe(false)
    expect(isMenuItemVisible(item, { account: accountOf('admin', referred), coid: null })).toBe(false)
  })

  it('provides the account’s Payment info panel', () => {
    expect(getPaymentInfoPanel()).toBeTypeOf('function')
  })

  it('has every English message in Portuguese and Turkish, and nothing else', () => {
    const english = keysOf(affiliatesAdmin.messages.en).sort()
    expect(keysOf(affiliatesAdmin.messages.pt).sort()).toEqual(english)
    expect(keysOf(affiliatesAdmin.messages.tr).sort()).toEqual(english)
    expect(english).toContain('affiliates.validation.note_required')
  })
})
