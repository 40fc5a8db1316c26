/* Campaign screens: the 3-step wizard (payout saved after the campaign), payout fields per model, the caps tab, the link generator, targeting rule blocks. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import {
  HttpError,
  RecordContextProvider,
  ResourceContextProvider,
  testDataProvider,
  type DataProvider,
} from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import { CampaignCreate } from '../../../plugins/campaigns/admin/campaigns/CampaignCreate'
import { CapsTab } from '../../../plugins/campaigns/admin/campaigns/tabs/CapsTab'
import { LinkGenerator } from '../../../plugins/campaigns/admin/campaigns/tabs/LinksTab'
import { TargetingTab } from '../../../plugins/campaigns/admin/campaigns/tabs/TargetingTab'
import { ADMIN_ABILITIES, renderScreen } from './screens_helpers'

const ABILITIES = [
  ...ADMIN_ABILITIES,
  { subject: 'campaigns', action: 'manage' },
  { subject: 'affiliates', action: 'manage' },
]
const BRANDS = [{ id: 1, name: 'Lucky Spin' }]
const AFFILIATES = [{ id: 42, name: 'Ana Souza' }]

function provider(overrides: Partial<DataProvider> & { request?: (...args: any[]) => any } = {}) {
  return testDataProvider({
    getList: async (resource: string) =>
      ({
        data: resource === 'manage/brand' ? BRANDS : resource === 'manage/affiliate' ? AFFILIATES : [],
        total: resource === 'manage/brand' ? 1 : resource === 'manage/affiliate' ? 1 : 0,
      }) as never,
    getMany: async (resource: string, { ids }: { ids: unknown[] }) =>
      ({ data: (resource === 'manage/brand' ? BRANDS : AFFILIATES).filter((row) => ids.includes(row.id)) }) as never,
    request: async () => ({
      data: { valid: true, message: 'URL is valid with the specified macros.' },
      headers: new Headers(),
      status: 200,
    }),
    ...overrides,
  } as Partial<DataProvider>)
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }))
const shown = (step: string) => !screen.getByRole('group', { name: step, hidden: true }).hidden
const text = (name: RegExp) => screen.getByRole('textbox', { name })

describe('campaign wizard', () => {
  it('checks each step, shows the fields of the payout model, creates the campaign then saves its payout plan', async () => {
    const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
      data: { id: 9, ...params.data },
    }))
    // The validator answers by URL, so an answer to an earlier, slower-typed URL is never taken for this one.
    const request = vi.fn(async (path: string, options?: { body?: { url?: string } }) => ({
      data: path.endsWith('/url-validator')
        ? options?.body?.url?.startsWith('https://')
          ? { valid: true, message: 'URL is valid with the specified macros.' }
          : { valid: false, message: 'The validator refuses this URL.' }
        : { model: 'cpa' },
      headers: new Headers(),
      status: 200,
    }))
    renderScreen(
      <ResourceContextProvider value="manage/campaign">
        <CampaignCreate />
      </ResourceContextProvider>,
      {
        abilities: ABILITIES,
        enabledPlugins: ['campaigns', 'brands', 'affiliates'],
        initialEntries: ['/manage/campaign/create'],
        dataProvider: provider({ create: create as never, request }),
      }
    )
    // Basic: title, brand and URL are required before moving on.
    await screen.findByRole('textbox', { name: /^Title/ })
    next()
    await screen.findByText('URL is required')
    expect(shown('Basic')).toBe(true)

    fireEvent.change(text(/^Title/), { target: { value: 'Spring CPA' } })
    fireEvent.change(text(/^Default URL/), { target: { value: 'not a url' } })
    next()
    await screen.findByText('Invalid URL')
    fireEvent.change(text(/^Default URL/), { target: { value: 'https://brand.example/landing?cid={click_id}' } })
    // The server's URL validator answers under the field.
    await screen.findByText('URL is valid with the specified macros.')
    expect(request).toHaveBeenCalledWith(
      '/api/v1/campaigns/campaigns/url-validator',
      expect.objectContaining({
        method: 'POST',
        body: expect.objectContaining({ url: 'https://brand.example/landing?cid={click_id}' }),
      })
    )
    const brand = screen.getByRole('combobox', { name: /^Brand/ })
    fireEvent.mouseDown(brand)
    fireEvent.change(brand, { target: { value: 'Luc' } })
    fireEvent.click(await screen.findByRole('option', { name: 'Lucky Spin' }))
    next()
    await waitFor(() => expect(shown('Advanced')).toBe(true))
    next()
    await waitFor(() => expect(shown('Payout')).toBe(true))

    // CPA shows its amount and goal shares; Rev Share shows its percentages only.
    const payout = within(screen.getByTestId('payout-step'))
    expect(payout.getByRole('spinbutton', { name: /^CPA payout/ })).toBeTruthy()
    expect(payout.queryByRole('spinbutton', { name: /^Rev Share on NGR/ })).toBeNull()
    fireEvent.mouseDown(payout.getByRole('combobox', { name: /^Payout model/ }))
    fireEvent.click(await screen.findByRole('option', { name: 'Rev Share' }))
    await waitFor(() => expect(payout.queryByRole('spinbutton', { name: /^CPA payout/ })).toBeNull())
    fireEvent.change(payout.getByRole('spinbutton', { name: /^Rev Share on NGR/ }), { target: { value: '150' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Must not be greater than 100')
    expect(create).not.toHaveBeenCalled()

    fireEvent.change(payout.getByRole('spinbutton', { name: /^Rev Share on NGR/ }), { target: { value: '35' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1))
    const sent = create.mock.calls[0][1].data
    expect(sent).toMatchObject({
      title: 'Spring CPA',
      brandId: 1,
      defaultUrl: 'https://brand.example/landing?cid={click_id}',
      status: 'active',
      visibility: 'public',
    })
    expect(sent).not.toHaveProperty('payout')
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/api/v1/campaigns/campaigns/9/payout',
        expect.objectContaining({ method: 'PUT', body: expect.objectContaining({ model: 'cps', cpsNgrP: 35 }) })
      )
    )
  }, 30_000)
})

describe('caps tab', () => {
  it('lists the caps, checks a new one before calling the server, shows the server refusal under the input, edits and deletes', async () => {
    const caps: any[] = []
    const create = vi.fn(async (_resource: string, { data }: { data: any }) => {
      if (data.limits.daily === 49) {
        throw new HttpError('Please check the highlighted fields', 422, {
          errors: {
            'limits.daily': 'The server refuses 49',
            root: { serverError: 'Please check the highlighted fields' },
          },
        })
      }
      caps.push({ id: 3, campaignId: 5, ...data })
      return { data: caps[0] }
    })
    const getOne = vi.fn(async () => ({ data: caps[0] }))
    const update = vi.fn(async (_resource: string, { data }: { data: any }) => ({ data: { ...caps[0], ...data } }))
    const remove = vi.fn(async () => ({ data: caps.pop() }))
    const dataProvider = provider({
      getManyReference: async () => ({ data: [...caps], total: caps.length }) as never,
      create: create as never,
      getOne: getOne as never,
      update: update as never,
      delete: remove as never,
    })
    renderScreen(
      <ResourceContextProvider value="manage/campaign">
        <RecordContextProvider value={{ id: 5, title: 'Spring' }}>
          <CapsTab />
        </RecordContextProvider>
      </ResourceContextProvider>,
      { abilities: ABILITIES, enabledPlugins: ['campaigns'], dataProvider }
    )
    await screen.findByText('No caps.')
    fireEvent.click(screen.getByRole('button', { name: 'Add cap' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }))
    await screen.findByText('Enter at least one limit (hourly, daily, 15-day, monthly or lifetime)')
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Daily' }), { target: { value: '500' } })
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Monthly' }), { target: { value: '100' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Daily must be below the 15-day and monthly limits')
    expect(create).not.toHaveBeenCalled()
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Daily' }), { target: { value: '49' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('The server refuses 49')
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Daily' }), { target: { value: '50' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(create).toHaveBeenLastCalledWith('campaign-caps', {
        data: {
          variable: 'clicks',
          type: 'combined',
          visibility: 'public',
          action: 'reject_activity',
          limits: { daily: 50, monthly: 100 },
        },
        meta: { campaignId: 5 },
      })
    )
    const row = (await screen.findByText('Daily: 50, Monthly: 100')).closest('tr')!
    expect(within(row).getByText('Clicks')).toBeTruthy()
    expect(within(row).getByText('Reject activity')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()

    fireEvent.click(within(row).getByRole('button', { name: 'Edit cap' }))
    await waitFor(() =>
      expect(getOne).toHaveBeenCalledWith('campaign-caps', expect.objectContaining({ id: 3, meta: { campaignId: 5 } }))
    )
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Monthly' }), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'campaign-caps',
        expect.objectContaining({
          id: 3,
          data: expect.objectContaining({ limits: { daily: 50 } }),
          meta: { campaignId: 5 },
        })
      )
    )

    fireEvent.click(await within(row).findByRole('button', { name: 'Delete cap' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }))
    await waitFor(() =>
      expect(remove).toHaveBeenCalledWith('campaign-caps', expect.objectContaining({ id: 3, meta: { campaignId: 5 } }))
    )
    await screen.findByText('No caps.')
  }, 30_000)
})

describe('link generator', () => {
  const campaign = { id: 5, title: 'Welcome', shortLinkDefault: false }
  it('asks for an affiliate, then shows the link with Copy', async () => {
    const request = vi.fn(async (_path: string, _options?: unknown) => ({
      data: { url: 'http://t.example/c/5?pub_id=42&p1=x', shortUrl: null },
      headers: new Headers(),
      status: 201,
    }))
    renderScreen(
      <ResourceContextProvider value="manage/campaign">
        <RecordContextProvider value={campaign}>
          <LinkGenerator />
        </RecordContextProvider>
      </ResourceContextProvider>,
      { abilities: ABILITIES, enabledPlugins: ['campaigns', 'affiliates'], dataProvider: provider({ request }) }
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Generate link' }))
    await screen.findByText('Please select an affiliate')
    expect(request).not.toHaveBeenCalled()
    const affiliate = screen.getByRole('combobox', { name: /^Affiliate/ })
    fireEvent.mouseDown(affiliate)
    fireEvent.change(affiliate, { target: { value: 'Ana' } })
    fireEvent.click(await screen.findByRole('option', { name: 'Ana Souza' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'p1' }), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate link' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('/api/v1/campaigns/campaigns/5/links', {
        method: 'POST',
        body: { affiliateId: 42, p1: 'x', shortLink: false },
      })
    )
    expect(await screen.findByDisplayValue('http://t.example/c/5?pub_id=42&p1=x')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Copy' }).length).toBeGreaterThan(0)
  })

  it('gives an affiliate its own link without a picker', async () => {
    const request = vi.fn(async () => ({
      data: { url: 'http://t.example/c/5?pub_id=7', shortUrl: 'http://t.example/s/abc' },
      headers: new Headers(),
      status: 201,
    }))
    renderScreen(
      <RecordContextProvider value={{ ...campaign, shortLinkDefault: true }}>
        <LinkGenerator asAffiliate />
      </RecordContextProvider>,
      {
        abilities: [{ subject: 'campaigns', action: 'read' }],
        enabledPlugins: ['campaigns'],
        dataProvider: provider({ request }),
      }
    )
    expect(screen.queryByRole('combobox', { name: /^Affiliate/ })).toBeNull()
    fireEvent.click(await screen.findByRole('button', { name: 'Generate link' }))
    expect(await screen.findByDisplayValue('http://t.example/s/abc')).toBeTruthy()
    expect(request).toHaveBeenCalledWith('/api/v1/campaigns/campaigns/5/links', {
      method: 'POST',
      body: { shortLink: true },
    })
  })
})

describe('targeting tab', () => {
  it('checks the block before calling the server, sends comma-separated values as a list and shows the server refusal under the input', async () => {
    const blocks: any[] = []
    const create = vi.fn(async (_resource: string, { data }: { data: any }) => {
      if (data.conditions[0].values.includes('10.0.0.0/40')) {
        // The server names the wrong value by its place in the list.
        throw new HttpError('Please check the highlighted fields', 422, {
          errors: {
            'conditions.0.values.0': '10.0.0.0/40 is not a valid IP range (CIDR such as 10.0.0.0/8, or start-end)',
            root: { serverError: 'Please check the highlighted fields' },
          },
        })
      }
      blocks.push({ id: 3, campaignId: 5, ...data })
      return { data: blocks[0] }
    })
    const update = vi.fn(async (_resource: string, { data }: { data: any }) => {
      blocks[0] = { ...blocks[0], ...data }
      return { data: blocks[0] }
    })
    renderScreen(
      <ResourceContextProvider value="manage/campaign">
        <RecordContextProvider value={{ id: 5, title: 'Spring' }}>
          <TargetingTab />
        </RecordContextProvider>
      </ResourceContextProvider>,
      {
        abilities: ABILITIES,
        enabledPlugins: ['campaigns'],
        dataProvider: provider({
          getManyReference: async () => ({ data: [...blocks], total: blocks.length }) as never,
          create: create as never,
          getOne: (async () => ({ data: blocks[0] })) as never,
          update: update as never,
        }),
      }
    )
    await screen.findByText('No rule blocks: every click goes to the campaign URL.')
    fireEvent.click(screen.getByRole('button', { name: 'Add rule block' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect((await screen.findAllByText('Required')).length).toBe(2)
    expect(create).not.toHaveBeenCalled()

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Office' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Values (comma-separated)' }), {
      target: { value: '10.0.0.0/40' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('10.0.0.0/40 is not a valid IP range (CIDR such as 10.0.0.0/8, or start-end)')

    fireEvent.change(screen.getByRole('textbox', { name: 'Values (comma-separated)' }), {
      target: { value: 'BR, pt ,' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(create).toHaveBeenLastCalledWith('campaign-rule-blocks', {
        data: {
          name: 'Office',
          logic: 'and',
          conditions: [{ field: 'country', operator: 'in', values: ['BR', 'pt'] }],
        },
        meta: { campaignId: 5 },
      })
    )
    const row = (await screen.findByText('Country is one of BR, pt')).closest('tr')!
    expect(within(row).getByText('Office')).toBeTruthy()
    expect(within(row).getByText('All conditions (AND)')).toBeTruthy()

    // Editing shows the values as text again; a block keeps at least one condition.
    fireEvent.click(within(row).getByRole('button', { name: 'Edit rule block' }))
    expect(await screen.findByDisplayValue('BR, pt')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Remove condition' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }))
    const values = await screen.findAllByRole('textbox', { name: 'Values (comma-separated)' })
    expect(values).toHaveLength(2)
    fireEvent.change(values[1], { target: { value: '10.0.0.1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'campaign-rule-blocks',
        expect.objectContaining({
          id: 3,
          meta: { campaignId: 5 },
          data: {
            name: 'Office',
            logic: 'and',
            conditions: [
              { field: 'country', operator: 'in', values: ['BR', 'pt'] },
              { field: 'country', operator: 'in', values: ['10.0.0.1'] },
            ],
          },
        })
      )
    )
    await screen.findByText('Country is one of BR, pt & Country is one of 10.0.0.1')
  }, 30_000)
})
