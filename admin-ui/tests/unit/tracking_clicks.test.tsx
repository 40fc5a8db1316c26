/* The clicks screen (/engagements/click): columns and filters by what the account may read, outcomes and reasons in words. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import {
  AdminContext,
  ResourceContextProvider,
  TestMemoryRouter,
  testDataProvider,
  type DataProvider,
} from 'react-admin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import trackingAdmin from '../../../plugins/tracking/admin'
import { ClickList } from '../../../plugins/tracking/admin/clicks/ClickList'
import { endOfDay, startOfDay } from '../../../plugins/tracking/admin/clicks/model'
import { canAccessResource } from '../../src/auth_provider'
import { createI18nProvider } from '../../src/i18n_provider'
import type { Ability } from '../../src/plugin_api'
import { installedPlugins } from '../../src/plugins'

afterEach(cleanup)

const CLICKS = [
  {
    id: '0190a5c4-0000-7000-8000-000000000001',
    clickId: '0190a5c4-0000-7000-8000-000000000001',
    createdAt: '2026-05-20T10:00:00.000Z',
    campaignId: 1,
    affiliateId: 2,
    outcome: 'fallback',
    reason: 'cap_reached',
    country: 'BR',
    device: 'mobile',
    os: 'ios',
    browser: 'safari',
    source: 'newsletter',
    params: {},
    fraudAction: 'mark',
    fraud: { ruleIds: [4], reasons: ['datacenter'] },
  },
  {
    id: '0190a5c4-0000-7000-8000-000000000002',
    clickId: '0190a5c4-0000-7000-8000-000000000002',
    createdAt: '2026-05-20T09:00:00.000Z',
    campaignId: 1,
    affiliateId: 2,
    outcome: 'redirect',
    reason: null,
    country: 'PT',
    params: { sub1: 'abc' },
    fraudAction: null,
    fraud: null,
  },
  {
    id: '0190a5c4-0000-7000-8000-000000000003',
    clickId: '0190a5c4-0000-7000-8000-000000000003',
    createdAt: '2026-05-20T08:00:00.000Z',
    campaignId: 1,
    affiliateId: 2,
    outcome: 'rejected',
    reason: 'fraud_block',
    country: 'BR',
    device: 'desktop',
    params: {},
    fraudAction: 'block',
    fraud: { ruleIds: [5], reasons: ['blacklist'] },
  },
]

function renderClicks(abilities: Ability[], path = '/engagements/click') {
  const getList = vi.fn(async () => ({ data: CLICKS, total: CLICKS.length }) as never)
  const dataProvider = testDataProvider({
    getList,
    getMany: (async (resource: string) => ({
      data: resource === 'manage/campaign' ? [{ id: 1, title: 'Welcome CPA' }] : [{ id: 2, name: 'Ana Souza' }],
    })) as never,
  } as Partial<DataProvider>)
  const authProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({
      abilities,
      enabledPlugins: ['tracking', 'campaigns', 'affiliates'],
      superuser: false,
    }),
    canAccess: async ({ resource, action }: { resource: string; action: string }) =>
      canAccessResource({ abilities }, resource, action),
  }
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext
        i18nProvider={createI18nProvider(installedPlugins, 'en')}
        authProvider={authProvider}
        dataProvider={dataProvider}
      >
        <ResourceContextProvider value="engagements/click">
          <ClickList />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>
  )
  return { getList }
}

const header = (name: string) => screen.queryByRole('columnheader', { name })

/** The list with its "Reason" filter shown (as "Add filter" → Reason leaves it in the address). */
const WITH_REASON_FILTER = `/engagements/click?displayedFilters=${encodeURIComponent('{"reason":true}')}`

/** The reasons the "Reason" filter offers. */
async function reasonChoices() {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Reason' }))
  return (await screen.findAllByRole('option')).map((option) => option.textContent)
}

describe('clicks screen', () => {
  it('is the tracking plugin’s resource at /engagements/click, keyed by click id, under Engagements', () => {
    const [clicks] = trackingAdmin.resources
    expect(clicks).toMatchObject({
      name: 'engagements/click',
      apiPath: '/api/v1/tracking/clicks',
      primaryKey: 'clickId',
      menuGroup: 'engagements',
      subject: 'clicks',
    })
  })

  it('shows the network the affiliate, the outcome, the reason in words and the fraud mark', async () => {
    const { getList } = renderClicks(
      [
        { subject: 'clicks', action: 'read' },
        { subject: 'affiliates', action: 'read' },
        { subject: 'fraud', action: 'read' },
        { subject: 'campaigns', action: 'read' },
      ],
      WITH_REASON_FILTER
    )
    await screen.findByText('Cap reached')
    expect(getList).toHaveBeenCalledWith(
      'engagements/click',
      expect.objectContaining({ sort: { field: 'createdAt', order: 'DESC' } })
    )
    expect(header('Affiliate')).not.toBeNull()
    expect(header('Fraud')).not.toBeNull()
    const [, first] = screen.getAllByRole('row')
    expect(within(first).getByText('Fallback')).toBeTruthy()
    expect(within(first).getByText('Marked')).toBeTruthy()
    await within(first).findByText('Ana Souza')
    await within(first).findByText('Welcome CPA')
    expect(screen.getByText('Redirected')).toBeTruthy()
    expect(screen.getByText('Blocked by a fraud rule')).toBeTruthy()
    expect(screen.getByText('Blocked')).toBeTruthy()
    // The affiliate filter is offered beside the campaign and the outcome.
    expect(screen.getByRole('combobox', { name: 'Affiliate' })).toBeTruthy()
    expect(await reasonChoices()).toContain('Blocked by a fraud rule')
  })

  it('shows an affiliate its clicks without the affiliate column, its filter, fraud marks or the fraud reason', async () => {
    renderClicks(
      [
        { subject: 'clicks', action: 'read' },
        { subject: 'campaigns', action: 'read' },
      ],
      WITH_REASON_FILTER
    )
    await screen.findByText('Cap reached')
    expect(header('Outcome')).not.toBeNull()
    expect(header('Affiliate')).toBeNull()
    expect(header('Fraud')).toBeNull()
    expect(screen.queryByText('Marked')).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Affiliate' })).toBeNull()
    // A click a fraud rule refused is just refused (the API sends no such reason; were one sent, it is not shown).
    const refused = screen.getByText('Rejected').closest('tr')!
    expect(within(refused).queryByText('Blocked by a fraud rule')).toBeNull()
    expect(within(refused).queryByText('Blocked')).toBeNull()
    expect(screen.queryByText(/fraud/i)).toBeNull()
    const choices = await reasonChoices()
    expect(choices).toContain('Cap reached')
    expect(choices).not.toContain('Blocked by a fraud rule')
  })

  it('reads a day range as whole days', () => {
    expect(startOfDay('2026-05-20')).toBe('2026-05-20T00:00:00.000Z')
    expect(endOfDay('2026-05-20')).toBe('2026-05-20T23:59:59.999Z')
    expect(endOfDay('')).toBeUndefined()
  })

  it('has every English message in Portuguese and Turkish', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`]
      )
    const english = keys(trackingAdmin.messages.en).sort()
    expect(keys(trackingAdmin.messages.pt).sort()).toEqual(english)
    expect(keys(trackingAdmin.messages.tr).sort()).toEqual(english)
  })
})
