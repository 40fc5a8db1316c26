/*
 * Signup as a plugin: its public pages are mounted at the spec's /register/… addresses
 * whenever it is installed; its two sections join /settings only for organisations with
 * the plugin on and accounts that may read the settings, above core's report switches.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import signupAdmin from '../../../plugins/signup/admin'
import type { Permissions } from '../../src/plugin_api'
import { installedPlugins } from '../../src/plugins'
import { pluginSectionsOf } from '../../src/screens/screen_tabs'
import { SettingsScreen } from '../../src/screens/settings/SettingsScreen'
import { fakeDataProvider, renderScreen } from './screens_helpers'

const permissions = (enabledPlugins: string[], subjects: string[]): Permissions => ({
  enabledPlugins,
  abilities: subjects.map((subject) => ({ subject, action: 'read' })),
  superuser: false,
})

/** Every leaf key of a message tree, as dotted paths. */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]
  )
}

const SETTINGS_API = {
  '/api/v1/organization': { id: 4, name: 'Demo Casino Network' },
  '/api/v1/auth/meta': { affiliateSignupUrl: 'https://demo.affix.dev/register/affiliate/4' },
  '/api/v1/signup/settings': {
    autoApprove: true,
    fields: [{ name: 'website', label: 'Website', type: 'text', required: true, hidden: false }],
  },
  '/api/v1/organization/features': { organizationId: 4, features: {}, disabledReports: [] },
}

describe('the signup plugin in the admin UI', () => {
  it('mounts the signup page at the spec’s public addresses', () => {
    expect(installedPlugins.map((plugin) => plugin.id)).toContain('signup')
    expect(signupAdmin.publicRoutes?.map((route) => (route.props as { path: string }).path)).toEqual([
      '/register/affiliate/:orgId',
      '/register/affiliate/:orgId/:campId',
      '/register/:type/:orgId',
    ])
  })

  it('adds the link and form sections to /settings only with the plugin on and the ability', () => {
    const ids = (granted: Permissions) => pluginSectionsOf('settings', granted).map((section) => section.id)
    expect(ids(permissions(['signup'], ['settings']))).toEqual(['signup-url', 'signup-form'])
    expect(ids(permissions([], ['settings']))).toEqual([])
    expect(ids(permissions(['signup'], ['organization']))).toEqual([])
    expect(pluginSectionsOf('settings', undefined)).toEqual([])
  })

  it('has every English message in Portuguese and Turkish, and nothing else', () => {
    const english = keysOf(signupAdmin.messages.en).sort()
    expect(english).toContain('signup.page.title_affiliate')
    expect(keysOf(signupAdmin.messages.pt).sort()).toEqual(english)
    expect(keysOf(signupAdmin.messages.tr).sort()).toEqual(english)
  })

  it('shows the signup link and form on /settings above the report switches', async () => {
    renderScreen(<SettingsScreen />, {
      enabledPlugins: ['brands', 'team-members', 'signup'],
      dataProvider: fakeDataProvider(SETTINGS_API),
    })
    expect(await screen.findByText('Affiliate signup form')).toBeTruthy()
    expect(await screen.findByRole('textbox', { name: 'Affiliate signup URL' })).toHaveProperty(
      'value',
      'https://demo.affix.dev/register/affiliate/4'
    )
    expect(await screen.findByRole('textbox', { name: /Field name/ })).toHaveProperty('value', 'website')
    const reports = await screen.findByText('Reports')
    const form = screen.getByText('Affiliate signup form')
    expect(form.compareDocumentPosition(reports) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('shows only the report switches while the plugin is off', async () => {
    renderScreen(<SettingsScreen />, { dataProvider: fakeDataProvider(SETTINGS_API) })
    await screen.findByText('Reports')
    expect(screen.queryByText('Affiliate signup form')).toBeNull()
    expect(screen.queryByText('Affiliate signup link')).toBeNull()
  })
})
