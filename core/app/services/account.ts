import Organization from '#models/organization'
import type User from '#models/user'
import { pluginStates } from '#services/plugin_state'
import { registry } from '#config/plugins'

const DEFAULT_PREFERENCES = { currency: 'BRL', language: 'en', timezone: 'UTC', themeColor: 'purple' }

/** The current-user payload of GET /api/v1/account (and of login). */
export async function accountPayload(user: User) {
  const org = await Organization.findOrFail(user.organizationId)
  const plugins = await pluginStates(org.id)
  const enabled = new Set(plugins.filter((plugin) => plugin.enabled).map((plugin) => plugin.id))
  const staff = ['admin', 'sub-admin', 'superadmin'].includes(user.role)
  // Abilities: a subject plus an action. The full matrix of spec §6 comes with identity.
  const abilities = registry
    .permissions()
    .filter((permission) => enabled.has(permission.plugin))
    .flatMap((permission) =>
      permission.actions
        .filter((action) => staff || action === 'read')
        .map((action) => ({ subject: permission.subject, action }))
    )
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      status: user.status,
      locale: user.locale,
    },
    org: org.serialize(),
    su: user.role === 'superadmin',
    preference: { ...DEFAULT_PREFERENCES, ...org.preferences, ...(user.locale ? { language: user.locale } : {}) },
    abilities,
    plugins,
  }
}
