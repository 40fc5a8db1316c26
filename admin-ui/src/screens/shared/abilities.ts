import { usePermissions } from 'react-admin'
import type { Permissions } from '../../plugin_api'

/** Whether the abilities grant `action` on `subject` (`manage` includes `read`). */
export function can(
  permissions: Permissions | undefined,
  subject: string,
  action: 'read' | 'manage' = 'read'
): boolean {
  if (!permissions) return false
  return permissions.abilities.some(
    (ability) =>
      ability.subject === subject && (ability.action === action || (action === 'read' && ability.action === 'manage'))
  )
}

export function pluginEnabled(permissions: Permissions | undefined, pluginId: string): boolean {
  return Boolean(permissions?.enabledPlugins.includes(pluginId))
}

/** The caller's abilities (react-admin's permissions), with `can` bound to them. */
export function useAbilities() {
  const { permissions, isPending } = usePermissions<Permissions>()
  return {
    permissions,
    isPending,
    can: (subject: string, action: 'read' | 'manage' = 'read') => can(permissions, subject, action),
  }
}
