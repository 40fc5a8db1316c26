/*
 * What the sidebar shows (spec §2 "Sidebar"), as pure functions of the account so that
 * the rules are tested without rendering: items filtered by read ability, plugin items
 * only when the plugin is enabled (marketplace and deals included), billing hidden for
 * child organisations, team members and billing hidden for sub-admins who are not
 * owners (their abilities lack them), the API docs link by creation date / feature nd.
 */
import type { ComponentType } from 'react'
import type { ResourceDefinition } from 'react-admin'
import { effectiveAbilities, hasAbility } from '../auth_provider'
import { MENU_GROUPS, type MenuGroup, type MenuItemDefinition } from '../plugin_api'
import { DASHBOARD_PATH, type Account } from '../session'
import { hasRoute, routeMetaFor } from './menu_registry'
import { subjectOfResource } from '../resource_registry'
import { isSectionName, SECTIONS, sectionTabs, type SectionName } from './sections'

export interface SidebarEntry {
  key: string
  path: string
  label: string
  icon?: ComponentType
  group: MenuGroup
  order: number
  /** react-admin resource name, for resource entries (label from the resource definition). */
  resource?: string
  /** i18n key: what the screen lets one do (see MenuItemDefinition.description). */
  description?: string
}

export interface SidebarContext {
  account: Account | null
  coid: number | null
}

/** A react-admin resource as the sidebar sees it. */
export interface ResourceEntry {
  name: string
  menuGroup?: string
  menuOrder?: number
  description?: string
  icon?: ComponentType
  hasList: boolean
  /** The tabbed page the resource is a tab of (layout/sections.ts): the sidebar lists the page instead. */
  section?: string
}

const DEFAULT_ORDER = 100

const enabledPlugins = (account: Account | null) =>
  new Set((account?.plugins ?? []).filter((plugin) => plugin.enabled).map((plugin) => plugin.id))

export function isMenuItemVisible(item: MenuItemDefinition, { account, coid }: SidebarContext): boolean {
  if (!account) return false
  if (item.plugin && !enabledPlugins(account).has(item.plugin)) return false
  if (!hasAbility(effectiveAbilities(account, coid), item.subject, item.action ?? 'read')) return false
  return item.visible ? item.visible(account) : true
}

/** The frame's own entries: the dashboard (not for superadmins: their home is elsewhere) and the onboarding landing. */
export function coreMenuItems(account: Account | null): MenuItemDefinition[] {
  if (!account || account.su) return []
  const items: MenuItemDefinition[] = [
    { path: DASHBOARD_PATH, label: 'affix.layout.menu.dashboard', group: 'home', subject: 'dashboard', order: 0 },
  ]
  if (account.onboardingPending)
    items.push({ path: '/home', label: 'affix.layout.menu.get_started', group: 'home', subject: 'dashboard', order: 1 })
  return items
}

const asGroup = (group: string | undefined): MenuGroup => {
  const lower = (group ?? 'manage').toLowerCase()
  return (MENU_GROUPS as readonly string[]).includes(lower) ? (lower as MenuGroup) : 'manage'
}

/** One entry per section (a page of tabs) that has a readable tab, at the section's own path. */
function sectionEntries(readable: ResourceEntry[]): SidebarEntry[] {
  return (Object.keys(SECTIONS) as SectionName[]).flatMap((section) => {
    const tabs = sectionTabs(section, readable)
    if (!tabs.length) return []
    const { label, icon, order } = SECTIONS[section]
    // What the page lets one do: what its first tab that says so lets one do (homes list it).
    const description = tabs.find((tab) => tab.description)?.description
    const group = asGroup(section.split('/')[0])
    return [{ key: `section:${section}`, path: `/${section}`, label, icon, group, order, description }]
  })
}

/** react-admin's resource definitions as the sidebar reads them (their `options` carry the AdminResource's place). */
export function resourceEntries(definitions: Record<string, ResourceDefinition>): ResourceEntry[] {
  return Object.values(definitions).map((resource) => ({
    name: resource.name,
    menuGroup: resource.options?.menuGroup as string | undefined,
    menuOrder: resource.options?.menuOrder as number | undefined,
    description: resource.options?.description as string | undefined,
    icon: resource.icon as ComponentType | undefined,
    hasList: resource.hasList ?? false,
    section: resource.options?.section as string | undefined,
  }))
}

/** The sidebar groups, in spec order, each with its visible entries; empty groups are left out. */
export function sidebarGroups(
  items: MenuItemDefinition[],
  resources: ResourceEntry[],
  context: SidebarContext
): Array<{ group: MenuGroup; entries: SidebarEntry[] }> {
  const abilities = effectiveAbilities(context.account, context.coid)
  const readable = resources.filter(
    (resource) => resource.hasList && hasAbility(abilities, subjectOfResource(resource.name), 'read')
  )
  const entries: SidebarEntry[] = [
    ...items
      .filter((item) => isMenuItemVisible(item, context))
      .map((item) => ({
        key: `path:${item.path}`,
        path: item.path,
        label: item.label,
        icon: item.icon,
        group: asGroup(item.group),
        order: item.order ?? DEFAULT_ORDER,
        description: item.description,
      })),
    ...sectionEntries(readable),
    ...readable
      .filter((resource) => !isSectionName(resource.section))
      .map((resource) => ({
        key: `resource:${resource.name}`,
        path: `/${resource.name}`,
        label: resource.name,
        icon: resource.icon,
        group: asGroup(resource.menuGroup),
        order: resource.menuOrder ?? DEFAULT_ORDER,
        resource: resource.name,
        description: resource.description,
      })),
  ]
  return MENU_GROUPS.map((group) => ({
    group,
    entries: entries.filter((entry) => entry.group === group).sort((a, b) => a.order - b.order),
  })).filter(({ entries }) => entries.length > 0)
}

/** Organisations created after this day (or with feature nd) use the new API reference. */
export const NEW_API_DOCS_SINCE = Date.parse('2024-06-15T00:00:00Z')
export const API_DOCS_URL = '/api/docs'
/** Older organisations integrated against the raw OpenAPI document; they keep that link. */
export const LEGACY_API_DOCS_URL = '/api/openapi.json'

export function apiDocsUrl(account: Account | null): string {
  const org = account?.org
  if (!org || org.features?.nd) return API_DOCS_URL
  const created = org.createdAt ? Date.parse(org.createdAt) : NaN
  // Unknown creation date: treat as new (the current reference is always served).
  return Number.isNaN(created) || created >= NEW_API_DOCS_SINCE ? API_DOCS_URL : LEGACY_API_DOCS_URL
}

/** Whether the organisation is a child one, or a parent admin is acting on a child (coid). */
export function actsAsChild({ account, coid }: SidebarContext): boolean {
  if (!account) return false
  return account.org.type === 'child' || Boolean(coid && coid !== account.org.id)
}

export type FooterItemKey =
  'profile' | 'billing' | 'team_members' | 'logout' | 'uploads' | 'downloads' | 'settings' | 'api_docs' | 'help_support'

export interface FooterItem {
  key: FooterItemKey
  label: string
  /** In-app path, or an absolute URL opened in a new tab (API docs). */
  to?: string
  external?: boolean
}

export interface FooterMenu {
  user: FooterItem[]
  uploads?: FooterItem
  downloads?: FooterItem
  help: FooterItem[]
}

/**
 * The footer menu: User (Profile, Billing, Team Members, Logout), Uploads, Downloads, Help
 * (Settings, API Docs, Help & Support). An in-app link shows only when the app has that
 * route and the route's ability (route metadata, else `fallbackSubject`) is held.
 */
export function footerMenu(context: SidebarContext, routes?: Iterable<string>): FooterMenu {
  const { account, coid } = context
  const abilities = effectiveAbilities(account, coid)
  const allowed = (path: string, fallbackSubject?: string) => {
    const bare = path.split('?')[0]
    if (!account || !hasRoute(bare, routes)) return false
    const meta = routeMetaFor(bare)
    const subject = meta?.subject ?? fallbackSubject
    return subject ? hasAbility(abilities, subject, meta?.subject ? (meta.action ?? 'read') : 'read') : true
  }
  const link = (key: FooterItemKey, to: string): FooterItem => ({ key, label: `affix.layout.footer.${key}`, to })

  const user: FooterItem[] = []
  if (allowed('/account', 'account')) user.push(link('profile', '/account?tab=editProfile'))
  if (!actsAsChild(context) && hasAbility(abilities, 'billing') && allowed('/manage/billing', 'billing'))
    user.push(link('billing', '/manage/billing'))
  if (hasAbility(abilities, 'team_members') && allowed('/account', 'account'))
    user.push(link('team_members', '/account?tab=teamMembers'))
  user.push({ key: 'logout', label: 'affix.layout.footer.logout' })

  const help: FooterItem[] = []
  if (hasAbility(abilities, 'settings') && allowed('/settings', 'settings')) help.push(link('settings', '/settings'))
  if (hasAbility(abilities, 'help')) {
    help.push({ key: 'api_docs', label: 'affix.layout.footer.api_docs', to: apiDocsUrl(account), external: true })
    help.push({ key: 'help_support', label: 'affix.layout.footer.help_support' })
  }

  return {
    user,
    uploads: allowed('/uploads', 'imports') ? link('uploads', '/uploads') : undefined,
    downloads: allowed('/downloads') ? link('downloads', '/downloads') : undefined,
    help,
  }
}
