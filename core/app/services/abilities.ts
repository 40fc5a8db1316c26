import type Organization from '#models/organization'
import type User from '#models/user'
import { abilitiesFor, validateCatalogue, type Ability, type PermissionDefinition } from '#kernel/permissions'
import { registry } from '#config/plugins'
import { CORE_PERMISSIONS } from '#services/core_permissions'
import { normalizeDisabledReports, withoutDisabledReports } from '#kernel/report_switches'

const FULL_CATALOGUE: Array<PermissionDefinition & { plugin?: string }> = [...CORE_PERMISSIONS, ...registry.permissions()]
// A mistake in a manifest's grants stops the process at boot, like a broken plugin graph.
validateCatalogue(FULL_CATALOGUE)

/** The abilities of a user in their organisation: role grants, enabled plugins, feature flags. */
export function abilitiesOf(
  user: User,
  org: Organization,
  enabled: ReadonlySet<string>,
  options: { actingOnChild?: boolean } = {}
): Ability[] {
  const catalogue = FULL_CATALOGUE.filter((permission) => !permission.plugin || enabled.has(permission.plugin))
  // Spec §6: a report the admin switched off is gone for every role, admin included.
  const abilities = withoutDisabledReports(
    abilitiesFor(catalogue, { role: user.role, features: org.features ?? {} }),
    normalizeDisabledReports(org.disabledReports)
  )
  // Spec §6: team members are hidden for sub-admins who are not owners; an owner manages them.
  if (user.role === 'sub-admin' && user.owner) {
    for (const action of ['read', 'manage']) {
      if (!abilities.some((ability) => ability.subject === 'team_members' && ability.action === action)) abilities.push({ subject: 'team_members', action })
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
  return new Set(FULL_CATALOGUE.map((permission) => permission.subject))
}

export const abilityKey = (subject: string, action: string) => `${subject}:${action}`
