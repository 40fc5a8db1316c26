/* The dashboard's "at a glance" strip: the enabled plugins' figures the reader may read, counted through their lists. */
import { cleanup, render, screen, within } from '@testing-library/react'
import { AdminContext, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AtAGlance, glanceFigures } from '../../src/dashboard/AtAGlance'
import { daysBefore } from '../../src/dashboard/glance'
import { createI18nProvider } from '../../src/i18n_provider'
import { installedPlugins } from '../../src/plugins'
import { saveSession, type Account } from '../../src/session'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

const ability = (subject: string) => ({ subject, action: 'read' })
const ENABLED = ['tracking', 'customers', 'payouts', 'campaigns', 'affiliates'].map((id) => ({
  id,
  name: id,
  enabled: true,
}))

function accountWith(subjects: string[], plugins = ENABLED): Account {
  return {
    user: { id: 1, email: 'admin@demo.affix.dev', name: 'Demo Admin', role: 'admin', status: 'active', locale: null },
    org: { id: 1, name: 'Demo Casino Network', type: 'parent', createdAt: '2025-01-01T00:00:00Z' },
    su: false,
    preference: {},
    abilities: subjects.map(ability),
    plugins,
  }
}

describe('at a glance', () => {
  it('gives the network clicks, new customers, first deposits and commissions awaiting approval, in that order', () => {
    const figures = glanceFigures(
      installedPlugins,
      accountWith(['clicks', 'report.customer', 'report.activity', 'payouts']),
      null
    )
    expect(figures.map((figure) => [figure.label, figure.resource])).toEqual([
      ['tracking.glance.clicks', 'engagements/click'],
      ['customers.glance.new', 'engagements/customer'],
      ['customers.glance.ftds', 'engagements/activity'],
      ['payouts.glance.pending', 'engagements/payout'],
    ])
    const now = new Date('2026-05-31T12:00:00Z')
    expect(figures.map((figure) => figure.filter?.(now))).toEqual([
      { from: '2026-05-01T12:00:00.000Z' },
      { from: daysBefore(now, 30).date },
      { ftd: 'true', from: daysBefore(now, 30).date },
      { status: 'pending' },
    ])
  })

  it('leaves out what the reader may not read and the plugins its organisation has off', () => {
    expect(glanceFigures(installedPlugins, accountWith(['clicks']), null).map((figure) => figure.resource)).toEqual([
      'engagements/click',
    ])
    const trackingOff = ENABLED.map((plugin) => (plugin.id === 'tracking' ? { ...plugin, enabled: false } : plugin))
    expect(
      glanceFigures(installedPlugins, accountWith(['clicks', 'payouts'], trackingOff), null).map(
        (figure) => figure.resource
      )
    ).toEqual(['engagements/payout'])
  })

  it('shows each count from its list’s total and opens that list with the same filter; a failed count is a dash', async () => {
    const account = accountWith(['clicks', 'payouts'])
    saveSession({ ...account, token: 'token', type: 'bearer', expiresAt: null })
    const getList = vi.fn(async (resource: string) => {
      if (resource === 'engagements/payout') throw new Error('down')
      return { data: [{ id: 'x' }], total: 12345 }
    })
    render(
      <TestMemoryRouter>
        <AdminContext
          i18nProvider={createI18nProvider(installedPlugins, 'en')}
          dataProvider={testDataProvider({ getList } as Partial<DataProvider>)}
        >
          <AtAGlance plugins={installedPlugins} />
        </AdminContext>
      </TestMemoryRouter>
    )
    const strip = await screen.findByRole('region', { name: 'At a glance' })
    await within(strip).findByText('12,345')
    const clicks = within(strip).getByRole('link', { name: /Clicks, last 30 days/ })
    const target = new URL(clicks.getAttribute('href')!, 'http://ui.test')
    expect(target.pathname).toBe('/engagements/click')
    expect(Object.keys(JSON.parse(target.searchParams.get('filter')!))).toEqual(['from'])
    expect(getList).toHaveBeenCalledWith(
      'engagements/click',
      expect.objectContaining({ pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } })
    )
    await within(strip).findByLabelText('Commissions awaiting approval: —')
  })
})
