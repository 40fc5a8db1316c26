/*
 * Branding as a plugin: its logos section joins the organisation screen only for
 * organisations with the plugin on and accounts that may read the account, in every locale.
 */
import { describe, expect, it } from 'vitest'
import brandingAdmin from '../../../plugins/branding/admin'
import type { Permissions } from '../../src/plugin_api'
import { installedPlugins } from '../../src/plugins'
import { pluginSectionsOf } from '../../src/screens/screen_tabs'

const permissions = (enabledPlugins: string[], subjects: string[]): Permissions => ({
  enabledPlugins,
  abilities: subjects.map((subject) => ({ subject, action: 'read' })),
  superuser: false,
})

describe('the branding plugin in the admin UI', () => {
  it('adds the logos section to the organisation screen only with the plugin on and the ability', () => {
    const ids = (granted: Permissions) => pluginSectionsOf('manage/organization', granted).map((section) => section.id)
    expect(installedPlugins.map((plugin) => plugin.id)).toContain('branding')
    expect(ids(permissions(['branding'], ['organization', 'account']))).toEqual(['logos'])
    expect(ids(permissions([], ['organization', 'account']))).toEqual([])
    expect(ids(permissions(['branding'], ['organization']))).toEqual([])
    expect(pluginSectionsOf('manage/organization', undefined)).toEqual([])
  })

  it('has its words in en, pt and tr', () => {
    for (const locale of ['en', 'pt', 'tr'] as const) {
      expect(brandingAdmin.messages[locale]).toHaveProperty('branding.logos.title')
      expect(brandingAdmin.messages[locale]).toHaveProperty('branding.logos.kinds.loginLogo')
      expect(brandingAdmin.messages[locale]).toHaveProperty('plugins.branding.name')
    }
  })
})
