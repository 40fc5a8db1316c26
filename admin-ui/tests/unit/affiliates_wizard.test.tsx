/* The affiliate add/edit wizard: step navigation, per-step checks, the review, and a server 422 sent back to the right step. */
import type { ReactElement } from 'react'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import {
  HttpError,
  ResourceContextProvider,
  reactRouterProvider,
  testDataProvider,
  type DataProvider,
} from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import { AffiliateCreate } from '../../../plugins/affiliates/admin/affiliates/AffiliateCreate'
import { AffiliateEdit } from '../../../plugins/affiliates/admin/affiliates/AffiliateEdit'
import { ADMIN_ABILITIES, renderScreen } from './screens_helpers'

const ABILITIES = [
  ...ADMIN_ABILITIES,
  { subject: 'affiliates', action: 'manage' },
  { subject: 'affiliate-groups', action: 'manage' },
]

function provider(overrides: Partial<DataProvider> = {}): DataProvider {
  return testDataProvider({
    getList: async () => ({ data: [], total: 0 }) as never,
    getMany: async () => ({ data: [] }) as never,
    ...overrides,
  })
}

function renderWizard(ui: ReactElement, dataProvider: DataProvider, path = '/manage/affiliate/create') {
  return renderScreen(<ResourceContextProvider value="manage/affiliate">{ui}</ResourceContextProvider>, {
    abilities: ABILITIES,
    enabledPlugins: ['affiliates'],
    initialEntries: [path],
    dataProvider,
  })
}

const { Route, Routes } = reactRouterProvider

const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) })
const type = (name: string, value: string) => fireEvent.change(textbox(name), { target: { value } })
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }))
const currentStep = () =>
  screen
    .getAllByRole('group')
    .find((group) => !group.hidden)
    ?.getAttribute('aria-label')
async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }))
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

// Whole forms rendered in jsdom: slower than the default 5 s on a busy machine.
describe('affiliate wizard', { timeout: 30_000 }, () => {
  it('walks Basic → Payment → Company → Review, checking each step before moving on', async () => {
    renderWizard(<AffiliateCreate />, provider())
    await screen.findByRole('textbox', { name: /^Name/ })
    expect(currentStep()).toBe('Basic Details')

    click('Next')
    await waitFor(() => expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(2))
    expect(currentStep()).toBe('Basic Details')

    type('Name', 'Jane Partner')
    type('Email', 'jane@partners.example')
    // No password field: the server mails the affiliate an invitation to choose their own.
    expect(screen.queryByLabelText(/^Password/)).toBeNull()
    screen.getByText(/An invitation is mailed to this address when you save: the affiliate chooses their own password/)
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Payment Details'))
    await choose(/Default payment method/, 'Bank transfer')
    await screen.findByRole('textbox', { name: /^Bank name/ })
    click('Next')
    await screen.findByText('Bank name is required')
    await screen.findByText('Swift code is required')
    expect(currentStep()).toBe('Payment Details')

    type('Bank name', 'Barclays')
    type('Account holder name', 'Jane Partner')
    type('Account number', '12345678')
    type('SWIFT code', 'BARCGB22')
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Company Details'))
    type('Country', 'gb')
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Review'))

    const review = screen.getByTestId('affiliate-review')
    for (const shown of ['Jane Partner', 'jane@partners.example', 'Bank transfer', 'Barclays', 'BARCGB22', 'GB'])
      expect(within(review).getAllByText(shown).length).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy()

    click('Back')
    await waitFor(() => expect(currentStep()).toBe('Company Details'))
    expect((textbox('Country') as HTMLInputElement).value).toBe('GB')
  })

  it('saves the whole wizard once, with the chosen method’s fields only', async () => {
    const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
      data: { id: 7, ...params.data },
    }))
    renderWizard(<AffiliateCreate />, provider({ create: create as never }))
    await screen.findByRole('textbox', { name: /^Name/ })
    type('Name', 'Jane Partner')
    type('Email', 'jane@partners.example')
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Payment Details'))
    await choose(/Default payment method/, 'CPF (Pix)')
    type('CPF', '1234')
    click('Next')
    await screen.findByText(/^Invalid CPF/)
    // Eleven digits but wrong check digits: refused like the server does.
    type('CPF', '12345678900')
    click('Next')
    await screen.findByText(/^Invalid CPF/)
    type('CPF', '123.456.789-09')
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Company Details'))
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Review'))
    click('Save')
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1))
    const body = create.mock.calls[0][1].data
    expect(body).toMatchObject({
      name: 'Jane Partner',
      email: 'jane@partners.example',
      status: 'active',
      paymentDetails: { defaultMethod: 'cpf', cpf: '123.456.789-09' },
    })
    expect(Object.keys(body.paymentDetails as object).sort()).toEqual(['cpf', 'defaultMethod'])
    expect(body).not.toHaveProperty('password')
  })

  it('sends a server 422 back to the step of the first field in error', async () => {
    const create = vi.fn(async () => {
      throw new HttpError('The data is not valid', 422, {
        errors: {
          'paymentDetails.bankName': 'Bank name is not valid',
          email: 'An affiliate with this email already exists',
          root: { serverError: 'The data is not valid' },
        },
      })
    })
    renderWizard(<AffiliateCreate />, provider({ create: create as never }))
    await screen.findByRole('textbox', { name: /^Name/ })
    type('Name', 'Jane Partner')
    type('Email', 'taken@partners.example')
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Payment Details'))
    await choose(/Default payment method/, 'Bank transfer')
    type('Bank name', 'B')
    type('Account holder name', 'Jane Partner')
    type('Account number', '1')
    type('SWIFT code', 'BARCGB22')
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Company Details'))
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Review'))
    click('Save')

    await waitFor(() => expect(currentStep()).toBe('Basic Details'))
    await screen.findByText('An affiliate with this email already exists')
    // The other step's error waits there, and its step is flagged in the stepper.
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Payment Details'))
    await screen.findByText('Bank name is not valid')
  })

  it('edits an existing affiliate through the same steps, without a password field', async () => {
    const record = {
      id: 5,
      name: 'Old Name',
      email: 'old@partners.example',
      status: 'active',
      tags: ['vip'],
      managerName: null,
      paymentDetails: { defaultMethod: 'paypal', paypalId: 'old-id', paypalEmail: 'old@paypal.example' },
      country: 'BR',
    }
    const update = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
      data: { ...record, ...params.data },
    }))
    renderWizard(
      <Routes>
        <Route path="/manage/affiliate/:id/edit" element={<AffiliateEdit />} />
      </Routes>,
      provider({ getOne: (async () => ({ data: record })) as never, update: update as never }),
      '/manage/affiliate/5/edit'
    )
    await waitFor(() => expect((textbox('Name') as HTMLInputElement).value).toBe('Old Name'))
    expect(screen.queryByLabelText(/^Password/)).toBeNull()
    type('Name', 'New Name')
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Payment Details'))
    expect((textbox('PayPal ID') as HTMLInputElement).value).toBe('old-id')
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Company Details'))
    click('Next')
    await waitFor(() => expect(currentStep()).toBe('Review'))
    click('Save')
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1))
    expect(update.mock.calls[0][1].data).toMatchObject({
      name: 'New Name',
      paymentDetails: { defaultMethod: 'paypal', paypalId: 'old-id' },
    })
    expect(update.mock.calls[0][1].data).not.toHaveProperty('managerName')
  })
})
