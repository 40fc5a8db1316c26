/* Promo code form: include or exclude (one or the other, never empty), the affiliate an exclusive or one-time code needs, the payload, server errors. */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { HttpError, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import { PromoCodeCreate } from '../../../plugins/promo-codes/admin/promo-codes/PromoCodeCreate'
import { toPromoCodePayload, validatePromoCodeForm } from '../../../plugins/promo-codes/admin/promo-codes/model'
import { ADMIN_ABILITIES, renderScreen } from './screens_helpers'

const ABILITIES = [
  ...ADMIN_ABILITIES,
  { subject: 'promo-codes', action: 'manage' },
  { subject: 'affiliates', action: 'manage' },
]
const AFFILIATES = [
  { id: 42, name: 'Ana Souza' },
  { id: 43, name: 'Lucas Pereira' },
]

function renderCreate(overrides: Partial<DataProvider> = {}) {
  const dataProvider = testDataProvider({
    getList: async () => ({ data: AFFILIATES, total: AFFILIATES.length }) as never,
    getMany: async (_resource: string, { ids }: { ids: unknown[] }) =>
      ({ data: AFFILIATES.filter((affiliate) => ids.includes(affiliate.id)) }) as never,
    ...overrides,
  } as Partial<DataProvider>)
  return renderScreen(
    <ResourceContextProvider value="manage/promo-code">
      <PromoCodeCreate />
    </ResourceContextProvider>,
    {
      abilities: ABILITIES,
      enabledPlugins: ['promo-codes', 'affiliates'],
      initialEntries: ['/manage/promo-code/create'],
      dataProvider,
    }
  )
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }))
const includeInput = () => screen.queryByRole('combobox', { name: /^Included affiliates/ })
const excludeInput = () => screen.queryByRole('combobox', { name: /^Excluded affiliates/ })
async function pickAffiliate(input: HTMLElement, name: string) {
  fireEvent.mouseDown(input)
  fireEvent.change(input, { target: { value: name.slice(0, 3) } })
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }))
}

describe('promo code form', () => {
  it('shows the include or the exclude list, never both, and an empty one is refused', async () => {
    const create = vi.fn()
    renderCreate({ create })
    fireEvent.change(await screen.findByRole('textbox', { name: /^Code/ }), { target: { value: 'SUMMER25' } })
    expect(includeInput()).toBeNull()
    expect(excludeInput()).toBeNull()

    fireEvent.click(screen.getByRole('radio', { name: 'Exclude affiliates' }))
    await waitFor(() => expect(excludeInput()).not.toBeNull())
    expect(includeInput()).toBeNull()
    save()
    await screen.findByText('Exclude needs at least one affiliate')

    fireEvent.click(screen.getByRole('radio', { name: 'Include affiliates' }))
    await waitFor(() => expect(includeInput()).not.toBeNull())
    expect(excludeInput()).toBeNull()
    save()
    await screen.findByText('Include needs at least one affiliate')
    expect(create).not.toHaveBeenCalled()
  })

  it('needs an affiliate for exclusive and one-time codes only', async () => {
    const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
      data: { id: 1, ...params.data },
    }))
    renderCreate({ create: create as never })
    fireEvent.change(await screen.findByRole('textbox', { name: /^Code/ }), { target: { value: 'VIP1' } })
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Type/ }))
    fireEvent.click(await screen.findByRole('option', { name: 'One time' }))
    await screen.findByText('Required for exclusive and one-time codes.')
    save()
    await screen.findByText('Exclusive and one-time promo codes need an affiliate')
    expect(create).not.toHaveBeenCalled()

    await pickAffiliate(screen.getByRole('combobox', { name: /^Affiliate/ }), 'Ana Souza')
    await waitFor(() => expect(screen.queryByText('Exclusive and one-time promo codes need an affiliate')).toBeNull())
    save()
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1))
    expect(create.mock.calls[0][1].data).toMatchObject({
      code: 'VIP1',
      type: 'one_time',
      affiliateId: 42,
      affiliateSelection: 'all',
      includedAffiliateIds: [],
      excludedAffiliateIds: [],
    })
  })

  it('saves an exclude code with its list only, and shows the server field errors', async () => {
    const create = vi.fn(async () => {
      throw new HttpError('A promo code with this code already exists', 422, {
        errors: {
          code: 'A promo code with this code already exists',
          root: { serverError: 'A promo code with this code already exists' },
        },
      })
    })
    renderCreate({ create: create as never })
    fireEvent.change(await screen.findByRole('textbox', { name: /^Code/ }), { target: { value: 'TAKEN' } })
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Bonus/ }), { target: { value: '12.5' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Exclude affiliates' }))
    await waitFor(() => expect(excludeInput()).not.toBeNull())
    await pickAffiliate(excludeInput()!, 'Lucas Pereira')
    save()
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1))
    expect((create.mock.calls[0] as unknown[])[1]).toMatchObject({
      data: {
        code: 'TAKEN',
        bonus: 12.5,
        affiliateSelection: 'exclude',
        excludedAffiliateIds: [43],
        includedAffiliateIds: [],
        enabled: true,
        origin: 'organic',
      },
    })
    await screen.findByText('A promo code with this code already exists')
  })
})

describe('promo code rules', () => {
  it('mirror the server: selection lists, affiliate for exclusive, end after start', () => {
    expect(validatePromoCodeForm({ affiliateSelection: 'all' })).toEqual({})
    expect(validatePromoCodeForm({ affiliateSelection: 'include', includedAffiliateIds: [] })).toEqual({
      includedAffiliateIds: 'promo_codes.errors.include_needs_one',
    })
    // The other list's leftovers do not count.
    expect(validatePromoCodeForm({ affiliateSelection: 'exclude', includedAffiliateIds: [1] })).toEqual({
      excludedAffiliateIds: 'promo_codes.errors.exclude_needs_one',
    })
    expect(validatePromoCodeForm({ type: 'exclusive' })).toEqual({
      affiliateId: 'promo_codes.errors.affiliate_required',
    })
    expect(validatePromoCodeForm({ type: 'generic' })).toEqual({})
    expect(validatePromoCodeForm({ startDate: '2026-05-02T10:00', endDate: '2026-05-01T10:00' })).toEqual({
      endDate: 'promo_codes.errors.end_before_start',
    })
  })

  it('sends the kept list only, dates as ISO instants, no campaign before campaigns exist', () => {
    const payload = toPromoCodePayload(
      {
        code: ' X1 ',
        bonus: '5',
        affiliateSelection: 'include',
        includedAffiliateIds: [1, 2],
        excludedAffiliateIds: [3],
        startDate: '2026-05-01T10:00',
        endDate: null,
        campaignId: 4,
      },
      { campaigns: false }
    )
    expect(payload).toMatchObject({
      code: 'X1',
      bonus: 5,
      includedAffiliateIds: [1, 2],
      excludedAffiliateIds: [],
      endDate: null,
      type: 'generic',
      enabled: true,
    })
    expect(payload.startDate).toBe(new Date('2026-05-01T10:00').toISOString())
    expect(payload).not.toHaveProperty('campaignId')
    expect(toPromoCodePayload({ code: 'X', campaignId: 4 }, { campaigns: true })).toMatchObject({ campaignId: 4 })
  })
})
