/*
 * The sidebar's entries for custom routes and the metadata of every route (page title,
 * ability needed). Core screens register theirs from src/screens (registerMenuItem /
 * registerRouteMeta at module load); plugins declare `menuItems` / `routeMeta` in their
 * AdminPlugin and the shell registers them. Resources are not registered here: they
 * come from react-admin's resource definitions (`menuGroup`).
 *
 * Spec §6: access to a route is checked on its path without parameters — a route's
 * subject is looked up by matching its pattern, and the parameters play no part.
 */
import type { MenuGroup, MenuItemDefinition, RouteMeta } from '../plugin_api'

const menuItems = new Map<string, MenuItemDefinition>()
const routeMetas = new Map<string, RouteMeta>()

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

/** Adds a sidebar entry (a later registration of the same path replaces the earlier one). */
export function registerMenuItem(item: MenuItemDefinition) {
  const path = normalize(item.path)
  menuItems.set(path, { ...item, path, group: item.group.toLowerCase() as MenuGroup })
  routeMetas.set(path, {
    path,
    title: item.title ?? item.label,
    subject: item.subject,
    action: item.action,
    plugin: item.plugin,
  })
}

export function registerMenuItems(items: MenuItemDefinition[] = []) {
  for (const item of items) registerMenuItem(item)
}

/** Title and ability of a route that is not a menu item (e.g. `/account/team-member/:memberId`). */
export function registerRouteMeta(meta: RouteMeta) {
  const path = normalize(meta.path)
  routeMetas.set(path, { ...meta, path })
}

export function registerRouteMetas(metas: RouteMeta[] = []) {
  for (const meta of metas) registerRouteMeta(meta)
}

export function registeredMenuItems(): MenuItemDefinition[] {
  return [...menuItems.values()]
}

/** For tests: forget every registration. */
export function resetMenuRegistry() {
  menuItems.clear()
  routeMetas.clear()
  routePaths.clear()
}

/** A route pattern as a regular expression: `:param` is one segment, `*` the rest. */
function patternToRegExp(pattern: string): RegExp {
  const source = normalize(pattern)
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*'
      if (segment.startsWith(':')) return segment.endsWith('?') ? '[^/]*' : '[^/]+'
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return new RegExp(`^${source}/?$`)
}

/** The route pattern without its parameters: `/manage/campaign/:campaignId` → `/manage/campaign`. */
export function pathWithoutParameters(pattern: string): string {
  const kept = normalize(pattern)
    .split('/')
    .filter((segment) => !segment.startsWith(':') && segment !== '*')
  return kept.join('/') || '/'
}

export function matchesRoute(pattern: string, pathname: string): boolean {
  return patternToRegExp(pattern).test(normalize(pathname))
}

/**
 * The metadata of the route showing `pathname`: an exact pattern match first (the most
 * specific, i.e. with the fewest parameters); otherwise the entry of its parameter-free
 * base path (so `/manage/campaign/12` falls back to `/manage/campaign`'s subject).
 */
export function routeMetaFor(pathname: string, metas: RouteMeta[] = [...routeMetas.values()]): RouteMeta | undefined {
  const matching = metas
    .filter((meta) => matchesRoute(meta.path, pathname))
    .sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0))
  if (matching.length) {
    const [best] = matching
    if (best.subject) return best
    // A title-only entry takes the subject of its base path.
    const base = metas.find((meta) => meta.path === pathWithoutParameters(best.path) && meta.subject)
    return base ? { ...best, subject: base.subject, action: base.action } : best
  }
  const segments = normalize(pathname).split('/')
  for (let length = segments.length - 1; length > 1; length--) {
    const base = metas.find((meta) => meta.path === segments.slice(0, length).join('/'))
    if (base) return base
  }
  return undefined
}

const routePaths = new Set<string>()

/** The paths of route elements (<Route path>), nested routes joined to their parent's. */
export function collectRoutePaths(elements: ReadonlyArray<unknown>, parent = ''): string[] {
  const paths: string[] = []
  for (const element of elements) {
    const props = (element as { props?: { path?: string; children?: unknown } } | null)?.props
    if (!props) continue
    const own = props.path ? (props.path.startsWith('/') ? props.path : `${parent}/${props.path}`) : parent
    if (props.path) paths.push(normalize(own.replace(/\/{2,}/g, '/')))
    const children = Array.isArray(props.children) ? props.children : props.children ? [props.children] : []
    paths.push(...collectRoutePaths(children, own))
  }
  return paths
}

/** Routes the app really has (custom routes of the screens and plugins, the frame's own). */
export function registerRoutePaths(paths: string[]) {
  for (const path of paths) routePaths.add(normalize(path))
}

/** Whether some route shows `pathname` (a link to it is not a dead link). */
export function hasRoute(pathname: string, paths: Iterable<string> = routePaths): boolean {
  const target = normalize(pathname.split('?')[0])
  for (const pattern of paths) if (matchesRoute(pattern, target)) return true
  return false
}

export function registeredRoutePaths(): string[] {
  return [...routePaths]
}
