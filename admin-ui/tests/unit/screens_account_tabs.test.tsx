import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AccountScreen } from '../../src/screens/account/AccountScreen'
import { providePaymentInfoPanel, resolveAccountTab, visibleAccountTabs } from '../../src/screens/account/tabs'
import type { Permissions } from '../../src/plugin_api'
import { ADMIN_ABILITIES, fakeDataProvider, renderScreen } from './screens_helpers'

const admin: Permissions = { abilities: ADMIN_ABILITIES, enabledPlugins: ['brands', 'team-members'], superuser: false }
const subAdmin: Permissions = {
  abilities: [{ subject: 'account', action: 'manage' }],
  enabledPlugins: ['brands'],
  superuser: false,
}

const PROFILE = {
  id: 1,
  email: 'admin@demo.affix.dev',
  role: 'admin',
  name: 'Demo Admin',
  phone: null,
  skype: null,
  city: null,
  address: null,
  state: null,
  zipcode: null,
  country: null,
  locale: null,
}

describe('/account tabs', () => {
  afterEach(() => providePaymentInfoPanel(null))

  it('offers team members with the plugin and its ability, payment info only to affiliates with the affiliates plugin and its panel', () => {
    expect(visibleAccountTabs(admin, false)).toEqual(['editProfile', 'teamMembers'])
    expect(visibleAccountTabs(subAdmin, false)).toEqual(['editProfile'])
    // The team members tab is the team-members plugin's: none while it is off.
    expect(visibleAccountTabs({ ...admin, enabledPlugins: ['affiliates'] }, false)).toEqual(['editProfile'])
    // An admin has no payment details of its own, even with the plugin and its panel.
    expect(visibleAccountTabs({ ...admin, enabledPlugins: ['affiliates', 'team-members'] }, true)).toEqual([
      'editProfile',
      'teamMembers',
    ])
    const affiliate: Permissions = {
      abilities: [
        { subject: 'account', action: 'manage' },
        { subject: 'affiliates.self', action: 'manage' },
      ],
      enabledPlugins: ['affiliates'],
      superuser: false,
    }
    expect(visibleAccountTabs(affiliate, true)).toEqual(['editProfile', 'paymentInfo'])
    expect(visibleAccountTabs({ ...affiliate, enabledPlugins: [] }, true)).toEqual(['editProfile'])
    expect(visibleAccountTabs(admin, true)).toEqual(['editProfile', 'teamMembers'])
  })

  it('shows the requested tab when visible, the profile otherwise', () => {
    const tabs = visibleAccountTabs(admin, false)
    expect(resolveAccountTab('teamMembers', tabs)).toBe('teamMembers')
    expect(resolveAccountTab('paymentInfo', tabs)).toBe('editProfile')
    expect(resolveAccountTab('nonsense', tabs)).toBe('editProfile')
    expect(resolveAccountTab(null, tabs)).toBe('editProfile')
  })

  describe('rendered', () => {
    beforeEach(() => localStorage.clear())

    const renderAccount = (search: string, abilities = ADMIN_ABILITIES) => {
      const locations: string[] = []
      renderScreen(<AccountScreen />, {
        dataProvider: fakeDataProvider({ '/api/v1/account/profile': PROFILE }),
        abilities,
        initialEntries: [`/account${search}`],
        locationCallback: (location) => locations.push(`${location.pathname}${location.search}`),
      })
      return locations
    }

    it('opens the team members tab from ?tab=teamMembers', async () => {
      const locations = renderAccount('?tab=teamMembers')
      expect(await screen.findByRole('tab', { name: 'Team members', selected: true })).toBeTruthy()
      expect(await screen.findByRole('button', { name: 'Add team member' })).toBeTruthy()
      expect(locations.at(-1)).toBe('/account?tab=teamMembers')
    })

    it('opens the profile without a tab, and names it in the address', async () => {
      const locations = renderAccount('')
      expect(await screen.findByRole('tab', { name: 'Edit profile', selected: true })).toBeTruthy()
      expect(await screen.findByDisplayValue('Demo Admin')).toBeTruthy()
      await waitFor(() => expect(locations.at(-1)).toBe('/account?tab=editProfile'))
    })

    it('sends a caller without the team ability from ?tab=teamMembers to the profile', async () => {
      const locations = renderAccount('?tab=teamMembers', [{ subject: 'account', action: 'manage' }])
      expect(await screen.findByRole('tab', { name: 'Edit profile', selected: true })).toBeTruthy()
      expect(screen.queryByRole('tab', { name: 'Team members' })).toBeNull()
      await waitFor(() => expect(locations.at(-1)).toBe('/account?tab=editProfile'))
    })

    it('hides payment info when the affiliates plugin is off, even when asked for', async () => {
      providePaymentInfoPanel(() => <p>Bank details</p>)
      const locations = renderAccount('?tab=paymentInfo')
      expect(await screen.findByRole('tab', { name: 'Edit profile', selected: true })).toBeTruthy()
      expect(screen.queryByRole('tab', { name: 'Payment info' })).toBeNull()
      await waitFor(() => expect(locations.at(-1)).toBe('/account?tab=editProfile'))
    })
  })
})
