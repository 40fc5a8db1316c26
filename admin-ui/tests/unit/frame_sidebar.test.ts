import { beforeEach, describe, expect, it } from 'vitest'
import {
  collectRoutePaths,
  hasRoute,
  pathWithoutParameters,
  registerMenuItems,
  registerRouteMeta,
  registerRoutePaths,
  resetMenuRegistry,
  routeMetaFor,
} from '../../src/layout/menu_registry'
import { guardRedirect } from '../../src/layout/RouteGuard'
import {
  apiDocsUrl,
  coreMenuItems,
  footerMenu,
  LEGACY_API_DOCS_URL,
  sidebarGroups,
  type ResourceEntry,
} from '../../src/layout/sidebar_items'
import type { MenuItemDefinition } from '../../src/plugin_api'
import { installedPlugins } from '../../src/plugins'
import type { Account } from '../../src/session'

const ability = (subject: string, action = 'read') => ({ subject, action })

function accountOf(
  role: string,
  abilities: Array<{ subject: string; action: string }>,
  extra: Partial<Account> = {}
): Account {
  return {
    user: { id: 1, email: `${role}@demo.affix.dev`, name: role, role, status: 'active', locale: null },
    org: { id: 1, name: 'Demo Casino Network', type: 'parent', createdAt: '2025-01-01T00:00:00Z' },
    su: false,
    preference: {},
    abilities,
    plugins: [
      { id: 'brands', name: 'Brands', enabled: true },
      { id: 'marketplace', name: 'Marketplace', enabled: false },
    ],
    ...extra,
  }
}

const ADMIN_ABILITIES = [
  'dashboard',
  'account',
  'organization',
  'team_members',
  'billing',
  'settings',
  'configuration',
  'help',
  'plugins',
  'imports',
  'api_keys',
  'brands',
  'products',
].flatMap((subject) => [ability(subject), ability(subject, 'manage')])
/** Spec §6: a sub-admin is an admin minus configuration, billing, team members, settings and help. */
const SUB_ADMIN_ABILITIES = ADMIN_ABILITIES.filter(
  ({ subject }) => !['configuration', 'billing', 'team_members', 'settings', 'help'].includes(subject)
)

const ITEMS: MenuItemDefinition[] = [
  { path: '/manage/organization', label: 'Organisation', group: 'manage', subject: 'organization' },
  { path: '/configuration/api', label: 'API', group: 'configuration', subject: 'api_keys' },
  { path: '/configuration/integrations', label: 'Integrations', group: 'configuration', subject: 'plugins', order: 1 },
  {
    path: '/manage/marketplace',
    label: 'Marketplace',
    group: 'manage',
    subject: 'organization',
    plugin: 'marketplace',
  },
  {
    path: '/manage/deep-links',
    label: 'Deep links',
    group: 'manage',
    subject: 'organization',
    visible: (account) => Boolean(account.org.features?.edl),
  },
  { path: '/superadmin/accounts', label: 'Accounts', group: 'manage', subject: 'accounts' },
]
const RESOURCES: ResourceEntry[] = [
  { name: 'brands', menuGroup: 'Manage', hasList: true },
  { name: 'products', menuGroup: 'Manage', hasList: true },
]
const ROUTES = [
  '/insights/dashboard',
  '/home',
  '/account',
  '/account/team-member/:memberId',
  '/settings',
  '/uploads',
  '/manage/organization',
  '/configuration/api',
]

const labels = (groups: ReturnType<typeof sidebarGroups>) =>
  Object.fromEntries(groups.map(({ group, entries }) => [group, entries.map((entry) => entry.label)]))

describe('sidebar groups', () => {
  it('lists the entries the abilities allow, in spec group order; plugin items only when enabled', () => {
    const admin = accountOf('admin', ADMIN_ABILITIES)
    expect(
      labels(sidebarGroups([...coreMenuItems(admin), ...ITEMS], RESOURCES, { account: admin, coid: null }))
    ).toEqual({
      home: ['affix.layout.menu.dashboard'],
      manage: ['Organisation', 'brands', 'products'],
      configuration: ['Integrations', 'API'],
    })
  })

  it('shows feature-flag and enabled-plugin items (marketplace, deep links) only when on', () => {
    const admin = accountOf('admin', ADMIN_ABILITIES, {
      org: { id: 1, name: 'Demo', type: 'parent', features: { edl: true } },
      plugins: [{ id: 'marketplace', name: 'Marketplace', enabled: true }],
    })
    expect(labels(sidebarGroups(ITEMS, [], { account: admin, coid: null })).manage).toEqual([
      'Organisation',
      'Marketplace',
      'Deep links',
    ])
  })

  it('hides what a sub-admin or affiliate cannot read, and configuration while acting on a child', () => {
    const subAdmin = accountOf('sub-admin', SUB_ADMIN_ABILITIES)
    expect(labels(sidebarGroups(ITEMS, RESOURCES, { account: subAdmin, coid: null }))).toEqual({
      manage: ['Organisation', 'brands', 'products'],
      configuration: ['Integrations', 'API'],
    })
    const affiliate = accountOf('affiliate', [ability('dashboard'), ability('api_keys', 'manage')])
    expect(
      labels(sidebarGroups([...coreMenuItems(affiliate), ...ITEMS], RESOURCES, { account: affiliate, coid: null }))
    ).toEqual({
      home: ['affix.layout.menu.dashboard'],
      configuration: ['API'],
    })
    const admin = accountOf('admin', [...ADMIN_ABILITIES, ability('configuration')])
    const onChild = sidebarGroups(
      [
        ...ITEMS,
        { path: '/configuration/tracking', label: 'Tracking', group: 'configuration', subject: 'configuration' },
      ],
      [],
      { account: admin, coid: 7 }
    )
    expect(labels(onChild).configuration).toEqual(['Integrations', 'API'])
  })

  it('lists a page of tabs once, before API, when any of its tabs is readable (domains, fraud rules → Tracking)', () => {
    // The installed plugins' resources: their ability subjects (domains, fraud) are registered with them.
    const tabs: ResourceEntry[] = installedPlugins
      .flatMap((plugin) => plugin.resources)
      .filter((resource) => resource.section === 'configuration/tracking')
      .map(({ name, menuGroup, menuOrder, section }) => ({ name, menuGroup, menuOrder, section, hasList: true }))
    expect(tabs.map((tab) => tab.name).sort()).toEqual([
      'configuration/tracking/domains',
      'configuration/tracking/fraud-rules',
    ])
    const admin = accountOf('admin', [...ADMIN_ABILITIES, ability('domains'), ability('fraud')])
    const entries = sidebarGroups(ITEMS, tabs, { account: admin, coid: null }).find(
      ({ group }) => group === 'configuration'
    )!.entries
    expect(entries.map((entry) => [entry.label, entry.path])).toEqual([
      ['Integrations', '/configuration/integrations'],
      ['affix.layout.sections.tracking', '/configuration/tracking'],
      ['API', '/configuration/api'],
    ])
    // An affiliate reads the domains it may use: the page is listed for it too.
    const affiliate = accountOf('affiliate', [ability('api_keys', 'manage'), ability('domains')])
    expect(labels(sidebarGroups(ITEMS, tabs, { account: affiliate, coid: null })).configuration).toEqual([
      'affix.layout.sections.tracking',
      'API',
    ])
    // No readable tab, no entry.
    const subAdmin = accountOf('sub-admin', SUB_ADMIN_ABILITIES)
    expect(labels(sidebarGroups(ITEMS, tabs, { account: subAdmin, coid: null })).configuration).toEqual([
      'Integrations',
      'API',
    ])
  })

  it('gives superadmins no dashboard entry and onboarding-pending organisations their landing', () => {
    expect(coreMenuItems(accountOf('superadmin', [], { su: true }))).toEqual([])
    expect(coreMenuItems(accountOf('admin', [], { onboardingPending: true })).map((item) => item.path)).toEqual([
      '/insights/dashboard',
      '/home',
    ])
  })
})

describe('footer menu', () => {
  beforeEach(() => {
    resetMenuRegistry()
    registerRoutePaths(ROUTES)
    registerRouteMeta({ path: '/uploads', title: 'Uploads', subject: 'imports' })
  })

  const keys = (menu: ReturnType<typeof footerMenu>) => ({
    user: menu.user.map((item) => item.key),
    uploads: Boolean(menu.uploads),
    downloads: Boolean(menu.downloads),
    help: menu.help.map((item) => item.key),
  })

  it('gives an admin profile, team members, logout, uploads and help; billing only with its route', () => {
    const admin = accountOf('admin', ADMIN_ABILITIES)
    expect(keys(footerMenu({ account: admin, coid: null }))).toEqual({
      user: ['profile', 'team_members', 'logout'],
      uploads: true,
      downloads: false,
      help: ['settings', 'api_docs', 'help_support'],
    })
    registerRoutePaths(['/manage/billing', '/downloads'])
    expect(keys(footerMenu({ account: admin, coid: null }))).toMatchObject({
      user: ['profile', 'billing', 'team_members', 'logout'],
      downloads: true,
    })
  })

  it('hides billing for child organisations (own or acted on)', () => {
    registerRoutePaths(['/manage/billing'])
    const child = accountOf('admin', ADMIN_ABILITIES, { org: { id: 5, name: 'Child', type: 'child', parentId: 1 } })
    expect(footerMenu({ account: child, coid: null }).user.map((item) => item.key)).toEqual([
      'profile',
      'team_members',
      'logout',
    ])
    const parent = accountOf('admin', ADMIN_ABILITIES)
    expect(footerMenu({ account: parent, coid: 5 }).user.map((item) => item.key)).toEqual(['profile', 'logout'])
  })

  it('hides team members and billing for a sub-admin who is not an owner, and shows team members to an owner', () => {
    registerRoutePaths(['/manage/billing'])
    const subAdmin = accountOf('sub-admin', SUB_ADMIN_ABILITIES)
    expect(keys(footerMenu({ account: subAdmin, coid: null }))).toMatchObject({ user: ['profile', 'logout'], help: [] })
    // The server adds team_members to an owner's abilities (core/app/services/abilities.ts).
    const owner = accountOf('sub-admin', [
      ...SUB_ADMIN_ABILITIES,
      ability('team_members'),
      ability('team_members', 'manage'),
    ])
    expect(footerMenu({ account: owner, coid: null }).user.map((item) => item.key)).toEqual([
      'profile',
      'team_members',
      'logout',
    ])
  })

  it('links the API docs by creation date (after 2024-06-14) or feature nd', () => {
    const created = (createdAt: string | null, features: Record<string, boolean> = {}) =>
      apiDocsUrl(accountOf('admin', [], { org: { id: 1, name: 'X', type: 'parent', createdAt, features } }))
    expect(created('2024-06-15T00:00:00Z')).toBe('/api/docs')
    expect(created('2024-06-14T23:59:59Z')).toBe(LEGACY_API_DOCS_URL)
    expect(created('2023-01-01T00:00:00Z', { nd: true })).toBe('/api/docs')
    expect(created(null)).toBe('/api/docs')
  })
})

describe('route metadata and redirect rules', () => {
  beforeEach(() => {
    resetMenuRegistry()
    registerMenuItems(ITEMS)
    registerRouteMeta({ path: '/account/team-member/:memberId', title: 'Member', subject: 'team_members' })
    registerRouteMeta({ path: '/manage/campaign/:campaignId', title: 'Campaign' })
    registerRouteMeta({ path: '/manage/campaign', title: 'Campaigns', subject: 'campaigns' })
    registerRouteMeta({ path: '/insights/dashboard', title: 'Dashboard', subject: 'dashboard' })
  })

  it('checks a route on its path without parameters', () => {
    expect(pathWithoutParameters('/manage/campaign/:campaignId')).toBe('/manage/campaign')
    expect(routeMetaFor('/account/team-member/12')).toMatchObject({ subject: 'team_members' })
    expect(routeMetaFor('/manage/campaign/12')).toMatchObject({ title: 'Campaign', subject: 'campaigns' })
    expect(routeMetaFor('/manage/organization/whatever')).toMatchObject({ subject: 'organization' })
    expect(routeMetaFor('/nothing/here')).toBeUndefined()
  })

  it('sends a forbidden route home, a locked panel to billing, and leaves allowed routes alone', () => {
    const subAdmin = accountOf('sub-admin', SUB_ADMIN_ABILITIES)
    expect(guardRedirect(subAdmin, null, '/account/team-member/3')).toBe('/insights/dashboard')
    expect(guardRedirect(subAdmin, null, '/manage/organization')).toBeNull()
    const onboarding = accountOf('affiliate', [ability('dashboard')], { onboardingPending: true })
    expect(guardRedirect(onboarding, null, '/configuration/api')).toBe('/home')
    const locked = accountOf('admin', ADMIN_ABILITIES, { billing: { state: 'active', panelLocked: true } })
    expect(guardRedirect(locked, null, '/manage/organization')).toBe('/manage/billing')
    expect(guardRedirect(locked, null, '/manage/billing')).toBeNull()
    // No billing screen installed (no registered route): an unlocked panel has nothing there.
    expect(guardRedirect(accountOf('admin', ADMIN_ABILITIES), null, '/manage/billing')).toBe('/insights/dashboard')
  })

  it('collects the paths of route elements, nested ones included', () => {
    const route = (path: string, children?: unknown) => ({ props: { path, children } })
    expect(collectRoutePaths([route('/a'), route('/b', [route('c'), route('/d/:id')])])).toEqual([
      '/a',
      '/b',
      '/b/c',
      '/d/:id',
    ])
    expect(hasRoute('/account?tab=teamMembers', ['/account'])).toBe(true)
    expect(hasRoute('/account/team-member/4', ['/account/team-member/:memberId'])).toBe(true)
    expect(hasRoute('/manage/billing', ['/account'])).toBe(false)
  })
})

describe('panel home', () => {
  it("lists an entry's description in the panel's own wording when the plugin gives one", async () => {
    const { entryDescription } = await import('../../src/dashboard/PanelHome')
    const messages: Record<string, string> = {
      'campaigns.home.description': 'Campaigns with their payouts.',
      'campaigns.home.description_affiliate': 'Find campaigns to promote.',
    }
    const translate = (key: string, options?: Record<string, unknown>) => messages[key] ?? String(options?._ ?? key)
    expect(entryDescription({ description: 'campaigns.home.description' }, 'affiliate', translate)).toBe(
      'Find campaigns to promote.'
    )
    expect(entryDescription({ description: 'campaigns.home.description' }, 'brand', translate)).toBe(
      'Campaigns with their payouts.'
    )
    expect(entryDescription({}, 'affiliate', translate)).toBeNull()
  })
})
