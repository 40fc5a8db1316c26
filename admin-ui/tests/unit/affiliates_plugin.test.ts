/* The affiliates admin module as the shell sees it: resources and their ability subject, routes, menu, messages. */
import { describe, expect, it } from 'vitest'
import affiliatesAdmin from '../../../plugins/affiliates/admin'
import { canAccessResource } from '../../src/auth_provider'
import { collectRoutePaths } from '../../src/layout/menu_registry'
import { sidebarGroups } from '../../src/layout/sidebar_items'
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
      ['manage/affiliate', '/api/v1/affiliates/affiliates'],
      ['manage/affiliate-group', '/api/v1/affiliates/groups'],
      ['manage/referred-affiliates', '/api/v1/affiliates/affiliates/referrals'],
    ])
    const admin = { abilities: [{ subject: 'affiliates', action: 'manage' }] }
    expect(canAccessResource(admin, 'manage/affiliate-group', 'edit')).toBe(true)
    expect(
      canAccessResource({ abilities: [{ subject: 'affiliates', action: 'read' }] }, 'manage/affiliate-group', 'edit')
    ).toBe(false)
    expect(
      canAccessResource({ abilities: [{ subject: 'brands', action: 'manage' }] }, 'manage/affiliate-group', 'list')
    ).toBe(false)
    expect(canAccessResource(admin, 'manage/affiliate', 'edit')).toBe(true)
    expect(
      canAccessResource({ abilities: [{ subject: 'affiliates', action: 'read' }] }, 'manage/affiliate', 'edit')
    ).toBe(false)

    const groups = sidebarGroups(
      [],
      affiliatesAdmin.resources.map((resource) => ({
        name: resource.name,
        menuGroup: resource.menuGroup,
        menuOrder: resource.menuOrder,
        hasList: true,
      })),
      { account: accountOf('admin', [{ subject: 'affiliates', action: 'manage' }]), coid: null }
    )
    // The resource's name is its spec path (§2); referrals need their own ability.
    expect(groups.flatMap(({ entries }) => entries.map((entry) => entry.path))).toEqual([
      '/manage/affiliate',
      '/manage/affiliate-group',
    ])
  })

  it('serves the import screen beside its resources', () => {
    expect(collectRoutePaths(affiliatesAdmin.routes ?? [])).toEqual(['/manage/affiliate/import'])
  })

  it('shows Referred affiliates to the network and to affiliates holding the ability only', () => {
    const resources = affiliatesAdmin.resources.map((resource) => ({
      name: resource.name,
      menuGroup: resource.menuGroup,
      menuOrder: resource.menuOrder,
      hasList: true,
    }))
    const paths = (account: Account) =>
      sidebarGroups([], resources, { account, coid: null }).flatMap(({ entries }) => entries.map((entry) => entry.path))
    const referred = { subject: 'affiliates.referred', action: 'read' }
    expect(paths(accountOf('affiliate', [referred]))).toEqual(['/manage/referred-affiliates'])
    expect(paths(accountOf('admin', [{ subject: 'affiliates', action: 'manage' }, referred]))).toEqual([
      '/manage/affiliate',
      '/manage/affiliate-group',
      '/manage/referred-affiliates',
    ])
    // dra_aff: the server withholds the ability from affiliates.
    expect(paths(accountOf('affiliate', []))).toEqual([])
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
