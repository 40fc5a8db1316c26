/*
 * The permission catalogue (spec §6). A permission is a subject plus an action; each
 * plugin declares the subjects it adds and which roles get which actions, and may hide
 * a subject behind organisation feature flags. Core composes the catalogue into the
 * abilities of one user: role grants, narrowed by the plugins enabled for the
 * organisation and by its feature flags. The server is the authority: policies check
 * these abilities; the panels only hide what the server would refuse.
 */
export const ROLES = ['admin', 'sub-admin', 'affiliate', 'afm', 'adm', 'brand', 'parent', 'superadmin'] as const
export type Role = (typeof ROLES)[number]

export const FEATURE_FLAGS = ['nd', 'ehi', 'an_cr', 'an_cl', 'edl', 'drr_admin', 'drr_aff', 'dra_aff', 'dir'] as const
export type FeatureFlag = (typeof FEATURE_FLAGS)[number]

export interface PermissionDefinition {
  subject: string
  actions: string[]
  description?: string
  /** Role → the actions of `actions` it is granted. A role not listed gets nothing. */
  grants: Partial<Record<Role, string[]>>
  /** Only when the organisation has at least one of these flags (e.g. conversion report: an_cr or an_cl). */
  requiresAnyFlag?: FeatureFlag[]
  /** Hidden when the flag is set, for the listed roles (all roles when none are listed). */
  hiddenWhen?: Array<{ flag: FeatureFlag; roles?: Role[] }>
}

export interface Ability {
  subject: string
  action: string
}

export interface AbilityContext {
  role: Role
  features: Partial<Record<string, boolean>>
}

export function abilitiesFor(catalogue: PermissionDefinition[], context: AbilityContext): Ability[] {
  const abilities: Ability[] = []
  for (const permission of catalogue) {
    if (permission.requiresAnyFlag && !permission.requiresAnyFlag.some((flag) => context.features[flag])) continue
    const hidden = permission.hiddenWhen?.some(
      (rule) => context.features[rule.flag] && (!rule.roles || rule.roles.includes(context.role))
    )
    if (hidden) continue
    for (const action of permission.grants[context.role] ?? []) {
      if (permission.actions.includes(action)) abilities.push({ subject: permission.subject, action })
    }
  }
  return abilities
}

/** Checks the catalogue itself: grants only name declared actions of known roles. */
export function validateCatalogue(catalogue: PermissionDefinition[]) {
  const seen = new Set<string>()
  for (const permission of catalogue) {
    if (seen.has(permission.subject)) throw new Error(`Permission subject "${permission.subject}" is declared twice`)
    seen.add(permission.subject)
    for (const [role, actions] of Object.entries(permission.grants)) {
      if (!(ROLES as readonly string[]).includes(role))
        throw new Error(`Permission "${permission.subject}" grants unknown role "${role}"`)
      for (const action of actions ?? []) {
        if (!permission.actions.includes(action)) {
          throw new Error(`Permission "${permission.subject}" grants "${role}" undeclared action "${action}"`)
        }
      }
    }
  }
}
