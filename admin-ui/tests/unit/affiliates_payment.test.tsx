/* The payment details inputs (wizard step 2 and the affiliate's Account → Payment info) and the form model. */
import type { ReactElement } from 'react'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Form, HttpError, testDataProvider } from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import {
  PAYMENT_FIELDS,
  stepFields,
  stepOfField,
  toAffiliatePayload,
  toPaymentPayload,
} from '../../../plugins/affiliates/admin/affiliates/model'
import { PaymentFields } from '../../../plugins/affiliates/admin/affiliates/PaymentFields'
import { firstStepWithError as firstStepOf } from '../../src/layout/StepWizard'
import { PaymentInfoPanel } from '../../../plugins/affiliates/admin/me/PaymentInfoPanel'
import { renderScreen } from './screens_helpers'

const LABELS: Record<string, string[]> = {
  bank: ['Bank name', 'Account holder name', 'Account number', 'SWIFT code', 'IFSC'],
  paypal: ['PayPal ID', 'PayPal email'],
  cpf: ['CPF'],
  crypto: ['Crypto network', 'Crypto address'],
  custom: ['Payment method name', 'Payment details'],
}
const METHOD_NAMES: Record<string, string> = {
  bank: 'Bank transfer',
  paypal: 'PayPal',
  cpf: 'CPF (Pix)',
  crypto: 'Crypto',
  custom: 'Custom',
}
const ALL_LABELS = Object.values(LABELS).flat()
const shownLabels = () =>
  ALL_LABELS.filter((label) =>
    screen.queryByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`) })
  )

async function choose(option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Default payment method/ }))
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

describe('payment fields', { timeout: 30_000 }, () => {
  it('shows the fields of the chosen method only', async () => {
    renderScreen(
      <Form>
        <PaymentFields />
      </Form>
    )
    await screen.findByRole('combobox', { name: /Default payment method/ })
    expect(shownLabels()).toEqual([])
    for (const method of Object.keys(LABELS)) {
      await choose(METHOD_NAMES[method])
      await waitFor(() => expect(shownLabels()).toEqual(LABELS[method]))
    }
  })

  it('keeps the model’s field list per method in line with the inputs', () => {
    expect(Object.keys(PAYMENT_FIELDS)).toEqual(['bank', 'paypal', 'cpf', 'crypto', 'custom'])
    expect(stepFields('payment', 'crypto')).toEqual([
      'paymentDetails.defaultMethod',
      'paymentDetails.cryptoNetwork',
      'paymentDetails.cryptoAddress',
    ])
    expect(stepFields('payment', null)).toEqual(['paymentDetails.defaultMethod'])
  })

  it('sends the chosen method and its own fields, blanks as null', () => {
    const details = { defaultMethod: 'paypal', paypalId: 'jane', paypalEmail: '', bankName: 'Leftover Bank' }
    expect(toPaymentPayload(details)).toEqual({ defaultMethod: 'paypal', paypalId: 'jane', paypalEmail: null })
    expect(toPaymentPayload({})).toBeUndefined()
    const body = toAffiliatePayload({
      id: 3,
      name: 'Jane',
      country: 'br',
      currency: 'brl',
      managerName: 'Ann',
      // Never sent: only the affiliate sets a password (through the invitation).
      password: 'Typed#2026',
      paymentDetails: details,
    })
    expect(body).toEqual({
      name: 'Jane',
      country: 'BR',
      currency: 'BRL',
      paymentDetails: { defaultMethod: 'paypal', paypalId: 'jane', paypalEmail: null },
    })
  })

  it('checks CPF digits and accepts PayPal with its ID or its e-mail, like the server', async () => {
    const { isValidCpf, validatePayment } = await import('../../../plugins/affiliates/admin/affiliates/model')
    expect(isValidCpf('123.456.789-09')).toBe(true)
    expect(isValidCpf('12345678900')).toBe(false)
    expect(isValidCpf('11111111111')).toBe(false)
    const paypalId = validatePayment.paypalId[0]
    expect(paypalId('', { paymentDetails: { paypalEmail: 'jane@paypal.example' } }, {} as never)).toBeUndefined()
    expect(paypalId('', { paymentDetails: {} }, {} as never)).toBe('affiliates.validation.paypal_id_required')
  })

  it('maps every field of an error to its wizard step', () => {
    const firstStepWithError = (errors: Record<string, unknown>) => firstStepOf(errors, stepOfField)
    expect(stepOfField('email')).toBe(0)
    expect(stepOfField('tags.2')).toBe(0)
    expect(stepOfField('paymentDetails.swiftCode')).toBe(1)
    expect(stepOfField('cpf')).toBe(1)
    expect(stepOfField('zipcode')).toBe(2)
    expect(
      firstStepWithError({ root: { serverError: { message: 'x' } }, taxId: { type: 'server', message: 'bad' } })
    ).toBe(2)
    expect(
      firstStepWithError({
        paymentDetails: { cpf: { type: 'server', message: 'bad' } },
        country: { type: 'server', message: 'bad' },
      })
    ).toBe(1)
    expect(firstStepWithError({})).toBeNull()
  })
})

function renderAsAffiliate(ui: ReactElement, dataProvider: ReturnType<typeof testDataProvider>) {
  return renderScreen(ui, {
    identity: { id: 9, fullName: 'Jane Partner', role: 'affiliate' },
    abilities: [],
    enabledPlugins: ['affiliates'],
    dataProvider,
  })
}

describe('Account → Payment info', { timeout: 30_000 }, () => {
  it('explains to a non-affiliate panel that the details are per affiliate, without calling the API', async () => {
    const request = vi.fn()
    renderScreen(<PaymentInfoPanel />, {
      dataProvider: testDataProvider({ request } as never),
      enabledPlugins: ['affiliates'],
    })
    await screen.findByText(/Payment details belong to affiliates/)
    expect(request).not.toHaveBeenCalled()
  })

  it('loads and saves the affiliate’s own payment details, with server errors under the inputs', async () => {
    const request = vi.fn(async (path: string, options: { method?: string; body?: Record<string, unknown> } = {}) => {
      if (path !== '/api/v1/affiliates/me/payment') throw new HttpError('Not found', 404, {})
      if ((options.method ?? 'GET') === 'GET')
        return {
          data: { defaultMethod: 'crypto', cryptoNetwork: 'TRC20', cryptoAddress: 'T-old' },
          headers: new Headers(),
          status: 200,
        }
      if (options.body?.cryptoAddress === 'bad')
        throw new HttpError('Invalid', 422, { errors: { 'paymentDetails.cryptoAddress': 'The address is not valid' } })
      return { data: options.body, headers: new Headers(), status: 200 }
    })
    renderAsAffiliate(<PaymentInfoPanel />, testDataProvider({ request } as never))
    const address = await screen.findByRole('textbox', { name: /^Crypto address/ })
    expect((address as HTMLInputElement).value).toBe('T-old')

    fireEvent.change(address, { target: { value: 'bad' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('The address is not valid')

    fireEvent.change(screen.getByRole('textbox', { name: /^Crypto address/ }), { target: { value: 'T-new' } })
    await waitFor(() => expect(screen.queryByText('The address is not valid')).toBeNull())
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false)
    )
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(request.mock.calls.filter(([, options]) => options?.method === 'PUT')).toHaveLength(2))
    const saved = request.mock.calls.filter(([, options]) => options?.method === 'PUT').at(-1)
    await waitFor(() => expect(screen.queryByText('The address is not valid')).toBeNull())
    expect(saved?.[1]?.body).toEqual({ defaultMethod: 'crypto', cryptoNetwork: 'TRC20', cryptoAddress: 'T-new' })
  })
})
