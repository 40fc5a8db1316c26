import type Organization from '#models/organization'
import type User from '#models/user'
import { abilitiesFor, validateCatalogue, type Ability, type PermissionDefinition } from '#kernel/permissions'
import { registry } from '#config/plugins'
import { CORE_PERMISSIONS } from '#services/core_permissions'
import { pluginStates } from '#services/plugin_state'

const FULL_CATALOGUE: Array<PermissionDefinition & { plugin?: string }> = [...CORE_PERMISSIONS, ...registry.permissions()]
// A mistake in a manifest's grants stops the process at boot, like a broken plugin graph.
validateCatalogue(FULL_CATALOGUE)

/** The abilities of a user in their organisation: role grants, enabled plugins, feature flags. */
export async function abilitiesOf(user: User, org: Organization): Promise<Ability[]> {
  const enabled = new Set((await pluginStates(org.id)).filter((plugin) => plugin.enabled).map((plugin) => plugin.id))
  const catalogue = FULL_CATALOGUE.filter((permission) => !permission.plugin || enabled.has(permission.plugin))
  return abilitiesFor(catalogue, { role: user.role, features: org.features ?? {} })
}

export const abilityKey = (subject: string, action: string) => `${subject}:${action}`
