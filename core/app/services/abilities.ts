import type Organization from '#models/organization'
import type User from '#models/user'
import { abilitiesFor, validateCatalogue, type Ability, type PermissionDefinition } from '#kernel/permissions'
import { installedPlugins } from '#kernel/installed_plugins'
import { CORE_PERMISSIONS } from '#services/core_permissions'
import { normalizeDisabledReports, withoutDisabledReports } from '#kernel/report_switches'
import type { OperationRecord, RouteScope } from '#kernel/openapi'

let catalogue: Array<PermissionDefinition & { plugin?: string }> | undefined

/** Core's and every installed plugin's permissions, validated once (AffixProvider.boot calls it). */
export function permissionCatalogue(): Array<PermissionDefinition & { plugin?: string }> {
  if (!catalogue) {
    const full = [...CORE_PERMISSIONS, ...installedPlugins().permissions()]
    // A mistake in a manifest's grants stops the process at boot, like a broken plugin graph.
    validateCatalogue(full)
    catalogue = full
  }
  return catalogue
}

/** The abilities of a user in their organisation: role grants, enabled plugins, feature flags. */
export function abilitiesOf(
  user: User,
  org: Organization,
  enabled: ReadonlySet<string>,
  options: { actingOnChild?: boolean } = {}
): Ability[] {
  const granted = permissionCatalogue().filter((permission) => !permission.plugin || enabled.has(permission.plugin))
  // Spec §6: a report the admin switched off is gone for every role, admin included.
  const abilities = withoutDisabledReports(
    abilitiesFor(granted, { role: user.role, features: org.features ?? {} }),
    normalizeDisabledReports(org.disabledReports)
  )
  // Spec §6: team members are hidden for sub-admins who are not owners; an owner manages them
  // (while the team-members plugin, which defines the subject, is enabled).
  if (user.role === 'sub-admin' && user.owner && granted.some((permission) => permission.subject === 'team_members')) {
    for (const action of ['read', 'manage']) {
      if (!abilities.some((ability) => ability.subject === 'team_members' && ability.action === action))
        abilities.push({ subject: 'team_members', action })
    }
  }
  // Spec §6: an admin is limited in a child organisation; the child's own admins keep
  // its billing, team, settings, configuration and plugin switches.
  if (options.actingOnChild) {
    return abilities.filter(
      ({ subject, action }) => !CHILD_EXCLUDED.has(subject) && !(subject === 'plugins' && action === 'manage')
    )
  }
  return abilities
}

const CHILD_EXCLUDED = new Set(['billing', 'team_members', 'settings', 'configuration'])

/** Every subject of the catalogue (API key scopes must name one). */
export function knownSubjects(): Set<string> {
  return new Set(permissionCatalogue().map((permission) => permission.subject))
}

export const abilityKey = (subject: string, action: string) => `${subject}:${action}`

/** OpenAPI tags of core's own routers: their routes derive scopes from core's subjects. */
const CORE_TAGS = new Set(['core', 'auth'])

/**
 * What an API key or OAuth token needs to make a call (RouteSpec.scope): the declared
 * scope, or one derived from the route's first path segment when it names a subject of
 * the router's owner (core or the plugin) — `products` or `team-members` → `team_members`;
 * GET reads, any other method writes. `null`: panel sessions only (public routes have no
 * caller to scope). A declared scope naming no subject is a programming error.
 */
export function routeScope(op: OperationRecord): RouteScope | null {
  if (op.public || op.scope === false) return null
  if (op.scope === 'any') return op.scope
  if (op.scope) {
    const subject = op.scope.slice(0, op.scope.lastIndexOf(':'))
    if (!knownSubjects().has(subject))
      throw new Error(`Route ${op.operationId} declares scope "${op.scope}" of an unknown subject`)
    return op.scope
  }
  if (!op.resource) return null
  const owned = permissionCatalogue()
    .filter((permission) => (CORE_TAGS.has(op.tag) ? !permission.plugin : permission.plugin === op.tag))
    .map((permission) => permission.subject)
  const subject = [op.resource, op.resource.replace(/-/g, '_')].find((name) => owned.includes(name))
  if (!subject) return null
  return `${subject}:${op.method === 'get' ? 'read' : 'write'}`
}
