/*
 * OAuth apps and OIDC sign-in as plugins: the OAuth apps tab joins the API screen only for
 * organisations with the plugin on and accounts that may read apps; its table's collection
 * is served by the plugin; the OIDC pages are public contributions of an installed plugin.
 */
import { describe, expect, it } from 'vitest'
import oauthAdmin from '../../../plugins/oauth/admin'
import oidcAdmin from '../../../plugins/oidc/admin'
import type { Permissions } from '../../src/plugin_api'
import { installedPlugins, resourceRegistry } from '../../src/plugins'
import { pluginTabsOf } from '../../src/screens/screen_tabs'

const permissions = (enabledPlugins: string[], subjects: string[]): Permissions => ({
  enabledPlugins,
  abilities: subjects.map((subject) => ({ subject, action: 'read' })),
  superuser: false,
})

describe('identity plugins in the admin UI', () => {
  it('adds the OAuth apps tab to the API screen only with the plugin on and the ability', () => {
    const ids = (granted: Permissions) => pluginTabsOf('configuration/api', granted).map((tab) => tab.id)
    expect(ids(permissions(['oauth'], ['api_keys', 'oauth_apps']))).toEqual(['oauth'])
    expect(ids(permissions([], ['api_keys', 'oauth_apps']))).toEqual([])
    expect(ids(permissions(['oauth'], ['api_keys']))).toEqual([])
    expect(ids(permissions(['oauth'], ['oauth_apps']))).toEqual(['oauth'])
    expect(pluginTabsOf('configuration/api', undefined)).toEqual([])
  })

  it("serves the tab's table from the plugin's collection, without a page or menu entry of its own", () => {
    expect(resourceRegistry.apiPath('oauth_apps')).toBe('/api/v1/oauth/apps')
    expect(resourceRegistry.pluginOf('oauth_apps')).toBe('oauth')
    expect(oauthAdmin.resources).toEqual([])
  })

  it('installs the OIDC callback page and the SSO login action as public contributions', () => {
    expect(installedPlugins.map((plugin) => plugin.id)).toEqual(expect.arrayContaining(['oauth', 'oidc']))
    expect(oidcAdmin.publicRoutes?.map((route) => (route.props as { path: string }).path)).toEqual([
      '/auth/verify/google',
    ])
    expect(oidcAdmin.loginActions).toHaveLength(1)
    for (const locale of ['en', 'pt', 'tr'] as const) {
      expect(oidcAdmin.messages[locale]).toHaveProperty('oidc.login.button')
      expect(oauthAdmin.messages[locale]).toHaveProperty('oauth.tab')
    }
  })
})
