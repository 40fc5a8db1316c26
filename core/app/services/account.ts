import Organization from '#models/organization'
import type User from '#models/user'
import { enabledPluginIds, pluginStates } from '#services/plugin_state'
import { abilitiesOf } from '#services/abilities'
import { DEFAULT_PREFERENCES } from '#services/organization'
import { brandingImagesOf } from '#kernel/branding_images'

/** The current-user payload of GET /api/v1/account (and of login). */
export async function accountPayload(user: User, impersonatedBy: { id: number; email: string } | null = null) {
  const org = await Organization.findOrFail(user.organizationId)
  const plugins = await pluginStates(org)
  const enabled = enabledPluginIds(plugins)
  const abilities = abilitiesOf(user, org, enabled)
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      status: user.status,
      locale: user.locale,
    },
    org: { ...org.serialize(), ...(await brandingImagesOf(org.id, enabled)) },
    billing: { state: org.billingState ?? 'active', panelLocked: org.panelLocked ?? false },
    onboardingPending: org.onboardingPending ?? false,
    su: user.role === 'superadmin',
    // Reserved for OIDC sign-ins (the provider's id token); null for every other session.
    idToken: null,
    childOrgs: await childOrganizations(user, org),
    impersonatedBy,
    preference: { ...DEFAULT_PREFERENCES, ...org.preferences, ...(user.locale ? { language: user.locale } : {}) },
    abilities,
    plugins,
  }
}

/** Child organisations the panel can act on with coid (admins and parents of a parent); [] otherwise. */
async function childOrganizations(user: User, org: Organization) {
  if (!['admin', 'parent'].includes(user.role)) return []
  const children = await Organization.query()
    .where('parent_id', org.id)
    .orderBy('name')
    .orderBy('id')
    .select('id', 'name')
  return children.map((child) => ({ id: child.id, name: child.name }))
}
