import type Organization from '#models/organization'
import type User from '#models/user'
import { abilitiesFor, validateCatalogue, type Ability, type PermissionDefinition } from '#kernel/permissions'
import { registry } from '#config/plugins'
import { CORE_PERMISSIONS } from '#services/core_permissions'

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
  const abilities = abilitiesFor(catalogue, { role: user.role, features: org.features ?? {} })
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
