/*
 * The customers plugin's screens: the customer's details (attribution failures, activity
 * by day with bet counts only after 29 April 2025, the fraud mark behind its confirmation),
 * a switched-off report showing the server's message, the postback secret shown once,
 * and the FX rates keyed by their currencies and date.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpError, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin'
import { Route, Routes } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import customersAdmin from '../../../plugins/customers/admin'
import { ActivityList } from '../../../plugins/customers/admin/activity/ActivityList'
import { ConversionList } from '../../../plugins/customers/admin/conversions/ConversionList'
import { CustomerDetails } from '../../../plugins/customers/admin/customers/CustomerDetails'
import { CustomerList } from '../../../plugins/customers/admin/customers/CustomerList'
import { reassignBody } from '../../../plugins/customers/admin/customers/ReassignButton'
import { rowRefusal } from '../../../plugins/customers/admin/fx-rates/SetRateButton'
import { checkCsvFile } from '../../../plugins/customers/admin/imports/CsvImportScreen'
import { showsBetCount, type CustomerDetail } from '../../../plugins/customers/admin/model'
import { PostbackSecretCard } from '../../../plugins/customers/admin/postback/PostbackSecretCard'
import { classifyApiError } from '../../src/auth_provider'
import { createDataProvider } from '../../src/data_provider'
import type { HttpClient, HttpResponse } from '../../src/http_client'
import { ResourceRegistry } from '../../src/resource_registry'
import { renderScreen } from './screens_helpers'

const ABILITIES = [
  { subject: 'report.customer', action: 'read' },
  { subject: 'report.activity', action: 'read' },
  { subject: 'customers', action: 'manage' },
  { subject: 'customers', action: 'import' },
]

const DETAIL: CustomerDetail = {
  customer: {
    id: 7,
    cuid: 'player-1001',
    brandId: 1,
    campaignId: null,
    affiliateId: null,
    registeredAt: '2025-04-20T14:30:00.000Z',
    country: 'BR',
    currency: 'BRL',
    status: 'active',
    attributionSource: 'none',
    cuName: 'Ana Souza',
    email: 'ana@example.com',
    b1: 'btag-77',
  },
  attribution: {
    source: 'none',
    campaignId: null,
    affiliateId: null,
    clickId: null,
    promoCodeId: null,
    failures: [{ rule: 'promo_code', reason: 'not_found', message: 'promo code not found' }],
  },
  ftd: { activityId: 3, date: '2025-04-29', amount: '100.000000', currency: 'BRL' },
  fraud: null,
  clicks: [],
  activityByDay: [
    { date: '2025-04-29', currency: 'BRL', rows: 1, depositCount: 1, betCount: 9, isFtd: true, deposits: '100.000000' },
    { date: '2025-05-02', currency: 'BRL', rows: 1, depositCount: 0, betCount: 42, isFtd: false, bets: '250.500000' },
  ],
  conversions: [],
  reassignments: [],
}

function detailProvider(detail: CustomerDetail) {
  let current = detail
  const request = vi.fn(async (path: string, options: { method?: string; body?: any } = {}) => {
    const key = `${options.method ?? 'GET'} ${path}`
    if (key === 'GET /api/v1/customers/customers/7') return { data: current, headers: new Headers(), status: 200 }
    if (key === 'POST /api/v1/customers/customers/7/fraud') {
      const markedAt = '2026-11-25T12:00:00.000Z'
      current = {
        ...current,
        customer: { ...current.customer, status: 'fraud', fraudMarkedAt: markedAt },
        fraud: { markedAt, markedBy: 1, reason: options.body?.reason ?? null },
      }
      return { data: current.customer, headers: new Headers(), status: 200 }
    }
    throw new HttpError('Not found', 404, {})
  })
  return {
    request,
    dataProvider: testDataProvider({
      request,
      getMany: async () => ({ data: [] }),
      getList: async () => ({ data: [], total: 0 }),
    } as never),
  }
}

const renderDetails = (dataProvider: DataProvider, abilities = ABILITIES) =>
  renderScreen(
    <Routes>
      <Route path="/engagements/customer-details/:customerId" element={<CustomerDetails />} />
    </Routes>,
    { dataProvider, abilities, enabledPlugins: ['customers'], initialEntries: ['/engagements/customer-details/7'] }
  )

describe('customer details', () => {
  it('shows the profile, why the rules failed, and bet counts only for days after 29 April 2025', async () => {
    const { dataProvider } = detailProvider(DETAIL)
    renderDetails(dataProvider)
    await screen.findByTestId('customer-details')
    expect(within(screen.getByTestId('customer-profile')).getByText('Ana Souza')).toBeTruthy()
    expect(within(screen.getByTestId('customer-profile')).getByText('b1: btag-77')).toBeTruthy()
    const failures = screen.getByTestId('attribution-failures')
    expect(within(failures).getByText('promo code not found')).toBeTruthy()
    expect(within(failures).getByText('Promo code')).toBeTruthy()

    const [, onCutOff, after] = within(screen.getByTestId('activity-by-day')).getAllByRole('row')
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(cells(onCutOff).at(-1)).toBe('—')
    expect(cells(onCutOff)[0]).toContain('FTD')
    expect(cells(after).at(-1)).toBe('42')
    // An organic customer cannot be reassigned.
    expect(screen.queryByRole('button', { name: 'Reassign' })).toBeNull()
  })

  it('marks the customer as fraud only after a confirmation that says it cannot be undone', async () => {
    const { dataProvider, request } = detailProvider(DETAIL)
    renderDetails(dataProvider)
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as fraud' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mark player-1001 as fraud?' })
    expect(within(dialog).getByText('This cannot be undone.')).toBeTruthy()
    expect(request).not.toHaveBeenCalledWith('/api/v1/customers/customers/7/fraud', expect.anything())

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), {
      target: { value: 'bonus abuse' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as fraud' }))
    await screen.findByTestId('fraud-mark')
    expect(request).toHaveBeenCalledWith('/api/v1/customers/customers/7/fraud', {
      method: 'POST',
      body: { reason: 'bonus abuse' },
    })
    expect(screen.getByTestId('fraud-mark').textContent).toContain('bonus abuse')
    // Marked once, for good: the action is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as fraud' })).toBeNull())
  })

  it('offers an attributed, active customer’s reassignment: affiliate, effective date from today, reason', async () => {
    const attributed = {
      ...DETAIL,
      customer: { ...DETAIL.customer, attributionSource: 'click' as const, affiliateId: 2 },
    }
    const { dataProvider } = detailProvider(attributed)
    renderDetails(dataProvider)
    fireEvent.click(await screen.findByRole('button', { name: 'Reassign' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reassign player-1001 to another affiliate' })
    expect(within(dialog).getByRole('combobox', { name: 'To affiliate' })).toBeTruthy()
    const effective = within(dialog).getByLabelText('Effective date') as HTMLInputElement
    expect(effective.value).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(effective.min).toBe(effective.value)
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toBeTruthy()
  })
})

describe('customer list', () => {
  it('shows the server’s message when the admin switched the report off', async () => {
    const message = 'Customer, Activity, Conversion reports are disabled by Admin'
    const dataProvider = testDataProvider({
      getList: async () => {
        throw new HttpError(message, 403, { message })
      },
    } as Partial<DataProvider>)
    renderScreen(
      <ResourceContextProvider value="engagements/customer">
        <CustomerList />
      </ResourceContextProvider>,
      { dataProvider, abilities: ABILITIES, enabledPlugins: ['customers'], initialEntries: ['/engagements/customer'] }
    )
    expect((await screen.findByTestId('list-error')).textContent).toBe(message)
  })

  it('lets that 403 reach the screen instead of sending the user to /403', () => {
    expect(classifyApiError({ status: 403, type: 'report_disabled' })).toEqual({ kind: 'error' })
    expect(classifyApiError({ status: 403, type: 'forbidden' })).toEqual({ kind: 'redirect', to: '/403' })
  })
})

describe('activity list', () => {
  const row = (id: number, date: string, betCount: number | null) => ({
    id,
    customerId: 7,
    cuid: 'player-1001',
    brandId: 1,
    campaignId: null,
    affiliateId: null,
    date,
    txnId: `t-${id}`,
    currency: 'BRL',
    deposits: '0',
    bets: '10.000000',
    wins: '0',
    depositCount: 0,
    betCount,
    isFtd: false,
    fraud: false,
    version: 1,
    source: 'csv',
  })

  it('hides bet counts up to 29 April 2025 and marks a row’s customer as fraud from the row', async () => {
    const request = vi.fn(async () => ({ data: {}, headers: new Headers(), status: 200 }))
    const dataProvider = testDataProvider({
      getList: async () => ({ data: [row(5, '2025-05-01', 12), row(4, '2025-04-29', 30)], total: 2 }),
      getMany: async () => ({ data: [] }),
      request,
    } as never)
    renderScreen(
      <ResourceContextProvider value="engagements/activity">
        <ActivityList />
      </ResourceContextProvider>,
      { dataProvider, abilities: ABILITIES, enabledPlugins: ['customers'], initialEntries: ['/engagements/activity'] }
    )
    const after = (await screen.findByText('2025-05-01')).closest('tr')!
    const onCutOff = screen.getByText('2025-04-29').closest('tr')!
    expect(after.querySelector('td.column-betCount')?.textContent).toBe('12')
    expect(onCutOff.querySelector('td.column-betCount')?.textContent).toBe('—')

    fireEvent.click(after)
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as fraud' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mark player-1001 as fraud?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as fraud' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('/api/v1/customers/activity/5/fraud', { method: 'POST', body: {} })
    )
  })
})

describe('conversion list', () => {
  it("opens the conversion's customer details", async () => {
    const dataProvider = testDataProvider({
      getList: async () => ({
        data: [
          {
            id: 31,
            customerId: 7,
            cuid: 'player-7',
            date: '2026-11-20',
            type: 'ftd',
            amount: '50.000000',
            currency: 'BRL',
            capStatus: 'counted',
            capAction: null,
          },
        ],
        total: 1,
      }),
      getMany: async () => ({ data: [] }),
    } as never)
    let pathname = ''
    renderScreen(
      <ResourceContextProvider value="engagements/conversion">
        <ConversionList />
      </ResourceContextProvider>,
      {
        dataProvider,
        abilities: ABILITIES,
        enabledPlugins: ['customers'],
        initialEntries: ['/engagements/conversion'],
        locationCallback: (location) => (pathname = location.pathname),
      }
    )
    fireEvent.click((await screen.findByText('player-7')).closest('tr')!)
    await waitFor(() => expect(pathname).toBe('/engagements/customer-details/7'))
  })
})

describe('operator postback', () => {
  it('shows a new secret once, after a confirmation, then only its hint', async () => {
    const info = {
      url: 'https://affix.test/pb/',
      configured: true,
      secretHint: 'ab12',
      createdAt: '2026-11-01T00:00:00.000Z',
      rotatedAt: null,
    }
    let hint = 'ab12'
    const request = vi.fn(async (path: string, options: { method?: string } = {}) => {
      if (path === '/api/v1/customers/postback' && !options.method)
        return { data: { ...info, secretHint: hint }, headers: new Headers(), status: 200 }
      if (path === '/api/v1/customers/postback/secret' && options.method === 'POST') {
        hint = 'zz99'
        return {
          data: {
            ...info,
            secretHint: 'zz99',
            secret: 'pbs_new_secret_zz99',
            example: 'https://affix.test/pb/?secret=pbs_new_secret_zz99&event=deposit',
          },
          headers: new Headers(),
          status: 201,
        }
      }
      throw new HttpError('Not found', 404, {})
    })
    renderScreen(<PostbackSecretCard />, {
      dataProvider: testDataProvider({ request } as never),
      abilities: ABILITIES,
      enabledPlugins: ['customers'],
    })
    expect((await screen.findByTestId('postback-url')).textContent).toBe('https://affix.test/pb/')
    expect(screen.getByTestId('postback-secret-state').textContent).toBe('Set (ends in ab12)')
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the postback secret?' })
    expect(request).toHaveBeenCalledTimes(1)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }))
    expect((await screen.findByTestId('postback-secret-value')).textContent).toBe('pbs_new_secret_zz99')
    await waitFor(() => expect(screen.getByTestId('postback-secret-state').textContent).toBe('Set (ends in zz99)'))
    // The example call with the real secret is part of the one-time notice only.
    expect(screen.getByTestId('postback-new-secret').textContent).toContain('secret=pbs_new_secret_zz99')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.click(within(screen.getByTestId('postback-new-secret')).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByText('pbs_new_secret_zz99')).toBeNull())
  })
})

describe('customers helpers', () => {
  it('shows bet counts only for activity dated after 29 April 2025', () => {
    expect(showsBetCount('2025-04-29')).toBe(false)
    expect(showsBetCount('2025-04-30')).toBe(true)
    expect(showsBetCount(null)).toBe(false)
  })

  it('sends the reassignment’s effective date only when one was picked', () => {
    expect(reassignBody({ affiliateId: 4, reason: ' moved ', effectiveDate: '' })).toEqual({
      affiliateId: 4,
      reason: 'moved',
    })
    expect(reassignBody({ affiliateId: 4, reason: 'moved', effectiveDate: '2026-12-01' })).toEqual({
      affiliateId: 4,
      reason: 'moved',
      effectiveDate: '2026-12-01',
    })
  })

  it('reads an FX row’s refusal from the batch answer', () => {
    expect(rowRefusal({ summary: {}, results: [{ status: 'created' }] })).toBeNull()
    expect(
      rowRefusal({ summary: { error: 1 }, results: [{ status: 'error', error: { message: 'Unknown currency XXX' } }] })
    ).toBe('Unknown currency XXX')
  })

  it('refuses a file that is not a CSV of at most 10 MB before uploading', () => {
    expect(checkCsvFile(null)).toBe('customers.import.file_required')
    expect(checkCsvFile(new File(['x'], 'players.xlsx'))).toBe('customers.import.invalid_file')
    expect(checkCsvFile(new File([''], 'players.csv'))).toBe('customers.import.invalid_file')
    expect(checkCsvFile(new File(['cuid\n1\n'], 'players.csv'))).toBeNull()
  })

  it('keys FX rates, which have no id, by their currencies and date', async () => {
    const rows = [{ from: 'BRL', to: 'USD', date: '2026-01-05', rate: '0.1850000000' }]
    const httpClient = vi.fn(
      async () =>
        ({
          status: 200,
          headers: new Headers({ 'Content-Range': 'fx-rates 0-0/1' }),
          body: JSON.stringify(rows),
          json: rows,
        }) as HttpResponse
    ) as unknown as HttpClient
    const dataProvider = createDataProvider({
      registry: new ResourceRegistry().register(customersAdmin),
      httpClient,
      downloadFile: vi.fn(),
    })
    const { data } = await dataProvider.getList('configuration/fx-rates', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'date', order: 'DESC' },
      filter: {},
    })
    expect(data[0].id).toBe('BRL:USD:2026-01-05')
  })
})
